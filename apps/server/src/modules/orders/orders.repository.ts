import { and, asc, count, eq, gt, ilike, inArray, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { OrderStatus } from "@atelier/contract";
import { isAnyOf, likePattern, newestFirst, preparedPerDb } from "../../db/query-helpers.ts";
import type { Db } from "../../db/client.ts";
import { cadDesigns, orderComments, orderEvents, orders, payments, quotes, uploads, users } from "../../db/schema/index.ts";

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type OrderEventRow = typeof orderEvents.$inferSelect;
export type NewOrderEvent = typeof orderEvents.$inferInsert;
export type CommentRow = typeof orderComments.$inferSelect;
export type QuoteRow = typeof quotes.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;
export type CadDesignRow = typeof cadDesigns.$inferSelect;
export type UserRow = typeof users.$inferSelect;

export async function nextOrderNumber(db: Db, year: number): Promise<string> {
  // A plain select through the query builder works the same on PGlite and node-postgres.
  const [row] = await db.select({ n: sql<string>`nextval('order_number_seq')::text` }).from(sql`(select 1) as one`);
  const n = row?.n ?? "0";
  return `JW-${year}-${n.padStart(6, "0")}`;
}

export async function insertOrder(db: Db, values: NewOrder): Promise<OrderRow> {
  const [row] = await db.insert(orders).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export function findOrder(db: Db, id: string, forUpdate = false): Promise<OrderRow | undefined> {
  const q = db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return (forUpdate ? q.for("update") : q).then((rows) => rows[0]);
}

const orderSummariesOfDesigns = preparedPerDb((db) =>
  db
    .select({ id: orders.id, designId: orders.designId, orderNumber: orders.orderNumber, status: orders.status, estimate: orders.estimate })
    .from(orders)
    .where(isAnyOf(orders.designId, "ids"))
    .prepare("order_summaries_of_designs"),
);

/** What a design shows of its order: number, status and estimate. */
export async function findOrderSummariesOfDesigns(db: Db, designIds: string[]) {
  return designIds.length === 0 ? [] : orderSummariesOfDesigns(db).execute({ ids: designIds });
}

export function findOrderOfDesign(db: Db, designId: string, forUpdate = false): Promise<OrderRow | undefined> {
  const q = db.select().from(orders).where(eq(orders.designId, designId)).limit(1);
  return (forUpdate ? q.for("update") : q).then((rows) => rows[0]);
}

export async function updateOrder(db: Db, id: string, values: Partial<NewOrder>): Promise<void> {
  await db.update(orders).set(values).where(eq(orders.id, id));
}

/** Moves the order only if it is still in `from`; returns whether it moved (a lost race returns false). */
export async function moveOrderStatus(
  db: Db,
  id: string,
  from: OrderStatus,
  values: Partial<NewOrder> & { status: OrderStatus },
): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set(values)
    .where(and(eq(orders.id, id), eq(orders.status, from)))
    .returning({ id: orders.id });
  return rows.length === 1;
}

export interface OrderFilter {
  userId?: string;
  statuses?: OrderStatus[] | undefined;
  search?: string;
  /** Only orders with a declared payment waiting for staff (the queue's "payments" group). */
  pendingPayment?: boolean;
  /** `newest` (default): newest order first; `waiting`: longest in its current status first. */
  sort?: "newest" | "waiting";
}

// Written out with an alias: drizzle leaves columns unqualified in a one-table select, and an
// unqualified "id" inside the subquery would be the payment's.
/** A declared transfer waiting for staff (an open online checkout is the provider's to confirm, not staff's). */
const hasPendingPayment = sql`exists (select 1 from payments pp where pp.order_id = "orders"."id" and pp.status = 'pending' and pp.provider = 'manual')`;

function orderWhere(filter: OrderFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (filter.userId) parts.push(eq(orders.userId, filter.userId));
  if (filter.statuses) parts.push(filter.statuses.length > 0 ? inArray(orders.status, filter.statuses) : sql`false`);
  if (filter.pendingPayment) parts.push(hasPendingPayment);
  if (filter.search) {
    const pattern = likePattern(filter.search);
    if (filter.userId) {
      // A customer's own orders: their few rows are read by orders_user_created_idx and checked.
      parts.push(or(ilike(orders.orderNumber, pattern), ilike(orders.designName, pattern)));
    } else {
      // Every order (staff): the matching ids are found first, as a query of their own, through
      // the trigram indexes (migration 0013; the customers by theirs, then their orders by
      // orders_user_created_idx), one BitmapOr. Written inline, the planner instead walked the
      // newest-first index filtering each row, expecting a match soon: every order read when
      // the term is rare or absent.
      parts.push(sql`${orders.id} = any(array(
        select o.id from orders o
        where o.order_number ilike ${pattern} or o.design_name ilike ${pattern}
          or o.user_id = any(array(select u.id from users u where u.email ilike ${pattern} or (u.first_name || ' ' || u.last_name) ilike ${pattern}))))`);
    }
  }
  return and(...parts);
}

export async function countOrders(db: Db, filter: OrderFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(orders).where(orderWhere(filter));
  return row?.n ?? 0;
}

/**
 * Newest first (for one customer this follows the (user_id, created_at desc, id desc) index), or
 * longest-waiting first along (status, status_changed_at).
 */
export function listOrders(db: Db, filter: OrderFilter, limit: number, offset: number): Promise<OrderRow[]> {
  const order =
    filter.sort === "waiting" ? [asc(orders.statusChangedAt), asc(orders.id)] : [newestFirst(orders.createdAt), newestFirst(orders.id)];
  return db
    .select()
    .from(orders)
    .where(orderWhere(filter))
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
}

/**
 * The staff queue's counts in one statement: one FILTER clause per group over the orders in
 * any group's statuses (the (status, status_changed_at) index), and the orders with a pending
 * payment from the (status, created_at) index of payments.
 */
export async function queueCounts(db: Db, groups: Record<string, readonly OrderStatus[]>): Promise<Record<string, number>> {
  const all = [...new Set(Object.values(groups).flat())];
  const columns: Record<string, SQL<number>> = {
    pendingPayments: sql<number>`(select count(distinct ${payments.orderId}) from ${payments} where ${payments.status} = 'pending' and ${payments.provider} = 'manual')::int`,
  };
  for (const [key, statuses] of Object.entries(groups)) {
    if (statuses.length > 0) columns[key] = sql<number>`(count(*) filter (where ${inArray(orders.status, [...statuses])}))::int`;
  }
  const [row] = await db
    .select(columns)
    .from(orders)
    .where(all.length > 0 ? inArray(orders.status, all) : sql`false`);
  return Object.fromEntries(Object.entries(row ?? {}).map(([k, v]) => [k, Number(v)]));
}

/** How many orders each of these customers has placed (from the (user_id, created_at) index). */
export async function orderCountsOf(db: Db, userIds: string[]): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: orders.userId, n: count() })
    .from(orders)
    .where(inArray(orders.userId, [...new Set(userIds)]))
    .groupBy(orders.userId);
  return new Map(rows.map((r) => [r.userId, r.n]));
}

