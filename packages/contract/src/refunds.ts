import { z } from "zod";
import { CURRENCIES, paginatedSchema } from "./common.ts";
import { PAYMENT_KINDS, PAYMENT_STATUSES, REFUND_STATUSES } from "./orders.ts";
import { formatMoney } from "./money-format.ts";
import { moneyInputSchema, moneySchema } from "./pricing.ts";

/**
 * Refunds of captured payments (issue 21 §2) and the staff payments ledger (§5).
 * A refund is staff-only: POST /api/staff/orders/{id}/refunds/. A manual payment's refund is
 * recorded with the bank or UPI reference of the transfer back and succeeds at once; an online
 * payment's (Razorpay, Stripe) goes through the provider and stays pending until its webhook.
 */

export const REFUND_STATUS_INFO = {
  pending: { label: "Refund pending", tone: "gold" },
  succeeded: { label: "Refunded", tone: "green" },
  failed: { label: "Refund failed", tone: "garnet" },
} as const satisfies Record<(typeof REFUND_STATUSES)[number], { label: string; tone: string }>;

export const refundSchema = z.object({
  id: z.string(),
  order_id: z.string(),
  payment_id: z.string(),
  /** The refunded payment's kind (advance or balance). */
  payment_kind: z.enum(PAYMENT_KINDS),
  amount: moneySchema,
  currency: z.enum(CURRENCIES),
  reason: z.string(),
  /** "manual", "razorpay" or "stripe": the refunded payment's. */
  provider: z.string(),
  provider_refund_id: z.string(),
  /** The bank or UPI reference of a manual refund ('' for an online one). */
  reference: z.string(),
  status: z.enum(REFUND_STATUSES),
  failure_reason: z.string(),
  created_at: z.string(),
  settled_at: z.string().nullable(),
});
export type Refund = z.infer<typeof refundSchema>;

export const REFUND_MESSAGES = {
  reason: "Say why the money is refunded.",
  reference: "Enter the bank or UPI reference of the refund transfer.",
  amount: "Enter an amount greater than zero.",
} as const;

const reqText = (max: number, empty: string) =>
  z.string({ error: empty }).trim().min(1, empty).max(max, `Ensure this field has no more than ${max} characters.`);

/** POST /api/staff/orders/{id}/refunds/ */
export const refundInputSchema = z.object({
  payment_id: z.uuid({ error: "Choose the payment to refund." }),
  amount: moneyInputSchema.refine((v) => v !== "0.00", REFUND_MESSAGES.amount),
  reason: reqText(1000, REFUND_MESSAGES.reason),
  /** Required for a manual payment's refund; ignored for an online one. */
  reference: z.string().trim().max(200, "Ensure this field has no more than 200 characters.").default(""),
});
export type RefundInput = z.input<typeof refundInputSchema>;

// ---- the staff payments ledger ----

