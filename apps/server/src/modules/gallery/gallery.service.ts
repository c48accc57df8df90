import type { GalleryPost } from "@atelier/contract";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import * as repo from "./gallery.repository.ts";
import type { GalleryPostRow } from "./gallery.repository.ts";
import { GALLERY_SEED } from "./gallery.seed.ts";

/** Any constant works; it only has to be the same for every instance of this app. */
const GALLERY_SEED_LOCK_ID = 727_101;

export function toGalleryPostResponse(row: GalleryPostRow): GalleryPost {
  return { id: row.id, image: row.image, customer_name: row.customerName, customer_quote: row.customerQuote, date: row.date };
}

export function createGalleryService(deps: { db: Db }) {
  const { db } = deps;
  return {
    async listPublished(): Promise<GalleryPost[]> {
      return (await repo.listPublishedPosts(db)).map(toGalleryPostResponse);
    },

    /**
     * Fills an empty gallery with the house pieces, once. The advisory lock makes a second
     * instance starting at the same moment wait and then find the rows already there.
     * Returns how many posts were written.
     */
    async seedIfEmpty(): Promise<number> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${GALLERY_SEED_LOCK_ID})`);
        if ((await repo.countPosts(tx)) > 0) return 0;
        await repo.insertPosts(
          tx,
          GALLERY_SEED.map((p, position) => ({
            image: p.image,
            customerName: p.customerName,
            customerQuote: p.customerQuote,
            date: p.date,
            position,
          })),
        );
        return GALLERY_SEED.length;
      });
    },
  };
}
export type GalleryService = ReturnType<typeof createGalleryService>;
