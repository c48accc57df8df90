import { z } from "zod";
import { CURRENCIES, paginatedSchema, type Currency } from "./common.ts";
import { DESIGN_TYPES, designDetailsSchema } from "./designs.ts";
import {
  CAD_MODEL_FORMATS,
  CAD_STATUSES,
  NOTIFICATION_TYPES,
  ORDER_EVENT_TYPES,
  ORDER_STATUSES,
  ORDER_STATUS_GROUPS,
  PAYMENT_KINDS,
  PAYMENT_STATUSES,
  QUOTE_STATUSES,
  STAFF_TRANSITION_TARGETS,
  type OrderStatusGroup,
} from "./orders.ts";
import { estimateLineSchema, estimateSchema, moneyInputSchema, moneySchema } from "./pricing.ts";
import { taxBreakdownSchema } from "./tax.ts";
import { ROLES } from "./auth.ts";
import { certificateSchema } from "./certificates.ts";
import { postalAddressSchema } from "./addresses.ts";
import { refundSchema } from "./refunds.ts";

const text = (max: number) => z.string().trim().max(max, `Ensure this field has no more than ${max} characters.`);

/** A person as other people see them on an order: names and role, nothing else. */
export const personSchema = z.object({ first_name: z.string(), last_name: z.string(), role: z.enum(ROLES) });
export type Person = z.infer<typeof personSchema>;

export const orderRefSchema = z.object({ id: z.string(), order_number: z.string(), status: z.enum(ORDER_STATUSES) });
export type OrderRef = z.infer<typeof orderRefSchema>;

export const orderImageSchema = z.object({ id: z.string(), image: z.string(), thumbnail: z.string(), preview: z.string().optional() });

export const orderEventSchema = z.object({
  id: z.string(),
  type: z.enum(ORDER_EVENT_TYPES),
  from_status: z.enum(ORDER_STATUSES).nullable(),
  to_status: z.enum(ORDER_STATUSES).nullable(),
  note: z.string(),
  /** null for the system (quote expiry, automatic completion). */
  actor: personSchema.nullable(),
  created_at: z.string(),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

export const commentSchema = z.object({
  id: z.string(),
  text: z.string(),
  created_at: z.string(),
  user: personSchema,
});
export type Comment = z.infer<typeof commentSchema>;
export const commentInputSchema = z.object({
  text: z
    .string({ error: "This field is required." })
    .trim()
    .min(1, "This field may not be blank.")
    .max(5000, "Ensure this field has no more than 5000 characters."),
});

export const cadModelSchema = z.object({
  file_name: z.string(),
  format: z.enum(CAD_MODEL_FORMATS),
  size: z.number().int(),
  url: z.string(),
});
export const cadDesignSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  /** The first rendering (spec: `image`); every rendering is in `images`. */
  image: z.string().nullable(),
  images: z.array(orderImageSchema),
  model: cadModelSchema.nullable(),
  description: z.string(),
  is_approved: z.boolean(),
  /** `superseded`: a newer version replaced it; only the newest unapproved version can be approved. */
  status: z.enum(CAD_STATUSES),
  approved_at: z.string().nullable(),
  created_at: z.string(),
});
export type CadDesign = z.infer<typeof cadDesignSchema>;

/** A quote's line, before tax; `making`: a making charge (taxed at its own rate when the tax rules bill it separately). */
export const quoteLineItemSchema = estimateLineSchema.extend({ making: z.boolean().optional() });
export type QuoteLineItem = z.infer<typeof quoteLineItemSchema>;

export const quoteSchema = z.object({
  id: z.string(),
  order_id: z.string(),
  order_number: z.string(),
  design_name: z.string(),
  /** The total incl. tax (the line items plus `tax`); the advance is a percentage of it. */
  amount: moneySchema,
  currency: z.enum(CURRENCIES),
  /** Before tax. */
  line_items: z.array(quoteLineItemSchema),
  /** The tax lines and totals (null: a quote issued before tax existed, its amount carries none). */
  tax: taxBreakdownSchema.nullable(),
  advance_percent: z.number(),
  advance_amount: moneySchema,
  balance_amount: moneySchema,
  valid_until: z.string(),
  note: z.string(),
  /** `expired` is computed from `valid_until` for a pending quote. */
  status: z.enum(QUOTE_STATUSES),
  decline_reason: z.string(),
  created_at: z.string(),
  responded_at: z.string().nullable(),
});
export type Quote = z.infer<typeof quoteSchema>;
export const quoteListSchema = paginatedSchema(quoteSchema);

