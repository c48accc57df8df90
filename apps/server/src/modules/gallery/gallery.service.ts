import type { GalleryPost, StaffGalleryPost } from "@atelier/contract";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import type { Actor } from "../../lib/access.ts";
import { NotFoundError, ValidationError } from "../../lib/errors.ts";
import { changedFields, type AuditService } from "../audit/audit.service.ts";
import type { StagedImage } from "../uploads/multipart.ts";
import type { IngestedBatch, UploadsService } from "../uploads/uploads.service.ts";
import * as repo from "./gallery.repository.ts";
import type { GalleryPostRow } from "./gallery.repository.ts";
import { GALLERY_SEED } from "./gallery.seed.ts";

/**
 * Serialises the gallery's structural writes (seeding, creating, deleting, reordering): the
 * seed of a second instance, or a reorder racing a new post, waits and then sees the result.
 * Any constant works; it only has to be the same for every instance of this app.
 */
const GALLERY_LOCK_ID = 727_101;

/**
 * `image` holds a public path for the project's own pictures (/images/gallery/...), or
 * `upload:<id>` for a photograph staff uploaded: it is stored, re-encoded and served like every
 * other uploaded image, by a signed URL minted when the post is read.
 */
const UPLOAD_REF = "upload:";
const uploadIdOf = (image: string): string | null => (image.startsWith(UPLOAD_REF) ? image.slice(UPLOAD_REF.length) : null);

export interface GalleryFields {
  customer_name: string;
  customer_quote: string;
  date: string;
  published: boolean;
}

export interface GalleryServiceDeps {
  db: Db;
  uploads: UploadsService;
  audit: AuditService;
}

const labelOf = (row: Pick<GalleryPostRow, "customerName" | "date">) => `${row.customerName} (${row.date})`;
const auditedFields = (row: GalleryPostRow) => ({
  customer_name: row.customerName,
  customer_quote: row.customerQuote,
  date: row.date,
  published: row.published,
  image: row.image,
});

