import { sql } from "drizzle-orm";
import { index, integer, numeric, pgTable, text, timestamp, uuid, type AnyPgColumn } from "drizzle-orm/pg-core";
import type { Currency, DesignStatus, DesignType, UploadStatus } from "@atelier/contract";
import { cadDesigns } from "./orders.ts";
import { users } from "./users.ts";

const amount = (name: string) => numeric(name, { precision: 12, scale: 2, mode: "number" });
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/** A customer's design: from the custom form (`source` custom) or a saved product link (`source` link). */
export const designs = pgTable(
  "designs",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text().notNull(),
    designType: text("design_type").$type<DesignType>().notNull().default("other"),
    description: text().notNull().default(""),
    inspirationLink: text("inspiration_link").notNull().default(""),
    metalType: text("metal_type").notNull().default(""),
    metalColor: text("metal_color").notNull().default(""),
    purity: text().notNull().default(""),
    /** The metal as text, as a saved product link gave it ("18K Rose Gold"). */
    metal: text().notNull().default(""),
    weight: amount("weight"),
    weightUnit: text("weight_unit").notNull().default("g"),
    style: text().notNull().default(""),
    settingType: text("setting_type").notNull().default(""),
    bandWidth: amount("band_width"),
    designFeatures: text("design_features").notNull().default(""),
    /** The stones as text, as a saved product link gave them. */
    stonesText: text("stones_text").notNull().default(""),
    length: amount("length"),
    width: amount("width"),
    height: amount("height"),
    size: text().notNull().default(""),
    ringSize: text("ring_size").notNull().default(""),
    chainLength: text("chain_length").notNull().default(""),
    budget: amount("budget"),
    budgetRange: text("budget_range").notNull().default(""),
    currency: text().$type<Currency>().notNull().default("INR"),
    specialRequests: text("special_requests").notNull().default(""),
    status: text().$type<DesignStatus>().notNull().default("pending"),
    source: text().$type<"custom" | "link">().notNull().default("custom"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // "My Designs" reads one user's newest rows: this index keeps it independent of the table's size.
  (t) => [index("designs_user_created_idx").on(t.userId, t.createdAt.desc(), t.id.desc())],
);

export const designStones = pgTable(
  "design_stones",
  {
    id: uuid().primaryKey().defaultRandom(),
    designId: uuid("design_id")
      .notNull()
      .references(() => designs.id, { onDelete: "cascade" }),
    /** Order of the stone in the form. */
    ordinal: integer().notNull(),
    stoneType: text("stone_type").notNull().default(""),
    stoneCut: text("stone_cut").notNull().default("NA"),
    stoneCarat: amount("stone_carat"),
    stoneColor: text("stone_color").notNull().default(""),
    stoneClarity: text("stone_clarity").notNull().default(""),
    position: text().notNull().default(""),
    quantity: integer().notNull().default(1),
  },
  (t) => [index("design_stones_design_idx").on(t.designId, t.ordinal)],
);

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
    cadDesignId: uuid("cad_design_id").references((): AnyPgColumn => cadDesigns.id, { onDelete: "cascade" }),
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
    index("uploads_cad_design_idx").on(t.cadDesignId, t.position).where(sql`${t.cadDesignId} is not null`),
    index("uploads_storage_key_idx").on(t.storageKey).where(sql`${t.storageKey} is not null`),
  ],
);
