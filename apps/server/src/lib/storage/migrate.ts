import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import { GetObjectCommand, HeadBucketCommand, HeadObjectCommand, PutObjectCommand } from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { createLocalStorage } from "../storage.ts";
import type { S3Storage } from "./s3.ts";

export interface MigrateResult {
  /** Files copied (and verified) by this run. */
  copied: number;
  /** Files already in the bucket with the same bytes (copied by an earlier run). */
  alreadyThere: number;
  failed: { key: string; reason: string }[];
  /** Bytes copied by this run. */
  bytes: number;
}

export class BucketUnreachableError extends Error {}

/** Files this size or larger go up in parts (streamed); smaller ones in one request with Content-MD5. */
const MULTIPART_FROM = 16 * 1024 * 1024;

interface Digests {
  md5: string;
  sha256: string;
}

async function digestsOf(stream: Readable): Promise<Digests & { size: number }> {
  const md5 = crypto.createHash("md5");
  const sha256 = crypto.createHash("sha256");
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    md5.update(chunk);
    sha256.update(chunk);
    size += chunk.length;
  }
  return { md5: md5.digest("hex"), sha256: sha256.digest("hex"), size };
}

/**
 * `npm run admin -- storage migrate`: copies every file under the local root into the bucket,
 * under the same key. Idempotent and resumable: a file already in the bucket with the same size
 * and checksum is skipped, so a run that was interrupted (S3 shows an object only once it is
 * complete) is finished by running it again. Each copy is verified: the bucket's ETag against the
 * file's MD5 where it is one, else the object is read back and its SHA-256 compared. A copy that
 * does not verify is removed and reported. Local files are left in place.
 */
export async function migrateLocalToS3(
  root: string,
  target: S3Storage,
  progress?: (line: string) => void,
  options: { multipartFrom?: number } = {},
): Promise<MigrateResult> {
  const multipartFrom = options.multipartFrom ?? MULTIPART_FROM;
  const { client, bucket } = target;
  try {
    await client.send(new HeadBucketCommand({ Bucket: bucket }));
  } catch (err) {
    throw new BucketUnreachableError(`The bucket ${bucket} cannot be reached (${describe(err)}). Nothing was copied.`);
  }
  const local = createLocalStorage(root);
  const result: MigrateResult = { copied: 0, alreadyThere: 0, failed: [], bytes: 0 };

  /** The object's bytes are the file's: its ETag is the file's MD5, or the SHA-256 we recorded (or read back) matches. */
  async function matches(key: string, file: Digests & { size: number }, readBack: boolean): Promise<boolean> {
    let head;
    try {
      head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    } catch (err) {
      if ((err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return false;
      throw err;
    }
    if (head.ContentLength !== file.size) return false;
    const etag = (head.ETag ?? "").replace(/"/g, "");
    if (/^[0-9a-f]{32}$/.test(etag) && etag === file.md5) return true;
    if (!readBack && head.Metadata?.sha256 === file.sha256) return true;
    // A multipart (or encrypted) object's ETag is not an MD5: read it back.
    const body = (await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }))).Body as Readable;
    return (await digestsOf(body)).sha256 === file.sha256;
  }

  for await (const object of local.list()) {
    const key = object.key;
    const full = path.join(root, ...key.split("/"));
    try {
      const file = await digestsOf(fs.createReadStream(full));
      if (await matches(key, file, false)) {
        result.alreadyThere += 1;
        continue;
      }
      const metadata = { sha256: file.sha256 };
      if (file.size < multipartFrom) {
        await client.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: key,
            Body: fs.createReadStream(full),
            ContentLength: file.size,
            ContentMD5: Buffer.from(file.md5, "hex").toString("base64"),
            Metadata: metadata,
          }),
        );
      } else {
        await new Upload({ client, params: { Bucket: bucket, Key: key, Body: fs.createReadStream(full), Metadata: metadata }, partSize: Math.max(5 * 1024 * 1024, Math.min(8 * 1024 * 1024, multipartFrom)), queueSize: 2 }).done();
      }
      if (!(await matches(key, file, true))) {
        await target.delete(key).catch(() => undefined);
        throw new Error("the copy in the bucket does not match the file (checksum); it was removed");
      }
      result.copied += 1;
      result.bytes += file.size;
      progress?.(`copied ${key} (${file.size} bytes)`);
    } catch (err) {
      result.failed.push({ key, reason: describe(err) });
      progress?.(`FAILED ${key}: ${describe(err)}`);
    }
  }
  return result;
}

function describe(err: unknown): string {
  const e = err as { name?: string; code?: string; message?: string };
  return [e.code ?? e.name, e.message].filter(Boolean).join(": ") || String(err);
}

/** The closing line: how many files were copied, were already there, failed. */
export function migrateSummary(r: MigrateResult, bucket: string): string {
  const mb = (r.bytes / 1024 / 1024).toFixed(1);
  return `Copied ${r.copied} file${r.copied === 1 ? "" : "s"} (${mb} MB) into bucket ${bucket}; ${r.alreadyThere} already there and verified; ${r.failed.length} failed.`;
}
