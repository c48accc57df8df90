import { z } from "zod";
import { CURRENCIES } from "./common.ts";
import { paymentSchema } from "./lifecycle.ts";
import { PAYMENT_KINDS } from "./orders.ts";

/** Online payment providers beside the manual transfer: Razorpay takes INR, Stripe USD, EUR and GBP. */
export const ONLINE_PROVIDERS = ["razorpay", "stripe"] as const;
export type OnlineProviderName = (typeof ONLINE_PROVIDERS)[number];
export const ONLINE_PROVIDER_INFO: Record<OnlineProviderName, { label: string; methods: string }> = {
  razorpay: { label: "Razorpay", methods: "UPI, cards, net banking" },
  stripe: { label: "Stripe", methods: "Cards, Apple Pay, Google Pay" },
};

/** GET /orders/{id}/payments/online/: the online ways to pay what is due, for the order's currency. */
export const onlinePaymentOptionsSchema = z.object({
  /** The order's currency (the accepted quote's); null before a quote is accepted. */
  currency: z.enum(CURRENCIES).nullable(),
  /** Providers configured on this server that take that currency; empty: manual transfer only. */
  providers: z.array(z.enum(ONLINE_PROVIDERS)),
  /** Razorpay Checkout's script, which the order page loads when the customer pays with Razorpay. */
  razorpay_script_url: z.string().nullable(),
});
export type OnlinePaymentOptions = z.infer<typeof onlinePaymentOptionsSchema>;

export const checkoutInputSchema = z.object({
  kind: z.enum(PAYMENT_KINDS, { error: 'Choose "advance" or "balance".' }),
  provider: z.enum(ONLINE_PROVIDERS, { error: 'Choose "razorpay" or "stripe".' }),
});
export type CheckoutInput = z.infer<typeof checkoutInputSchema>;

/**
 * POST /orders/{id}/payments/checkout/: the pending payment and how to pay it. Stripe: go to
 * `redirect_url`. Razorpay: open Razorpay Checkout with `widget` (key, order_id, amount…). The
 * payment is confirmed only when the provider's signed webhook reports the capture.
 */
export const checkoutStartSchema = z.object({
  payment: paymentSchema,
  provider: z.enum(ONLINE_PROVIDERS),
  redirect_url: z.string().nullable(),
  widget: z.record(z.string(), z.unknown()).nullable(),
});
export type CheckoutStartResponse = z.infer<typeof checkoutStartSchema>;

export const webhookAnswerSchema = z.object({ detail: z.string() });
