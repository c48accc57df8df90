import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { LeadSource } from "@atelier/contract";
import { users } from "./users.ts";

/** Contact and landing-page enquiries, kept for staff and e-mailed to the business. */
export const leads = pgTable(
  "leads",
  {
    id: uuid().primaryKey().defaultRandom(),
    source: text().$type<LeadSource>().notNull(),
    name: text().notNull(),
    email: text().notNull(),
    phone: text().notNull().default(""),
    designIdea: text("design_idea").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set by staff once someone has answered. */
    handledAt: timestamp("handled_at", { withTimezone: true }),
    handledBy: uuid("handled_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [index("leads_created_idx").on(t.createdAt)],
);
