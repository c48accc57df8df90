import { boolean, date, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** Customer pieces with their words (GET /api/social-proof/); staff manage them later. */
export const galleryPosts = pgTable(
  "gallery_posts",
  {
    id: uuid().primaryKey().defaultRandom(),
    /** A public URL: one of the project's own images (/images/gallery/...) or an uploaded file's URL. */
    image: text().notNull(),
    customerName: text("customer_name").notNull(),
    customerQuote: text("customer_quote").notNull(),
    /** The day the piece was delivered. */
    date: date({ mode: "string" }).notNull(),
    /** Lower comes first; ties are broken by date, newest first. */
    position: integer().notNull().default(0),
    /** Hidden posts stay in the table (so an emptied gallery is never mistaken for a new install). */
    published: boolean().notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("gallery_posts_published_idx").on(t.published, t.position)],
);