export const LEDGER_METHODS = ["manual", "razorpay", "stripe"] as const;
export type LedgerMethod = (typeof LEDGER_METHODS)[number];
export const LEDGER_METHOD_LABELS: Record<LedgerMethod, string> = {
  manual: "Bank transfer / UPI",
  razorpay: "Razorpay",
  stripe: "Stripe",
};
/** A ledger row's status: a payment's or a refund's. */
export const LEDGER_STATUSES = [...PAYMENT_STATUSES, "succeeded"] as const;
export type LedgerStatus = (typeof LEDGER_STATUSES)[number];

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const dateFilter = z
  .string()
  .trim()
  .refine((v) => v === "" || (DATE.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`))), "Enter a date as YYYY-MM-DD.")
  .optional();

/** GET /api/staff/payments/ (and export.csv without `page`): `from`/`to` are UTC days, both included. */
export const ledgerQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  status: z.union([z.enum(LEDGER_STATUSES), z.literal("")], { error: "Unknown status." }).optional(),
  method: z.union([z.enum(LEDGER_METHODS), z.literal("")], { error: "Unknown method." }).optional(),
  from: dateFilter,
  to: dateFilter,
  /** "true": flagged payments only (amount or currency differed from what was due). */
  flagged: z.union([z.literal("true"), z.literal("false"), z.literal("")], { error: 'Use "true" or "false".' }).optional(),
});
export type LedgerQuery = z.input<typeof ledgerQuerySchema>;

export const ledgerEntrySchema = z.object({
  /** A payment taken, or a refund given. */
  entry: z.enum(["payment", "refund"]),
  id: z.string(),
  order_id: z.string(),
  order_number: z.string(),
  customer: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  payment_kind: z.enum(PAYMENT_KINDS),
  method: z.string(),
  status: z.enum(LEDGER_STATUSES),
  amount: moneySchema,
  currency: z.enum(CURRENCIES),
  /** The payment's or refund's reference: a transfer reference, a provider's payment or refund id. */
  reference: z.string(),
  /** Why a payment was flagged, rejected or failed; why a refund was made (and why it failed). */
  note: z.string(),
  created_at: z.string(),
  /** Confirmed, decided or settled. */
  settled_at: z.string().nullable(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const ledgerTotalSchema = z.object({
  currency: z.enum(CURRENCIES),
  /** Confirmed payments. */
  received: moneySchema,
  /** Succeeded refunds. */
  refunded: moneySchema,
  net: moneySchema,
  /** Refunds still waiting for the provider. */
  refund_pending: moneySchema,
  flagged_count: z.number().int(),
});
export type LedgerTotal = z.infer<typeof ledgerTotalSchema>;

export const ledgerSchema = paginatedSchema(ledgerEntrySchema).extend({ totals: z.array(ledgerTotalSchema) });
export type Ledger = z.infer<typeof ledgerSchema>;

// ---- what is left to refund (the server's rule, for the screens) ----

function cents(amount: string): bigint {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!m) return 0n;
  const v = BigInt(m[2] ?? "0") * 100n + BigInt((m[3] ?? "").padEnd(2, "0") || "0");
  return m[1] === "-" ? -v : v;
}
const decimal = (v: bigint) => `${v < 0n ? "-" : ""}${(v < 0n ? -v : v) / 100n}.${((v < 0n ? -v : v) % 100n).toString().padStart(2, "0")}`;

/** What of a payment can still be refunded: its amount less every refund of it that did not fail. */
export function refundableOf(
  payment: { id: string; amount: string },
  refunds: readonly Pick<Refund, "payment_id" | "amount" | "status">[],
): string {
  const taken = refunds.filter((r) => r.payment_id === payment.id && r.status !== "failed").reduce((sum, r) => sum + cents(r.amount), 0n);
  const left = cents(payment.amount) - taken;
  return decimal(left > 0n ? left : 0n);
}

/** Whether staff may refund this payment now: money received (confirmed once the order is cancelled; flagged at any time) with something left. */
export function canRefund(
  order: { status: string; refunds: readonly Pick<Refund, "payment_id" | "amount" | "status">[] },
  payment: { id: string; amount: string; status: string },
): boolean {
  const received = payment.status === "flagged" || (payment.status === "confirmed" && order.status === "cancelled");
  return received && cents(refundableOf(payment, order.refunds)) > 0n;
}

/** Whether `amount` (a typed decimal) is within what is left. */
export const withinRefundable = (amount: string, left: string): boolean => cents(amount) > 0n && cents(amount) <= cents(left);

/**
 * The staff refund form's rules (the dialog): a positive amount within what is left of the payment,
 * a reason, and the reference of a manual transfer back. The server checks the same with
 * refundInputSchema and against the payment as it stands.
 */
export function refundFormSchema(left: string, currency: string, manual: boolean) {
  return z.object({
    amount: moneyInputSchema
      .refine((v) => v !== "0.00", REFUND_MESSAGES.amount)
      .refine((v) => withinRefundable(v, left), `At most ${formatMoney(left, currency)} can be refunded.`),
    reason: z.string().trim().min(1, REFUND_MESSAGES.reason).max(1000),
    reference: manual ? z.string().trim().min(1, REFUND_MESSAGES.reference).max(200) : z.string().max(200),
  });
}
