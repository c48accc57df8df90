import { and, count, eq, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import type { Role } from "@atelier/contract";
import type { Db } from "../../db/client.ts";
import { likePattern, newestFirst } from "../../db/query-helpers.ts";
import { leads, users } from "../../db/schema/index.ts";

export type LeadRow = typeof leads.$inferSelect;
export type NewLead = typeof leads.$inferInsert;

export async function insertLead(db: Db, values: NewLead): Promise<LeadRow> {
  const [row] = await db.insert(leads).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export interface LeadFilter {
  search?: string | undefined;
  state: "open" | "handled" | "all";
}

function where(filter: LeadFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.state === "open") conditions.push(isNull(leads.handledAt));
  if (filter.state === "handled") conditions.push(isNotNull(leads.handledAt));
  if (filter.search) {
    const pattern = likePattern(filter.search);
    // The matching ids first, through the trigram indexes (migration 0013), before the newest-first sort.
    conditions.push(sql`${leads.id} = any(array(
      select l.id from ${leads} l
      where l.name ilike ${pattern} or l.email ilike ${pattern} or l.phone ilike ${pattern} or l.design_idea ilike ${pattern}))`);
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

export async function countLeads(db: Db, filter: LeadFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(leads).where(where(filter));
  return row?.n ?? 0;
}

const handler = { firstName: users.firstName, lastName: users.lastName, email: users.email, role: users.role };
export type LeadHandler = { firstName: string; lastName: string; email: string; role: Role } | null;

/** Newest first (the created_at index), with who marked each handled. */
export function listLeads(db: Db, filter: LeadFilter, limit: number, offset: number) {
  return db
    .select({ lead: leads, handler })
    .from(leads)
    .leftJoin(users, eq(users.id, leads.handledBy))
    .where(where(filter))
    .orderBy(newestFirst(leads.createdAt), newestFirst(leads.id))
    .limit(limit)
    .offset(offset);
}

/** One lead, locked for the caller's transaction. */
export async function findLeadForUpdate(db: Db, id: string): Promise<LeadRow | undefined> {
  const [row] = await db.select().from(leads).where(eq(leads.id, id)).limit(1).for("update");
  return row;
}

export async function setLeadHandled(db: Db, id: string, values: { handledAt: Date | null; handledBy: string | null }): Promise<void> {
  await db.update(leads).set(values).where(eq(leads.id, id));
}

export async function findHandler(db: Db, userId: string | null): Promise<LeadHandler> {
  if (!userId) return null;
  const [row] = await db.select(handler).from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}
