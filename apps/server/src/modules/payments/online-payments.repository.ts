import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { newestFirst } from "../../db/query-helpers.ts";
import { orders, paymentWebhookEvents, payments, quotes, users } from "../../db/schema/index.ts";

/*
 * The payments table is shared with the orders module (its manual transfers); online payments read
 * and write their own rows here, and confirm them only through the payments service's confirmIn.
 */
export type OrderRow = typeof orders.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type QuoteRow = typeof quotes.$inferSelect;

/** The order, locked for the rest of the transaction (a webhook has no actor; checkout locks through the orders service). */
export function lockOrder(db: Db, id: string): Promise<OrderRow | undefined> {
  return db
    .select()
    .from(orders)
    .where(eq(orders.id, id))
    .limit(1)
    .for("update")
    .then((rows) => rows[0]);
}

export function findOrder(db: Db, id: string): Promise<OrderRow | undefined> {
  return db
    .select()
    .from(orders)
    .where(eq(orders.id, id))
    .limit(1)
    .then((rows) => rows[0]);
}

export function listOrderQuotes(db: Db, orderId: string): Promise<QuoteRow[]> {
  return db.select().from(quotes).where(eq(quotes.orderId, orderId)).orderBy(newestFirst(quotes.seq));
}

export function listOrderPayments(db: Db, orderId: string): Promise<PaymentRow[]> {
  return db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.seq));
}

export function findPayment(db: Db, id: string, forUpdate = false): Promise<PaymentRow | undefined> {
  const q = db.select().from(payments).where(eq(payments.id, id)).limit(1);
  return (forUpdate ? q.for("update") : q).then((rows) => rows[0]);
}

export async function insertPayment(db: Db, values: typeof payments.$inferInsert): Promise<PaymentRow> {
  const [row] = await db.insert(payments).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

/** A payment whose checkout the provider refused: it never reached the provider, so nothing refers to it. */
export async function deleteUnstartedPayment(db: Db, id: string): Promise<void> {
  await db.delete(payments).where(and(eq(payments.id, id), eq(payments.providerOrderId, "")));
}

export async function updatePayment(db: Db, id: string, values: Partial<typeof payments.$inferInsert>): Promise<void> {
  await db.update(payments).set(values).where(eq(payments.id, id));
}

/** The payment a provider's order or checkout session belongs to. */
export function findByProviderOrder(db: Db, provider: string, providerOrderId: string): Promise<PaymentRow | undefined> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerOrderId, providerOrderId)))
    .limit(1)
    .then((rows) => rows[0]);
}

/** The payment the provider captured as `providerPaymentId` (Razorpay pay_…, Stripe pi_…). */
export function findByProviderPayment(db: Db, provider: string, providerPaymentId: string): Promise<PaymentRow | undefined> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerPaymentId, providerPaymentId)))
    .limit(1)
    .then((rows) => rows[0]);
}

/**
 * Records a webhook event once: true the first time, false for a replay (another delivery of an
 * event already processed, or one being processed right now: the insert waits for that transaction).
 */
export async function recordEvent(db: Db, row: { provider: string; eventId: string; type: string; receivedAt: Date }): Promise<boolean> {
  const inserted = await db
    .insert(paymentWebhookEvents)
    .values(row)
    .onConflictDoNothing()
    .returning({ eventId: paymentWebhookEvents.eventId });
  return inserted.length > 0;
}

export async function setEventOutcome(db: Db, provider: string, eventId: string, outcome: string): Promise<void> {
  await db
    .update(paymentWebhookEvents)
    .set({ outcome: outcome.slice(0, 1000) })
    .where(and(eq(paymentWebhookEvents.provider, provider), eq(paymentWebhookEvents.eventId, eventId)));
}

export function findEvent(db: Db, provider: string, eventId: string) {
  return db
    .select()
    .from(paymentWebhookEvents)
    .where(and(eq(paymentWebhookEvents.provider, provider), eq(paymentWebhookEvents.eventId, eventId)))
    .limit(1)
    .then((rows) => rows[0]);
}

export function userEmail(db: Db, userId: string): Promise<string> {
  return db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1)
    .then((rows) => rows[0]?.email ?? "");
}