export const paymentInstructionsSchema = z.object({
  /** Lines to show as they are (bank account, UPI id, what to write as the reference). */
  lines: z.array(z.string()),
  upi_id: z.string().nullable(),
});
export type PaymentInstructions = z.infer<typeof paymentInstructionsSchema>;

export const paymentSchema = z.object({
  id: z.string(),
  order_id: z.string(),
  kind: z.enum(PAYMENT_KINDS),
  amount: moneySchema,
  currency: z.enum(CURRENCIES),
  provider: z.string(),
  reference: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  rejection_reason: z.string(),
  /** Why the provider failed an online payment (status failed). */
  failure_reason: z.string(),
  /** Why captured money was not accepted (status flagged): amount, currency, or an order that no longer takes it. */
  flag_reason: z.string(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;
export const paymentListSchema = paginatedSchema(paymentSchema);

/** What the customer owes next and how to pay it; null when nothing is due. */
export const paymentDueSchema = z.object({
  kind: z.enum(PAYMENT_KINDS),
  amount: moneySchema,
  currency: z.enum(CURRENCIES),
  instructions: paymentInstructionsSchema,
  /** A declared payment of this kind waiting for staff. */
  awaiting_confirmation: z.boolean(),
});
export type PaymentDue = z.infer<typeof paymentDueSchema>;

/** POST /orders/{id}/payments/ answers the payment with what is due and how to pay. */
export const paymentDeclaredSchema = paymentSchema.extend({ amount_due: moneySchema, instructions: paymentInstructionsSchema });
export const paymentInputSchema = z.object({
  kind: z.enum(PAYMENT_KINDS, { error: 'Choose "advance" or "balance".' }),
  reference: z
    .string({ error: "This field is required." })
    .trim()
    .min(3, "Enter the transfer's reference (at least 3 characters).")
    .max(100, "Ensure this field has no more than 100 characters."),
});

export const orderDesignSchema = z.object({
  id: z.string(),
  name: z.string(),
  design_type: z.enum(DESIGN_TYPES),
  /** Metal as text ("18K Yellow Gold"). */
  metal: z.string(),
  /** Stones as text ("1 × Diamond 0.50 ct G VS1"). */
  stones: z.string(),
  size: z.string(),
  description: z.string(),
  images: z.array(orderImageSchema),
  source: z.enum(["custom", "link"]),
  inspiration_link: z.string(),
  /** Every field the customer filled in (shown grouped with `designFieldGroups`). */
  details: designDetailsSchema,
});

export const customerSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone_number: z.string(),
});

export const orderSummarySchema = z.object({
  id: z.string(),
  order_number: z.string(),
  status: z.enum(ORDER_STATUSES),
  design_id: z.string(),
  design_name: z.string(),
  design_type: z.enum(DESIGN_TYPES),
  thumbnail: z.string().nullable(),
  /** The accepted quote's amount, else the pending quote's; null before a quote. */
  quoted_price: moneySchema.nullable(),
  currency: z.enum(CURRENCIES),
  /** null when the stored estimate cannot be shown (a figure beyond what the API carries, saved before the limits). */
  estimate_point: moneySchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;
export const orderListSchema = paginatedSchema(orderSummarySchema);

export const staffOrderSummarySchema = orderSummarySchema.extend({
  customer: customerSchema,
  /** When the order entered its current status (the queue's waiting time). */
  status_since: z.string(),
});
export const staffOrderListSchema = paginatedSchema(staffOrderSummarySchema);

export const orderSchema = z.object({
  id: z.string(),
  order_number: z.string(),
  status: z.enum(ORDER_STATUSES),
  progress: z.number().int(),
  quoted_price: moneySchema.nullable(),
  currency: z.enum(CURRENCIES),
  /** "Custom design" or "Product link". */
  order_type: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  design: orderDesignSchema,
  /** null when the stored estimate cannot be shown (a figure beyond what the API carries, saved before the limits). */
  estimate: estimateSchema.nullable(),
  cad_designs: z.array(cadDesignSchema),
  /** Hallmark and grading certificates staff attached, oldest first. */
  certificates: z.array(certificateSchema),
  comments: z.array(commentSchema),
  quotes: z.array(quoteSchema),
  payments: z.array(paymentSchema),
  /** Confirmed payments less succeeded refunds (what the atelier holds of the customer's money). */
  amount_paid: moneySchema,
  /** Succeeded refunds of confirmed payments. */
  amount_refunded: moneySchema,
  /** The refunds of the order's payments, oldest first. */
  refunds: z.array(refundSchema),
  /** The quote's amount less `amount_paid`; null before a quote is accepted; "0.00" once the order is cancelled (nothing is due). */
  balance_due: moneySchema.nullable(),
  payment_due: paymentDueSchema.nullable(),
  events: z.array(orderEventSchema),
  shipment: z.object({ carrier: z.string(), tracking_number: z.string() }).nullable(),
  /** The delivery address chosen for the order (a snapshot: later edits of the saved address do not change it); null until chosen. */
  delivery_address: postalAddressSchema.nullable(),
  /** The billing address (the delivery address unless another was chosen); null until chosen. */
  billing_address: postalAddressSchema.nullable(),
  cancel_reason: z.string(),
  /** Only in staff answers. */
  customer: customerSchema.optional(),
});
export type Order = z.infer<typeof orderSchema>;

const statusFilter = z
  .string()
  .trim()
  .transform((v) => v.toLowerCase())
  .refine(
    (v) => v === "" || v === "all" || v in ORDER_STATUS_GROUPS || (ORDER_STATUSES as readonly string[]).includes(v),
    "Unknown status.",
  )
  .optional();
export const orderListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  /** A lifecycle status, or a group of the list's filter (pending, processing, shipped, delivered, canceled). */
  status: statusFilter,
  search: text(200).optional(),
});
export const quoteListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  status: z.union([z.enum(QUOTE_STATUSES), z.literal(""), z.literal("all")]).optional(),
  search: text(200).optional(),
});