export function createGalleryService(deps: GalleryServiceDeps) {
  const { db, uploads, audit } = deps;
  const lock = (tx: Db) => tx.execute(sql`select pg_advisory_xact_lock(${GALLERY_LOCK_ID})`);

  /** Rows as the staff console sees them, each image resolved to a URL a plain <img> can use. */
  async function toStaffPosts(from: Db, rows: GalleryPostRow[]): Promise<StaffGalleryPost[]> {
    const ids = rows.map((r) => uploadIdOf(r.image)).filter((id): id is string => id !== null);
    const urls = await uploads.imageUrlsById(from, ids);
    return rows.map((row) => {
      const uploadId = uploadIdOf(row.image);
      return {
        id: row.id,
        image: uploadId === null ? row.image : (urls.get(uploadId)?.preview ?? ""),
        customer_name: row.customerName,
        customer_quote: row.customerQuote,
        date: row.date,
        position: row.position,
        published: row.published,
        created_at: row.createdAt.toISOString(),
      };
    });
  }

  const one = async (from: Db, row: GalleryPostRow) => (await toStaffPosts(from, [row]))[0]!;

  /** Stores a photograph as an upload of `actor`'s; its errors are the `image` field's. */
  async function ingest(actor: Actor, image: StagedImage): Promise<IngestedBatch> {
    try {
      return await uploads.ingestImages(actor.id, [image], "gallery");
    } catch (err) {
      if (err instanceof ValidationError) throw new ValidationError({ image: Object.values(err.fields).flat() });
      throw err;
    }
  }

  return {
    async listPublished(): Promise<GalleryPost[]> {
      const posts = await toStaffPosts(db, await repo.listPublishedPosts(db));
      // A photograph whose upload is gone (its uploader's account was deleted) is not shown as a broken image.
      return posts
        .filter((p) => p.image !== "")
        .map(({ id, image, customer_name, customer_quote, date }) => ({ id, image, customer_name, customer_quote, date }));
    },

    /** Every post, hidden ones too, in the public order. */
    async listAll(): Promise<StaffGalleryPost[]> {
      return toStaffPosts(db, await repo.listAllPosts(db));
    },

    /** A new post, first in the gallery. Nothing is left behind if it fails: the stored photograph goes too. */
    async create(actor: Actor, fields: GalleryFields, image: StagedImage): Promise<StaffGalleryPost> {
      const batch = await ingest(actor, image);
      const uploadId = batch.uploadIds[0]!;
      try {
        return await db.transaction(async (tx) => {
          await lock(tx);
          const first = await repo.firstPosition(tx);
          const row = await repo.insertPost(tx, {
            image: `${UPLOAD_REF}${uploadId}`,
            customerName: fields.customer_name,
            customerQuote: fields.customer_quote,
            date: fields.date,
            published: fields.published,
            position: first === null ? 0 : first - 1,
          });
          if ((await uploads.completeStandalone(tx, [uploadId])) !== 1)
            throw new Error("the gallery photograph vanished while it was saved");
          await audit.record(tx, {
            actor,
            action: "gallery.changed",
            targetType: "gallery_post",
            targetId: row.id,
            targetLabel: labelOf(row),
            before: null,
            after: auditedFields(row),
          });
          return one(tx, row);
        });
      } catch (err) {
        await batch.discard();
        throw err;
      }
    },

    /** Changes some fields and/or the photograph; a replaced photograph's files go once the change is committed. */
    async update(actor: Actor, id: string, fields: Partial<GalleryFields>, image: StagedImage | null): Promise<StaffGalleryPost> {
      const batch = image ? await ingest(actor, image) : null;
      let removeOld: (() => Promise<void>) | null = null;
      try {
        const post = await db.transaction(async (tx) => {
          const found = await repo.findPostForUpdate(tx, id);
          if (!found) throw new NotFoundError();
          const values: Partial<repo.NewGalleryPost> = {
            ...(fields.customer_name !== undefined && { customerName: fields.customer_name }),
            ...(fields.customer_quote !== undefined && { customerQuote: fields.customer_quote }),
            ...(fields.date !== undefined && { date: fields.date }),
            ...(fields.published !== undefined && { published: fields.published }),
          };
          if (batch) {
            const uploadId = batch.uploadIds[0]!;
            if ((await uploads.completeStandalone(tx, [uploadId])) !== 1)
              throw new Error("the gallery photograph vanished while it was saved");
            values.image = `${UPLOAD_REF}${uploadId}`;
            const oldUpload = uploadIdOf(found.image);
            if (oldUpload) removeOld = await uploads.removeStandalone(tx, [oldUpload]);
          }
          const row = Object.keys(values).length > 0 ? await repo.updatePost(tx, id, values) : found;
          const change = changedFields(auditedFields(found), auditedFields(row));
          if (Object.keys(change.after).length > 0) {
            await audit.record(tx, {
              actor,
              action: "gallery.changed",
              targetType: "gallery_post",
              targetId: id,
              targetLabel: labelOf(row),
              ...change,
            });
          }
          return one(tx, row);
        });
        // Type narrowing does not follow the assignment inside the callback.
        await (removeOld as (() => Promise<void>) | null)?.();
        return post;
      } catch (err) {
        await batch?.discard();
        throw err;
      }
    },

    /** Deletes a post; its uploaded photograph's files go once the deletion is committed. */
    async remove(actor: Actor, id: string): Promise<void> {
      const removeFiles = await db.transaction(async (tx) => {
        await lock(tx);
        const found = await repo.findPostForUpdate(tx, id);
        if (!found) throw new NotFoundError();
        await repo.deletePost(tx, id);
        const uploadId = uploadIdOf(found.image);
        const remove = uploadId ? await uploads.removeStandalone(tx, [uploadId]) : null;
        await audit.record(tx, {
          actor,
          action: "gallery.changed",
          targetType: "gallery_post",
          targetId: id,
          targetLabel: labelOf(found),
          before: auditedFields(found),
          after: null,
        });
        return remove;
      });
      await removeFiles?.();
    },

    /** Puts every post in the given order; `ids` must name each existing post exactly once. */
    async reorder(actor: Actor, ids: string[]): Promise<StaffGalleryPost[]> {
      return db.transaction(async (tx) => {
        await lock(tx);
        const rows = await repo.listAllPosts(tx, true);
        const wanted = ids.map((id) => id.toLowerCase());
        const existing = new Set(rows.map((r) => r.id));
        if (new Set(wanted).size !== wanted.length) throw new ValidationError({ ids: ["List each post once."] });
        if (wanted.some((id) => !existing.has(id))) throw new ValidationError({ ids: ["Unknown post: reload the gallery and try again."] });
        if (wanted.length !== rows.length) {
          throw new ValidationError({
            ids: [`List every post of the gallery: it has ${rows.length}, the new order names ${wanted.length}.`],
          });
        }
        const before = rows.map((r) => r.id);
        const unchanged = before.every((id, i) => id === wanted[i]) && rows.every((r, i) => r.position === i);
        if (!unchanged) {
          await repo.setPositions(tx, wanted);
          const byId = new Map(rows.map((r) => [r.id, r]));
          const labels = (list: string[]) => list.map((id) => labelOf(byId.get(id)!));
          if (before.some((id, i) => id !== wanted[i])) {
            await audit.record(tx, {
              actor,
              action: "gallery.changed",
              targetType: "gallery",
              targetId: "order",
              targetLabel: "Gallery order",
              before: { order: labels(before) },
              after: { order: labels(wanted) },
            });
          }
        }
        return toStaffPosts(tx, await repo.listAllPosts(tx));
      });
    },

    /**
     * Fills an empty gallery with the house pieces, once. The advisory lock makes a second
     * instance starting at the same moment wait and then find the rows already there.
     * Returns how many posts were written.
     */
    async seedIfEmpty(): Promise<number> {
      return db.transaction(async (tx) => {
        await lock(tx);
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
