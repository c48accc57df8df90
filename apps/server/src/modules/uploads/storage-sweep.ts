import type { Db } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import type { Storage } from "../../lib/storage.ts";
import { deleteQuietly } from "../../lib/storage.ts";
import { failAbandonedUploads, listStorageReferences } from "./uploads.repository.ts";

export interface SweepStorageDeps {
  db: Db;
  storage: Storage;
  clock: Clock;
  logger: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** Unreferenced objects younger than this are left alone: a request may be storing them right now (1 hour). */
  minAgeMs?: number;
}

export interface SweepStorageResult {
  /** Objects in the store. */
  listed: number;
  /** Uploads a request left pending or processing for over an hour (it died): now failed, their files removed. */
  abandoned: number;
  /** Keys of the unreferenced objects removed. */
  removed: string[];
  /** Completed uploads whose file (or one of its previews) is not in the store. */
  missing: { uploadId: string; key: string }[];
}

export const STORAGE_SWEEP_MIN_AGE_MS = 60 * 60 * 1000;

/**
 * No orphans: removes stored objects that no upload row references and that are older than an
 * hour (a request that died between storing its file and its row, a deletion that happened while
 * the store was down), and logs completed uploads whose file is missing. Run at start and daily;
 * safe to run on several instances at once, and on its own as a scheduled job.
 */
export async function sweepStorage(deps: SweepStorageDeps): Promise<SweepStorageResult> {
  const { db, storage, clock, logger } = deps;
  const cutoff = clock.now().getTime() - (deps.minAgeMs ?? STORAGE_SWEEP_MIN_AGE_MS);
  // An instance killed mid-upload leaves rows in "processing": whichever instance sweeps fails them and removes their files.
  const abandoned = await failAbandonedUploads(db, new Date(cutoff), clock.now());
  await deleteQuietly(storage, abandoned.flatMap((r) => [r.storageKey, r.thumbnailKey, r.previewKey].filter((k): k is string => Boolean(k))));
  // Writes the local driver never finished (a crash mid-write); S3 shows no such thing.
  const partial = (await storage.removeStalePartialWrites?.(new Date(cutoff))) ?? 0;
  // Rows first: an object stored after this read is younger than the cutoff, so it is never taken for an orphan.
  const rows = await listStorageReferences(db);
  const referenced = new Set<string>();
  for (const r of rows) for (const k of [r.storageKey, r.thumbnailKey, r.previewKey]) if (k) referenced.add(k);

  const present = new Set<string>();
  const removed: string[] = [];
  let listed = 0;
  for await (const object of storage.list()) {
    listed += 1;
    present.add(object.key);
    if (referenced.has(object.key) || object.lastModified.getTime() >= cutoff) continue;
    await storage.delete(object.key);
    removed.push(object.key);
  }

  const missing: SweepStorageResult["missing"] = [];
  for (const r of rows) {
    if (r.status !== "completed") continue;
    for (const key of [r.storageKey, r.thumbnailKey, r.previewKey]) if (key && !present.has(key)) missing.push({ uploadId: r.id, key });
  }
  if (abandoned.length > 0) logger.info({ abandoned: abandoned.length }, "storage sweep failed uploads a request left unfinished");
  if (partial > 0) logger.info({ partial }, "storage sweep removed unfinished writes");
  if (removed.length > 0) logger.info({ removed: removed.length, keys: removed.slice(0, 20) }, "storage sweep removed files no upload refers to");
  if (missing.length > 0) logger.warn({ missing: missing.length, files: missing.slice(0, 50) }, "storage sweep: uploads whose stored file is missing");
  return { listed, abandoned: abandoned.length, removed, missing };
}
