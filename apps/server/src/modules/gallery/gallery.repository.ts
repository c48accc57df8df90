import { asc, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { galleryPosts } from "../../db/schema/index.ts";

export type GalleryPostRow = typeof galleryPosts.$inferSelect;
export type NewGalleryPost = typeof galleryPosts.$inferInsert;

export function listPublishedPosts(db: Db): Promise<GalleryPostRow[]> {
  return db
    .select()
    .from(galleryPosts)
    .where(eq(galleryPosts.published, true))
    .orderBy(asc(galleryPosts.position), desc(galleryPosts.date), asc(galleryPosts.id));
}

/** Every post, published or hidden. */
export async function countPosts(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(galleryPosts);
  return row?.n ?? 0;
}

export async function insertPosts(db: Db, values: NewGalleryPost[]): Promise<void> {
  if (values.length) await db.insert(galleryPosts).values(values);
}