export async function orderStatusCounts(db: Db, userId: string): Promise<{ status: OrderStatus; count: number }[]> {
  return db.select({ status: orders.status, count: count() }).from(orders).where(eq(orders.userId, userId)).groupBy(orders.status);
}

export async function insertEvent(db: Db, values: NewOrderEvent): Promise<OrderEventRow> {
  const [row] = await db.insert(orderEvents).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export function listEvents(db: Db, orderId: string): Promise<OrderEventRow[]> {
  return db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.seq));
}

/** A customer's latest comments and status changes, newest first, from order_events_activity_idx in order. */
export function latestActivityEvents(db: Db, userId: string, limit: number) {
  return db
    .select()
    .from(orderEvents)
    .where(and(eq(orderEvents.userId, userId), inArray(orderEvents.type, ["comment", "status_change", "created"])))
    .orderBy(newestFirst(orderEvents.seq))
    .limit(limit);
}

/** Those events with their orders (read by key): two index reads, whatever the customer's history. */
export async function listActivity(db: Db, userId: string, limit: number) {
  const events = await latestActivityEvents(db, userId, limit);
  const ids = [...new Set(events.map((e) => e.orderId))];
  const owners =
    ids.length === 0
      ? []
      : await db
          .select({ id: orders.id, orderNumber: orders.orderNumber, designName: orders.designName, status: orders.status })
          .from(orders)
          .where(inArray(orders.id, ids));
  const byId = new Map(owners.map((o) => [o.id, o]));
  return events.flatMap((event) => {
    const o = byId.get(event.orderId);
    return o ? [{ event, orderNumber: o.orderNumber, designName: o.designName, orderStatus: o.status }] : [];
  });
}

export function listComments(db: Db, orderId: string): Promise<CommentRow[]> {
  return db.select().from(orderComments).where(eq(orderComments.orderId, orderId)).orderBy(asc(orderComments.seq));
}

export function findUsers(db: Db, ids: string[]): Promise<UserRow[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return Promise.resolve([]);
  return db.select().from(users).where(inArray(users.id, unique));
}

// ---- quotes ----

