import { and, arrayContains, asc, eq, gt, inArray, lt, max, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { liveEvents, liveEventTickets } from "../../db/schema/index.ts";

export type LiveEventRow = typeof liveEvents.$inferSelect;
export type NewLiveEventRow = typeof liveEvents.$inferInsert;

/** The NOTIFY channel that names committed events to every instance. */
export const LIVE_EVENTS_CHANNEL = "live_events";

export async function insertEvents(tx: Db, rows: NewLiveEventRow[]): Promise<LiveEventRow[]> {
  return tx.insert(liveEvents).values(rows).returning();
}

/** PostgreSQL holds the notifications until the transaction commits, and drops them if it rolls back. */
export async function notify(tx: Db, payloads: string[]): Promise<void> {
  if (payloads.length === 0) return;
  const list = JSON.stringify(payloads);
  await tx.execute(sql`select pg_notify(${LIVE_EVENTS_CHANNEL}, p) from jsonb_array_elements_text(${list}::jsonb) as p`);
}

export async function findEventsByIds(db: Db, ids: number[]): Promise<LiveEventRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(liveEvents).where(inArray(liveEvents.id, ids)).orderBy(asc(liveEvents.id));
}

/** Every event after `afterId` and since `since` (an instance catching up after its listening connection was lost). */
export async function findEventsAfter(db: Db, afterId: number, since: Date): Promise<LiveEventRow[]> {
  return db
    .select()
    .from(liveEvents)
    .where(and(gt(liveEvents.id, afterId), gt(liveEvents.createdAt, since)))
    .orderBy(asc(liveEvents.id));
}

/** What one reconnecting page missed: events after `afterId`, since `since`, addressed to the user (or to staff). */
export async function findMissedEvents(
  db: Db,
  params: { afterId: number; since: Date; userId: string; staff: boolean },
): Promise<LiveEventRow[]> {
  const mine = arrayContains(liveEvents.userIds, [params.userId]);
  return db
    .select()
    .from(liveEvents)
    .where(
      and(
        gt(liveEvents.id, params.afterId),
        gt(liveEvents.createdAt, params.since),
        params.staff ? or(mine, eq(liveEvents.staff, true)) : mine,
      ),
    )
    .orderBy(asc(liveEvents.id))
    .limit(1000);
}

export async function lastEventId(db: Db): Promise<number> {
  const [row] = await db.select({ id: max(liveEvents.id) }).from(liveEvents);
  return row?.id ?? 0;
}

export async function deleteEventsBefore(db: Db, before: Date): Promise<void> {
  await db.delete(liveEvents).where(lt(liveEvents.createdAt, before));
}

export async function insertTicket(db: Db, row: typeof liveEventTickets.$inferInsert): Promise<void> {
  await db.insert(liveEventTickets).values(row);
}

/** Uses a ticket up: the token it was issued to, once, if it has not expired. */
export async function takeTicket(db: Db, ticketHash: string, now: Date): Promise<string | undefined> {
  const [row] = await db
    .delete(liveEventTickets)
    .where(eq(liveEventTickets.ticketHash, ticketHash))
    .returning({ tokenId: liveEventTickets.tokenId, expiresAt: liveEventTickets.expiresAt });
  return row && row.expiresAt > now ? row.tokenId : undefined;
}

export async function deleteExpiredTickets(db: Db, now: Date): Promise<void> {
  await db.delete(liveEventTickets).where(lt(liveEventTickets.expiresAt, now));
}
