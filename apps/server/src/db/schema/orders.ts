import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type {
  Currency,
  DesignType,
  Estimate,
  NotificationType,
  OrderEventType,
  OrderStatus,
  PaymentKind,
  PaymentStatus,
  PostalAddress,
  PricingTables,
  QuoteLineItem,
  TaxBreakdown,
} from "@atelier/contract";
import { designs } from "./designs.ts";
import { users } from "./users.ts";

/** Exact money: numeric(12,2) read as a decimal string ("1234.50"), never a float. */
const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: "string" });
const at = (name: string) => timestamp(name, { withTimezone: true });
const createdAt = () => at("created_at").notNull().defaultNow();

/** Numbers orders JW-YYYY-NNNNNN; a sequence stays unique however many requests race. */
export const orderNumberSeq = pgSequence("order_number_seq", { startWith: 1, increment: 1 });

/** The pricing engine's tables, versioned as a whole; the highest version is in force. */
export const pricingVersions = pgTable("pricing_versions", {
  version: integer().primaryKey(),
  tables: jsonb().$type<PricingTables>().notNull(),
  note: text().notNull().default(""),
  /** null for the seeded defaults. */
  createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
});

/** One order per submitted design. */
export const orders = pgTable(
  "orders",
  {
    id: uuid().primaryKey().defaultRandom(),
    orderNumber: text("order_number").notNull().unique(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** null once the customer deleted the design (the order stays, cancelled). */
    designId: uuid("design_id")
      .unique()
      .references(() => designs.id, { onDelete: "set null" }),
    /** The design's name and type, kept with the order (lists and search read them without a join). */
    designName: text("design_name").notNull(),
    designType: text("design_type").$type<DesignType>().notNull(),
    status: text().$type<OrderStatus>().notNull().default("initiated"),
    currency: text().$type<Currency>().notNull(),
    estimate: jsonb().$type<Estimate>().notNull(),
    /** The accepted quote's amount, else the pending quote's; null before a quote. */
    quotedPrice: money("quoted_price"),
    carrier: text().notNull().default(""),
    trackingNumber: text("tracking_number").notNull().default(""),
    cancelReason: text("cancel_reason").notNull().default(""),
    /** Snapshots of the customer's chosen addresses (taken before the balance is paid); null until chosen. */
    deliveryAddress: jsonb("delivery_address").$type<PostalAddress>(),
    billingAddress: jsonb("billing_address").$type<PostalAddress>(),
    statusChangedAt: at("status_changed_at").notNull().defaultNow(),
    deliveredAt: at("delivered_at"),
    createdAt: createdAt(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("orders_user_created_idx").on(t.userId, t.createdAt.desc(), t.id.desc()),
    index("orders_status_changed_idx").on(t.status, t.statusChangedAt),
    index("orders_created_idx").on(t.createdAt.desc(), t.id.desc()),
    index("orders_delivered_idx")
      .on(t.deliveredAt)
      .where(sql`${t.status} = 'delivered'`),
  ],
);

/** The order's history: every status change, comment, quote, payment decision and CAD upload. */
export const orderEvents = pgTable(
  "order_events",
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Insertion order: rows written in one transaction share a timestamp. */
    seq: bigint({ mode: "number" }).generatedAlwaysAsIdentity(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** The order's customer, so a customer's activity is one index range. */
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text().$type<OrderEventType>().notNull(),
    fromStatus: text("from_status").$type<OrderStatus>(),
    toStatus: text("to_status").$type<OrderStatus>(),
    note: text().notNull().default(""),
    /** null for the system (expiry, automatic completion). */
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("order_events_order_idx").on(t.orderId, t.seq),
    index("order_events_user_seq_idx").on(t.userId, t.seq.desc()),
    // The dashboard's activity: a customer's latest comments and status changes, read in index order.
    index("order_events_activity_idx")
      .on(t.userId, t.seq.desc())
      .where(sql`${t.type} in ('comment', 'status_change', 'created')`),
  ],
);

export const quotes = pgTable(
  "quotes",
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Insertion order: rows written in one transaction share a timestamp. */
    seq: bigint({ mode: "number" }).generatedAlwaysAsIdentity(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** The order's customer (the quotes list reads by it). */
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    amount: money("amount").notNull(),
    currency: text().$type<Currency>().notNull(),
    /** Before tax; a line with `making` is a making charge (its own GST rate when billed separately). */
    lineItems: jsonb("line_items").$type<QuoteLineItem[]>().notNull(),
    /**
     * The tax on the line items (TaxBreakdown, in the quote's currency); `amount` is its total incl.
     * tax. Null for a quote issued before tax existed (its amount had no tax).
     */
    tax: jsonb().$type<TaxBreakdown>(),
    advancePercent: numeric("advance_percent", { precision: 5, scale: 2, mode: "string" }).notNull(),
    validUntil: at("valid_until").notNull(),
    note: text().notNull().default(""),
    /** Stored: pending, accepted, declined, expired. A pending quote past valid_until reads as expired. */
    status: text().$type<"pending" | "accepted" | "declined" | "expired">().notNull().default("pending"),
    declineReason: text("decline_reason").notNull().default(""),
    /** The pricing table version and estimate the quote started from. */
    pricingVersion: integer("pricing_version").notNull(),
    estimate: jsonb().$type<Estimate>().notNull(),
    issuedBy: uuid("issued_by").references(() => users.id, { onDelete: "set null" }),
    respondedAt: at("responded_at"),
    /** When the customer was told the quote is about to expire (once). */
    expiryNoticeAt: at("expiry_notice_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("quotes_order_idx").on(t.orderId, t.seq),
    index("quotes_user_seq_idx").on(t.userId, t.seq.desc()),
    // At most one pending quote per order.
    uniqueIndex("quotes_one_pending_idx")
      .on(t.orderId)
      .where(sql`${t.status} = 'pending'`),
    // The expiry sweep reads pending quotes by validity.
    index("quotes_pending_valid_idx")
      .on(t.validUntil)
      .where(sql`${t.status} = 'pending'`),
  ],
);

export const payments = pgTable(
  "payments",
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Insertion order: rows written in one transaction share a timestamp. */
    seq: bigint({ mode: "number" }).generatedAlwaysAsIdentity(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    quoteId: uuid("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    kind: text().$type<PaymentKind>().notNull(),
    amount: money("amount").notNull(),
    currency: text().$type<Currency>().notNull(),
    provider: text().notNull().default("manual"),
    reference: text().notNull(),
    status: text().$type<PaymentStatus>().notNull().default("pending"),
    rejectionReason: text("rejection_reason").notNull().default(""),
    /** The provider's order or checkout session this payment was started with ('' for manual). */
    providerOrderId: text("provider_order_id").notNull().default(""),
    /** The provider's captured payment (Razorpay pay_…, Stripe pi_…); '' until captured. */
    providerPaymentId: text("provider_payment_id").notNull().default(""),
    /** Why the provider failed the payment (status failed). */
    failureReason: text("failure_reason").notNull().default(""),
    /** Why a captured payment was not accepted (status flagged): amount or currency differ from what is due. */
    flagReason: text("flag_reason").notNull().default(""),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: at("decided_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("payments_order_idx").on(t.orderId, t.seq),
    index("payments_status_idx").on(t.status, t.createdAt),
    // One live (pending or confirmed) payment of each kind per order; a rejected one may be declared again.
    uniqueIndex("payments_one_live_idx")
      .on(t.orderId, t.kind)
      .where(sql`${t.status} in ('pending', 'confirmed')`),
    uniqueIndex("payments_provider_order_idx")
      .on(t.provider, t.providerOrderId)
      .where(sql`${t.providerOrderId} <> ''`),
  ],
);

/** A CAD version: renderings (uploads of kind cad_image) and an optional 3D file (kind cad_model). */
export const cadDesigns = pgTable(
  "cad_designs",
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    version: integer().notNull(),
    description: text().notNull().default(""),
    isApproved: boolean("is_approved").notNull().default(false),
    approvedAt: at("approved_at"),
    approvedBy: uuid("approved_by").references(() => users.id, { onDelete: "set null" }),
    uploadedBy: uuid("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("cad_designs_order_version_idx").on(t.orderId, t.version)],
);

export const notifications = pgTable(
  "notifications",
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Insertion order: rows written in one transaction share a timestamp. */
    seq: bigint({ mode: "number" }).generatedAlwaysAsIdentity(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "cascade" }),
    type: text().$type<NotificationType>().notNull(),
    title: text().notNull(),
    message: text().notNull(),
    link: text().notNull().default(""),
    isRead: boolean("is_read").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("notifications_user_seq_idx").on(t.userId, t.seq.desc()),
    index("notifications_user_unread_idx")
      .on(t.userId)
      .where(sql`not ${t.isRead}`),
  ],
);
