import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { UploadStatus } from "@atelier/contract";
import { designs } from "./designs.ts";
import { orderComments } from "./messages.ts";
import { cadDesigns } from "./orders.ts";
import { users } from "./users.ts";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/**
 * Every file a user uploaded, with its processing status. A design's reference images are its
 * completed uploads, ordered by `position`.
 */
export const uploads = pgTable(
  "uploads",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** What the file is for: design_image, cad_image, cad_model. */
    kind: text().notNull().default("design_image"),
    designId: uuid("design_id").references(() => designs.id, { onDelete: "cascade" }),
    /** A CAD version's rendering (kind cad_image) or 3D file (kind cad_model). */
    cadDesignId: uuid("cad_design_id").references(() => cadDesigns.id, { onDelete: "cascade" }),
    /** A message's attachment (kind message_attachment). */
    messageId: uuid("message_id").references(() => orderComments.id, { onDelete: "cascade" }),
    /** The name the file had on the user's device (shown, never used as a path). */
    fileName: text("file_name").notNull(),
    /** Bytes as uploaded. */
    size: integer().notNull(),
    /** The type recognised from the content, not the one the browser declared. */
    contentType: text("content_type").notNull(),
    status: text().$type<UploadStatus>().notNull().default("pending"),
    /** Why processing failed, for the logs and support (never shown raw). */
    error: text().notNull().default(""),
    storageKey: text("storage_key"),
    thumbnailKey: text("thumbnail_key"),
    previewKey: text("preview_key"),
    width: integer(),
    height: integer(),
    position: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("uploads_user_created_idx").on(t.userId, t.createdAt.desc(), t.id.desc()),
    index("uploads_design_idx").on(t.designId, t.position),
    index("uploads_cad_design_idx")
      .on(t.cadDesignId, t.position)
      .where(sql`${t.cadDesignId} is not null`),
    index("uploads_message_idx")
      .on(t.messageId, t.position)
      .where(sql`${t.messageId} is not null`),
    index("uploads_storage_key_idx")
      .on(t.storageKey)
      .where(sql`${t.storageKey} is not null`),
  ],
);
