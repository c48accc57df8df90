import { and, asc, count, eq, inArray, lt, sql } from "drizzle-orm";
import { isAnyOf, preparedPerDb } from "../../db/query-helpers.ts";
import type { UploadStatus } from "@atelier/contract";
import type { Db } from "../../db/client.ts";
import { designs, orders, uploads } from "../../db/schema/index.ts";

export type UploadRow = typeof uploads.$inferSelect;
export type NewUpload = typeof uploads.$inferInsert;

export async function insertUploads(db: Db, values: NewUpload[]): Promise<UploadRow[]> {
  if (values.length === 0) return [];
  return db.insert(uploads).values(values).returning();
}

export async function setUploadStatus(db: Db, id: string, status: UploadStatus, at: Date, error = ""): Promise<void> {
  await db.update(uploads).set({ status, error, updatedAt: at }).where(eq(uploads.id, id));
}

export async function setUploadFiles(
  db: Db,
  id: string,
  files: { storageKey: string; thumbnailKey: string; previewKey: string; width: number; height: number },
  at: Date,
): Promise<void> {
  await db
    .update(uploads)
    .set({ ...files, updatedAt: at })
    .where(eq(uploads.id, id));
}

/**
 * Marks processed uploads completed and attaches them to a design, in the given order from
 * `firstPosition`. Returns how many rows it found (fewer when one was deleted meanwhile).
 */
export async function attachUploads(db: Db, ids: string[], designId: string, firstPosition: number, at: Date): Promise<number> {
  let attached = 0;
  for (const [i, id] of ids.entries()) {
    const rows = await db
      .update(uploads)
      .set({ status: "completed", designId, position: firstPosition + i, updatedAt: at })
      .where(and(eq(uploads.id, id), eq(uploads.status, "processing")))
      .returning({ id: uploads.id });
    attached += rows.length;
  }
  return attached;
}

/** Marks processed uploads completed and attaches them to a CAD version, in order. */
export async function attachCadUploads(db: Db, ids: string[], cadDesignId: string, at: Date): Promise<number> {
  let attached = 0;
  for (const [i, id] of ids.entries()) {
    const rows = await db
      .update(uploads)
      .set({ status: "completed", cadDesignId, position: i, updatedAt: at })
      .where(and(eq(uploads.id, id), eq(uploads.status, "processing")))
      .returning({ id: uploads.id });
    attached += rows.length;
  }
  return attached;
}

/** Marks processed uploads completed and attaches them to a message, in order. */
export async function attachMessageUploads(db: Db, ids: string[], messageId: string, at: Date): Promise<number> {
  let attached = 0;
  for (const [i, id] of ids.entries()) {
    const rows = await db
      .update(uploads)
      .set({ status: "completed", messageId, position: i, updatedAt: at })
      .where(and(eq(uploads.id, id), eq(uploads.status, "processing")))
      .returning({ id: uploads.id });
    attached += rows.length;
  }
  return attached;
}

/** Completed attachments of these messages, in order. */
export function listMessageFiles(db: Db, messageIds: string[]): Promise<UploadRow[]> {
  if (messageIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(uploads)
    .where(and(inArray(uploads.messageId, messageIds), eq(uploads.status, "completed")))
    .orderBy(asc(uploads.position), asc(uploads.createdAt));
}

/** Completed files of these CAD versions (renderings and 3D files), in order. */
export function listCadFiles(db: Db, cadIds: string[]): Promise<UploadRow[]> {
  if (cadIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(uploads)
    .where(and(inArray(uploads.cadDesignId, cadIds), eq(uploads.status, "completed")))
    .orderBy(asc(uploads.position), asc(uploads.createdAt));
}

/** Marks processed uploads that belong to no design or CAD version (gallery photographs) completed. */
export async function completeUploads(db: Db, ids: string[], at: Date): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .update(uploads)
    .set({ status: "completed", updatedAt: at })
    .where(and(inArray(uploads.id, ids), eq(uploads.status, "processing")))
    .returning({ id: uploads.id });
  return rows.length;
}

export function findUploads(db: Db, ids: string[]): Promise<UploadRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select().from(uploads).where(inArray(uploads.id, ids));
}

export async function deleteUploads(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(uploads).where(inArray(uploads.id, ids));
}

export function findUpload(db: Db, id: string, forUpdate = false) {
  const q = db.select().from(uploads).where(eq(uploads.id, id)).limit(1);
  return (forUpdate ? q.for("update") : q).then((rows) => rows[0]);
}

/** Completed uploads of these designs (their reference images), in display order. */
export function listDesignImages(db: Db, designIds: string[]): Promise<UploadRow[]> {
  if (designIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(uploads)
    .where(and(inArray(uploads.designId, designIds), eq(uploads.status, "completed")))
    .orderBy(asc(uploads.designId), asc(uploads.position), asc(uploads.createdAt));
}

const imageFilesOfDesigns = preparedPerDb((db) =>
  db
    .select({
      id: uploads.id,
      designId: uploads.designId,
      status: uploads.status,
      storageKey: uploads.storageKey,
      thumbnailKey: uploads.thumbnailKey,
      previewKey: uploads.previewKey,
      width: uploads.width,
      height: uploads.height,
    })
    .from(uploads)
    .where(and(isAnyOf(uploads.designId, "ids"), eq(uploads.status, "completed")))
    .orderBy(asc(uploads.designId), asc(uploads.position), asc(uploads.createdAt))
    .prepare("image_files_of_designs"),
);

/** What showing designs' completed images needs (their signed URLs and size), in display order. */
export async function listDesignImageFiles(db: Db, designIds: string[]) {
  return designIds.length === 0 ? [] : imageFilesOfDesigns(db).execute({ ids: designIds });
}

/** Every upload row of a design, whatever its status (for deleting its files). */
export function listUploadsOfDesign(db: Db, designId: string): Promise<UploadRow[]> {
  return db.select().from(uploads).where(eq(uploads.designId, designId));
}

export async function countUserUploads(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(uploads).where(eq(uploads.userId, userId));
  return row?.n ?? 0;
}

export function listUserUploads(db: Db, userId: string, limit: number, offset: number) {
  return db
    .select({ upload: uploads, designName: designs.name, orderStatus: orders.status })
    .from(uploads)
    .leftJoin(designs, eq(designs.id, uploads.designId))
    .leftJoin(orders, eq(orders.designId, uploads.designId))
    .where(eq(uploads.userId, userId))
    .orderBy(sql`${uploads.createdAt} desc nulls last`, sql`${uploads.id} desc nulls last`)
    .limit(limit)
    .offset(offset);
}

/** The upload whose original is stored under this key. */
export function findUploadByStorageKey(db: Db, key: string) {
  return db
    .select()
    .from(uploads)
    .where(eq(uploads.storageKey, key))
    .limit(1)
    .then((rows) => rows[0]);
}

/** Uploads left pending or processing by a request that never finished (a crash or a restart). */
export async function failAbandonedUploads(db: Db, before: Date, at: Date): Promise<UploadRow[]> {
  return db
    .update(uploads)
    .set({ status: "failed", error: "The upload was interrupted.", updatedAt: at })
    .where(and(inArray(uploads.status, ["pending", "processing"]), lt(uploads.updatedAt, before)))
    .returning();
}

/** Every upload's stored keys and status (for the storage sweep). */
export function listStorageReferences(db: Db) {
  return db
    .select({ id: uploads.id, status: uploads.status, storageKey: uploads.storageKey, thumbnailKey: uploads.thumbnailKey, previewKey: uploads.previewKey })
    .from(uploads);
}
