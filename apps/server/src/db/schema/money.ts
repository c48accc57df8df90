import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { Currency, PostalAddress, RefundStatus, TaxDocumentKind } from "@atelier/contract";
import { orders, payments } from "./orders.ts";
import { users } from "./users.ts";

const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: "string" });
const at = (name: string) => timestamp(name, { withTimezone: true });

/** A customer's saved addresses (delivery and billing); orders keep snapshots, never references. */
export const addresses = pgTable(
  "addresses",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The address itself, in the contract's shape. */
    address: jsonb().$type<PostalAddress>().notNull(),
    isDefaultDelivery: boolean("is_default_delivery").notNull().default(false),
    isDefaultBilling: boolean("is_default_billing").notNull().default(false),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [index("addresses_user_idx").on(t.userId, t.createdAt)],
);

/** A refund of a confirmed payment (full or partial), through its provider or recorded by hand. */
export const refunds = pgTable(
  "refunds",
  {
    id: uuid().primaryKey().defaultRandom(),
    seq: bigint({ mode: "number" }).generatedAlwaysAsIdentity(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    paymentId: uuid("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    amount: money("amount").notNull(),
    currency: text().$type<Currency>().notNull(),
    reason: text().notNull(),
    provider: text().notNull(),
    /** The provider's refund id (rfnd_…, re_…); '' for a manual refund. */
    providerRefundId: text("provider_refund_id").notNull().default(""),
    /** The bank or UPI reference of a manual refund. */
    reference: text().notNull().default(""),
    status: text().$type<RefundStatus>().notNull().default("pending"),
    failureReason: text("failure_reason").notNull().default(""),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: at("created_at").notNull().defaultNow(),
    settledAt: at("settled_at"),
  },
  (t) => [
    index("refunds_order_idx").on(t.orderId, t.seq),
    index("refunds_payment_idx").on(t.paymentId),
    uniqueIndex("refunds_provider_refund_idx")
      .on(t.provider, t.providerRefundId)
      .where(sql`${t.providerRefundId} <> ''`),
  ],
);

/** Every provider webhook event seen, by its id: a replay or a retry of one is a no-op. */
export const paymentWebhookEvents = pgTable(
  "payment_webhook_events",
  {
    provider: text().notNull(),
    eventId: text("event_id").notNull(),
    type: text().notNull(),
    /** What processing the event did ("captured", "ignored: …", "flagged: …"). */
    outcome: text().notNull().default(""),
    receivedAt: at("received_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/**
 * Tax invoices (one per captured payment) and credit notes (one per refund), numbered without gaps
 * per kind and financial year (April to March): INV/2026-27/000123, CN/2026-27/000004.
 * Written once and never changed.
 */
export const taxDocuments = pgTable(
  "tax_documents",
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: text().$type<TaxDocumentKind>().notNull(),
    number: text().notNull().unique(),
    /** "2026-27" */
    financialYear: text("financial_year").notNull(),
    sequence: integer().notNull(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    paymentId: uuid("payment_id").references(() => payments.id, { onDelete: "restrict" }),
    refundId: uuid("refund_id").references(() => refunds.id, { onDelete: "restrict" }),
    currency: text().$type<Currency>().notNull(),
    taxable: money("taxable").notNull(),
    tax: money("tax").notNull(),
    total: money("total").notNull(),
    /** Everything printed: seller, buyer, addresses, lines, tax lines, amount in words. */
    content: jsonb().$type<Record<string, unknown>>().notNull(),
    issuedAt: at("issued_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("tax_documents_kind_year_seq_idx").on(t.kind, t.financialYear, t.sequence),
    uniqueIndex("tax_documents_payment_idx")
      .on(t.paymentId)
      .where(sql`${t.kind} = 'invoice'`),
    uniqueIndex("tax_documents_refund_idx")
      .on(t.refundId)
      .where(sql`${t.kind} = 'credit_note'`),
    index("tax_documents_order_idx").on(t.orderId, t.issuedAt),
    index("tax_documents_issued_idx").on(t.issuedAt),
  ],
);

/** The last number given per kind and financial year; its row lock makes numbering gapless under concurrency. */
export const taxDocumentCounters = pgTable(
  "tax_document_counters",
  {
    kind: text().$type<TaxDocumentKind>().notNull(),
    financialYear: text("financial_year").notNull(),
    last: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.kind, t.financialYear] })],
);
