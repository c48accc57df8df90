import { index, integer, numeric, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { Currency, DesignStatus, DesignType } from "@atelier/contract";
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
  (t) => [
    index("designs_user_created_idx").on(t.userId, t.createdAt.desc(), t.id.desc()),
    // Staff search reads its window of the newest designs in this order (modules/search).
    index("designs_created_idx").on(t.createdAt.desc(), t.id.desc()),
  ],
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