export async function insertQuote(db: Db, values: typeof quotes.$inferInsert): Promise<QuoteRow> {
  const [row] = await db.insert(quotes).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export function findQuote(db: Db, id: string, forUpdate = false): Promise<QuoteRow | undefined> {
  const q = db.select().from(quotes).where(eq(quotes.id, id)).limit(1);
  return (forUpdate ? q.for("update") : q).then((rows) => rows[0]);
}

export function listOrderQuotes(db: Db, orderId: string): Promise<QuoteRow[]> {
  return db.select().from(quotes).where(eq(quotes.orderId, orderId)).orderBy(newestFirst(quotes.seq));
}

export async function updateQuote(db: Db, id: string, values: Partial<typeof quotes.$inferInsert>): Promise<void> {
  await db.update(quotes).set(values).where(eq(quotes.id, id));
}

/** Pending quotes past their validity (for one customer, or all). */
export function listLapsedQuotes(db: Db, now: Date, userId?: string): Promise<QuoteRow[]> {
  return db
    .select()
    .from(quotes)
    .where(and(eq(quotes.status, "pending"), lt(quotes.validUntil, now), userId ? eq(quotes.userId, userId) : undefined))
    .limit(500);
}

/** Pending quotes that lapse before `soon` and whose customer has not been told yet. */
export function listQuotesExpiringBefore(db: Db, now: Date, soon: Date, userId?: string): Promise<QuoteRow[]> {
  return db
    .select()
    .from(quotes)
    .where(
      and(
        eq(quotes.status, "pending"),
        gt(quotes.validUntil, now),
        lt(quotes.validUntil, soon),
        isNull(quotes.expiryNoticeAt),
        userId ? eq(quotes.userId, userId) : undefined,
      ),
    )
    .limit(500);
}

/** Marks the notice sent; false when another sweep got there first. */
export async function claimExpiryNotice(db: Db, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(quotes)
    .set({ expiryNoticeAt: at })
    .where(and(eq(quotes.id, id), isNull(quotes.expiryNoticeAt), eq(quotes.status, "pending")))
    .returning({ id: quotes.id });
  return rows.length === 1;
}

export interface QuoteFilter {
  userId: string;
  /** Stored statuses to match (a pending-but-lapsed quote is stored pending and answered as expired). */
  where?: SQL | undefined;
  search?: string;
}

function quoteWhere(filter: QuoteFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [eq(quotes.userId, filter.userId), filter.where];
  if (filter.search) {
    const pattern = likePattern(filter.search);
    parts.push(
      sql`${quotes.orderId} in (select ${orders.id} from ${orders} where ${orders.userId} = ${filter.userId} and (${orders.orderNumber} ilike ${pattern} or ${orders.designName} ilike ${pattern}))`,
    );
  }
  return and(...parts);
}

export async function countQuotes(db: Db, filter: QuoteFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(quotes).where(quoteWhere(filter));
  return row?.n ?? 0;
}

export function listQuotes(db: Db, filter: QuoteFilter, limit: number, offset: number) {
  return db
    .select({ quote: quotes, orderNumber: orders.orderNumber, designName: orders.designName })
    .from(quotes)
    .innerJoin(orders, eq(orders.id, quotes.orderId))
    .where(quoteWhere(filter))
    .orderBy(newestFirst(quotes.seq))
    .limit(limit)
    .offset(offset);
}

// ---- payments ----

export async function insertPayment(db: Db, values: typeof payments.$inferInsert): Promise<PaymentRow> {
  const [row] = await db.insert(payments).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export function findPayment(db: Db, id: string, forUpdate = false): Promise<PaymentRow | undefined> {
  const q = db.select().from(payments).where(eq(payments.id, id)).limit(1);
  return (forUpdate ? q.for("update") : q).then((rows) => rows[0]);
}

export function listOrderPayments(db: Db, orderId: string): Promise<PaymentRow[]> {
  return db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.seq));
}

export async function updatePayment(db: Db, id: string, values: Partial<typeof payments.$inferInsert>): Promise<void> {
  await db.update(payments).set(values).where(eq(payments.id, id));
}

/** An order's payments still waiting for staff become void (its cancellation); returns how many. */
export async function voidPendingPayments(db: Db, orderId: string, actorId: string | null, now: Date): Promise<number> {
  const rows = await db
    .update(payments)
    .set({ status: "void", decidedBy: actorId, decidedAt: now })
    .where(and(eq(payments.orderId, orderId), eq(payments.status, "pending")))
    .returning({ id: payments.id });
  return rows.length;
}

// ---- CAD ----

export async function insertCadDesign(db: Db, values: typeof cadDesigns.$inferInsert): Promise<CadDesignRow> {
  const [row] = await db.insert(cadDesigns).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export function findCadDesign(db: Db, id: string, forUpdate = false): Promise<CadDesignRow | undefined> {
  const q = db.select().from(cadDesigns).where(eq(cadDesigns.id, id)).limit(1);
  return (forUpdate ? q.for("update") : q).then((rows) => rows[0]);
}

export function listCadDesigns(db: Db, orderId: string): Promise<CadDesignRow[]> {
  return db.select().from(cadDesigns).where(eq(cadDesigns.orderId, orderId)).orderBy(asc(cadDesigns.version));
}

export async function updateCadDesign(db: Db, id: string, values: Partial<typeof cadDesigns.$inferInsert>): Promise<void> {
  await db.update(cadDesigns).set(values).where(eq(cadDesigns.id, id));
}

export function listCadUploads(db: Db, cadIds: string[]) {
  if (cadIds.length === 0) return Promise.resolve([] as (typeof uploads.$inferSelect)[]);
  return db.select().from(uploads).where(inArray(uploads.cadDesignId, cadIds)).orderBy(asc(uploads.position), asc(uploads.createdAt));
}

/** Delivered orders whose delivery is older than `before` (automatic completion). */
export function listDeliveredBefore(db: Db, before: Date, userId?: string): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.status, "delivered"), lt(orders.deliveredAt, before), userId ? eq(orders.userId, userId) : undefined))
    .limit(500);
}
