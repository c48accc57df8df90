import type { Db } from "../../db/client.ts";
import { leads } from "../../db/schema/index.ts";

export type LeadRow = typeof leads.$inferSelect;
export type NewLead = typeof leads.$inferInsert;

export async function insertLead(db: Db, values: NewLead): Promise<LeadRow> {
  const [row] = await db.insert(leads).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}
