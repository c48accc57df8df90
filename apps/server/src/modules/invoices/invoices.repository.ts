import { and, asc, eq, gte, lt, sql } from "drizzle-orm";
import type { TaxDocumentKind } from "@atelier/contract";
import type { Db } from "../../db/client.ts";
import { orders, payments, quotes, refunds, taxDocumentCounters, taxDocuments, users } from "../../db/schema/index.ts";

export type TaxDocumentRow = typeof taxDocuments.$inferSelect;
export type NewTaxDocument = typeof taxDocuments.$inferInsert;

/**
 * The next number of a kind in a financial year, gapless: the counter row is created or bumped by
 * one statement, which locks it until the caller's transaction ends. A concurrent issuer waits on
 * that lock and reads the committed value; a rolled-back transaction leaves the counter as it was,
 * so its number is given to the next one.
 */
export async function nextSequence(tx: Db, kind: TaxDocumentKind, financialYear: string): Promise<number> {
  const [row] = await tx
    .insert(taxDocumentCounters)
    .values({ kind, financialYear, last: 1 })
    .onConflictDoUpdate({
      target: [taxDocumentCounters.kind, taxDocumentCounters.financialYear],
      set: { last: sql`${taxDocumentCounters.last} + 1` },
    })
    .returning({ last: taxDocumentCounters.last });
  if (!row) throw new Error("the counter returned no row");
  return row.last;
}

export async function insertDocument(tx: Db, values: NewTaxDocument): Promise<TaxDocumentRow> {
  const [row] = await tx.insert(taxDocuments).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export const findDocument = (db: Db, id: string): Promise<TaxDocumentRow | undefined> =>
  db
    .select()
    .from(taxDocuments)
    .where(eq(taxDocuments.id, id))
    .limit(1)
    .then((r) => r[0]);

export const findInvoiceOfPayment = (db: Db, paymentId: string): Promise<TaxDocumentRow | undefined> =>
  db
    .select()
    .from(taxDocuments)
    .where(and(eq(taxDocuments.kind, "invoice"), eq(taxDocuments.paymentId, paymentId)))
    .limit(1)
    .then((r) => r[0]);

export const findCreditNoteOfRefund = (db: Db, refundId: string): Promise<TaxDocumentRow | undefined> =>
  db
    .select()
    .from(taxDocuments)
    .where(and(eq(taxDocuments.kind, "credit_note"), eq(taxDocuments.refundId, refundId)))
    .limit(1)
    .then((r) => r[0]);

/** An order's documents in the order they were issued. */
export const listOrderDocuments = (db: Db, orderId: string): Promise<TaxDocumentRow[]> =>
  db.select().from(taxDocuments).where(eq(taxDocuments.orderId, orderId)).orderBy(asc(taxDocuments.issuedAt), asc(taxDocuments.number));

/** Documents issued in [from, to), by kind and number. */
export const listIssuedBetween = (db: Db, from: Date, to: Date): Promise<TaxDocumentRow[]> =>
  db
    .select()
    .from(taxDocuments)
    .where(and(gte(taxDocuments.issuedAt, from), lt(taxDocuments.issuedAt, to)))
    .orderBy(asc(taxDocuments.kind), asc(taxDocuments.financialYear), asc(taxDocuments.sequence));

// ---- what a document is made from (read in the issuing transaction) ----

export const findPayment = (db: Db, id: string) =>
  db
    .select()
    .from(payments)
    .where(eq(payments.id, id))
    .limit(1)
    .then((r) => r[0]);

export const findRefund = (db: Db, id: string) =>
  db
    .select()
    .from(refunds)
    .where(eq(refunds.id, id))
    .limit(1)
    .then((r) => r[0]);

export const findOrder = (db: Db, id: string) =>
  db
    .select()
    .from(orders)
    .where(eq(orders.id, id))
    .limit(1)
    .then((r) => r[0]);

export const findQuote = (db: Db, id: string) =>
  db
    .select()
    .from(quotes)
    .where(eq(quotes.id, id))
    .limit(1)
    .then((r) => r[0]);

export const findBuyer = (db: Db, id: string) =>
  db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, companyName: users.companyName })
    .from(users)
    .where(eq(users.id, id))
    .limit(1)
    .then((r) => r[0]);

export type PaymentRow = NonNullable<Awaited<ReturnType<typeof findPayment>>>;
export type RefundRow = NonNullable<Awaited<ReturnType<typeof findRefund>>>;
export type OrderRow = NonNullable<Awaited<ReturnType<typeof findOrder>>>;
export type QuoteRow = NonNullable<Awaited<ReturnType<typeof findQuote>>>;
export type BuyerRow = NonNullable<Awaited<ReturnType<typeof findBuyer>>>;

export const listQuotePayments = (db: Db, quoteId: string) => db.select().from(payments).where(eq(payments.quoteId, quoteId));

/** The credit notes already issued against a payment's invoice. */
export const listPaymentCreditNotes = (db: Db, paymentId: string): Promise<TaxDocumentRow[]> =>
  db
    .select()
    .from(taxDocuments)
    .where(and(eq(taxDocuments.kind, "credit_note"), eq(taxDocuments.paymentId, paymentId)));
