import { asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { galleryPosts } from "../../db/schema/index.ts";

export type GalleryPostRow = typeof galleryPosts.$inferSelect;
export type NewGalleryPost = typeof galleryPosts.$inferInsert;

/** The public order: position, then the newest piece first. */
const publicOrder = [asc(galleryPosts.position), desc(galleryPosts.date), asc(galleryPosts.id)];

export function listPublishedPosts(db: Db): Promise<GalleryPostRow[]> {
  return db
    .select()
    .from(galleryPosts)
    .where(eq(galleryPosts.published, true))
    .orderBy(...publicOrder);
}

/** Every post, hidden ones too, in the public order; `forUpdate` locks them for the caller's transaction. */
export function listAllPosts(db: Db, forUpdate = false): Promise<GalleryPostRow[]> {
  const q = db
    .select()
    .from(galleryPosts)
    .orderBy(...publicOrder);
  return forUpdate ? q.for("update") : q;
}

/** Every post, published or hidden. */
export async function countPosts(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(galleryPosts);
  return row?.n ?? 0;
}

export async function insertPosts(db: Db, values: NewGalleryPost[]): Promise<void> {
  if (values.length) await db.insert(galleryPosts).values(values);
}

export async function insertPost(db: Db, values: NewGalleryPost): Promise<GalleryPostRow> {
  const [row] = await db.insert(galleryPosts).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

/** The lowest position in use (a new post goes before it); null for an empty gallery. */
export async function firstPosition(db: Db): Promise<number | null> {
  const [row] = await db.select({ p: sql<number | null>`min(${galleryPosts.position})::int` }).from(galleryPosts);
  return row?.p ?? null;
}

export async function findPostForUpdate(db: Db, id: string): Promise<GalleryPostRow | undefined> {
  const [row] = await db.select().from(galleryPosts).where(eq(galleryPosts.id, id)).limit(1).for("update");
  return row;
}

export async function updatePost(db: Db, id: string, values: Partial<NewGalleryPost>): Promise<GalleryPostRow> {
  const [row] = await db.update(galleryPosts).set(values).where(eq(galleryPosts.id, id)).returning();
  if (!row) throw new Error("update returned no row");
  return row;
}

export async function deletePost(db: Db, id: string): Promise<void> {
  await db.delete(galleryPosts).where(eq(galleryPosts.id, id));
}

/** Sets each listed post's position to its index. */
export async function setPositions(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const cases = sql.join(
    ids.map((id, i) => sql`when ${id}::uuid then ${i}::int`),
    sql` `,
  );
  await db
    .update(galleryPosts)
    .set({ position: sql`case ${galleryPosts.id} ${cases} end` })
    .where(inArray(galleryPosts.id, ids));
}