/** The statuses a filter value stands for; undefined for "all". */
export function statusesOfFilter(value: string | undefined) {
  if (!value || value === "all") return undefined;
  if (value in ORDER_STATUS_GROUPS) return [...ORDER_STATUS_GROUPS[value as OrderStatusGroup]];
  return [value as (typeof ORDER_STATUSES)[number]];
}

export const cancelInputSchema = z.object({ reason: text(1000).default("") });
export const declineInputSchema = z.object({ reason: text(1000).default("") });

export const notificationSchema = z.object({
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  message: z.string(),
  /** Where the notification leads in the app ("/dashboard/orders/<id>"). */
  link: z.string(),
  is_read: z.boolean(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;
export const notificationListSchema = paginatedSchema(notificationSchema).extend({ unread_count: z.number().int() });

export const recentOrderSchema = z.object({
  id: z.string(),
  design_name: z.string(),
  order_number: z.string(),
  created_at: z.string(),
  status: z.enum(ORDER_STATUSES),
  quoted_price: moneySchema.nullable(),
  currency: z.enum(CURRENCIES),
});
export const activityItemSchema = z.object({
  id: z.string(),
  type: z.enum(["comment", "status_change"]),
  status: z.enum(ORDER_STATUSES),
  title: z.string(),
  design_name: z.string(),
  order_number: z.string(),
  order_id: z.string(),
  created_at: z.string(),
});
export const dashboardDataSchema = z.object({
  total_orders: z.number().int(),
  active_orders: z.number().int(),
  total_designs: z.number().int(),
  order_stats: z.array(z.object({ status: z.enum(ORDER_STATUSES), count: z.number().int() })),
  recent_orders: z.array(recentOrderSchema),
  activity_items: z.array(activityItemSchema),
  notifications: z.array(notificationSchema),
  unread_notifications: z.number().int(),
});
export type DashboardData = z.infer<typeof dashboardDataSchema>;

// ---- staff ----

/** A quote is valid for at most this many days, given as `valid_days` or as `valid_until`. */
export const QUOTE_MAX_VALID_DAYS = 365;

export const quoteInputSchema = z
  .object({
    /** If given, the sum of the line items (before tax); the quote's amount is computed incl. tax. */
    amount: moneyInputSchema.optional(),
    currency: z.enum(CURRENCIES).optional(),
    line_items: z
      .array(
        z.object({
          label: text(200).min(1, "Each line needs a label."),
          amount: moneyInputSchema,
          /** A making charge: taxed at the making charges' rate when the tax rules bill them separately. */
          making: z.boolean().optional(),
        }),
      )
      .min(1, "A quote needs at least one line.")
      .max(50),
    advance_percent: z
      .number({ error: "Enter a percentage from 0 to 100." })
      .min(0, "Enter a percentage from 0 to 100.")
      .max(100, "Enter a percentage from 0 to 100.")
      .default(50),
    valid_days: z
      .number({ error: `Enter a number of days from 1 to ${QUOTE_MAX_VALID_DAYS}.` })
      .int(`Enter a number of days from 1 to ${QUOTE_MAX_VALID_DAYS}.`)
      .min(1, `Enter a number of days from 1 to ${QUOTE_MAX_VALID_DAYS}.`)
      .max(QUOTE_MAX_VALID_DAYS, `Enter a number of days from 1 to ${QUOTE_MAX_VALID_DAYS}.`)
      .optional(),
    /** At most QUOTE_MAX_VALID_DAYS ahead of the moment the quote is issued (checked by the server's clock). */
    valid_until: z.iso.datetime({ offset: true, error: "Enter a date and time with a time zone." }).optional(),
    note: text(2000).default(""),
  })
  .refine((q) => !(q.valid_days !== undefined && q.valid_until !== undefined), {
    message: "Give valid_days or valid_until, not both.",
    path: ["valid_until"],
  });
export type QuoteInput = z.input<typeof quoteInputSchema>;

/**
 * The tax a quote would carry (the quote builder's preview), asked as a query: the sum of its lines
 * before tax that are jewellery (`goods`) and that are making charges (`making`), in `currency`.
 */
export const quoteTaxQuerySchema = z.object({
  currency: z.enum(CURRENCIES).optional(),
  goods: moneyInputSchema.optional(),
  making: moneyInputSchema.optional(),
});
export type QuoteTaxQuery = z.input<typeof quoteTaxQuerySchema>;

/** The staff quote builder's fields as typed: every figure is text until the quote is issued. */
export interface QuoteFormValues {
  currency: Currency;
  /** `making`: a making charge (taxed at its own rate when the tax rules bill making charges separately). */
  line_items: { label: string; amount: string; making?: boolean }[];
  advance_percent: string;
  valid_days: string;
  note: string;
}

const typedNumber = (text: string) => (text.trim() === "" ? Number.NaN : Number(text));

/** The request the builder sends: labels and note trimmed, "1,250.50" as "1250.50", figures as numbers. */
export function quoteInputFromForm(values: QuoteFormValues): QuoteInput {
  return {
    currency: values.currency,
    line_items: values.line_items.map((l) => ({
      label: l.label.trim(),
      amount: l.amount.trim().replaceAll(",", ""),
      ...(l.making ? { making: true } : {}),
    })),
    advance_percent: typedNumber(values.advance_percent),
    valid_days: typedNumber(values.valid_days),
    note: values.note.trim(),
  };
}

/** The builder's check before sending: the request it would send, checked by quoteInputSchema itself. */
export const quoteFormSchema = z
  .object({
    currency: z.enum(CURRENCIES),
    line_items: z.array(z.object({ label: z.string(), amount: z.string(), making: z.boolean().optional() })),
    advance_percent: z.string(),
    valid_days: z.string(),
    note: z.string(),
  })
  .transform(quoteInputFromForm)
  .pipe(quoteInputSchema);

export const paymentRejectInputSchema = z.object({
  reason: z.string({ error: "This field is required." }).trim().min(1, "Say why the payment is rejected.").max(1000),
});

export const transitionInputSchema = z.object({
  to: z.enum(STAFF_TRANSITION_TARGETS, { error: "Unknown status." }),
  note: text(2000).default(""),
  carrier: text(100).default(""),
  tracking_number: text(100).default(""),
});
export type TransitionInput = z.input<typeof transitionInputSchema>;

/** The messages of the rules the order service applies to a move (the workbench checks them first). */
export const TRANSITION_MESSAGES = {
  carrier: "Enter the carrier.",
  tracking_number: "Enter the tracking number.",
  cancelReason: "Say why the order is cancelled.",
} as const;

/** The workbench's move: a shipment names its carrier and tracking number; a cancellation says why. */
export const transitionFormSchema = transitionInputSchema.superRefine((v, ctx) => {
  if (v.to === "shipped") {
    if (!v.carrier) ctx.addIssue({ code: "custom", path: ["carrier"], message: TRANSITION_MESSAGES.carrier });
    if (!v.tracking_number) ctx.addIssue({ code: "custom", path: ["tracking_number"], message: TRANSITION_MESSAGES.tracking_number });
  }
  if (v.to === "cancelled" && !v.note) ctx.addIssue({ code: "custom", path: ["note"], message: TRANSITION_MESSAGES.cancelReason });
});

/** The workbench's cancel dialog: its reason becomes the cancelling move's note. */
export const staffCancelFormSchema = z.object({ reason: text(2000).min(1, TRANSITION_MESSAGES.cancelReason) });
