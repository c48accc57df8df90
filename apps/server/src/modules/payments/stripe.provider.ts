import type { Currency } from "@atelier/contract";
import Stripe from "stripe";
import type { StripeConfig } from "../../config-payments.ts";
import { BadSignatureError, fromMinorUnits, header, toMinorUnits, type ProviderEvent, type WebhookProvider } from "./provider-events.ts";
import { providerFailure } from "./razorpay.provider.ts";

interface StripeObject {
  id?: string;
  object?: string;
  status?: string;
  payment_status?: string;
  amount?: number;
  amount_total?: number | null;
  amount_received?: number;
  currency?: string | null;
  payment_intent?: string | { id: string } | null;
  metadata?: Record<string, string> | null;
  failure_reason?: string | null;
  last_payment_error?: { message?: string } | null;
  refunds?: { data?: StripeObject[] } | null;
}

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === "string" ? v : (v?.id ?? ""));

function refundEvent(id: string, type: string, refund: StripeObject): ProviderEvent {
  if (!refund.id) return { id, type, effect: "ignored" };
  const status =
    refund.status === "succeeded" ? "succeeded" : refund.status === "failed" || refund.status === "canceled" ? "failed" : "pending";
  return {
    id,
    type,
    effect: "refund",
    providerRefundId: refund.id,
    refundId: refund.metadata?.refund_id ?? "",
    providerPaymentId: idOf(refund.payment_intent),
    status,
    failureReason:
      status === "failed" ? `Stripe could not complete the refund (${refund.failure_reason ?? refund.status ?? "failed"}).` : "",
  };
}

/**
 * Stripe (USD, EUR, GBP): a Checkout Session per payment row; the customer is sent to its URL and
 * comes back to the order page. Captured on `checkout.session.completed` (paid) or
 * `payment_intent.succeeded`; verified with stripe.webhooks.constructEvent over the raw body.
 */
export function createStripeProvider(config: StripeConfig): WebhookProvider {
  const api = new URL(config.apiUrl);
  const client = new Stripe(config.secretKey, {
    host: api.hostname,
    port: api.port || (api.protocol === "http:" ? 80 : 443),
    protocol: api.protocol === "http:" ? "http" : "https",
    timeout: 20_000,
    maxNetworkRetries: 1,
    telemetry: false,
  });
  const currencies: readonly Currency[] = ["USD", "EUR", "GBP"];
  return {
    name: "stripe",
    currencies,

    async startCheckout(input) {
      const back = (result: string) => `${input.returnUrl}${input.returnUrl.includes("?") ? "&" : "?"}payment=${result}`;
      try {
        const session = await client.checkout.sessions.create(
          {
            mode: "payment",
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: input.currency.toLowerCase(),
                  unit_amount: toMinorUnits(input.amount),
                  product_data: { name: `Order ${input.orderNumber}` },
                },
              },
            ],
            customer_email: input.customerEmail,
            client_reference_id: input.paymentId,
            metadata: { payment_id: input.paymentId, order_number: input.orderNumber },
            payment_intent_data: { metadata: { payment_id: input.paymentId, order_number: input.orderNumber } },
            success_url: back("return"),
            cancel_url: back("cancelled"),
          },
          { idempotencyKey: `checkout-${input.paymentId}` },
        );
        if (!session.url) throw new Error("Stripe returned a checkout session without a URL.");
        return { providerOrderId: session.id, redirectUrl: session.url, widget: null };
      } catch (err) {
        throw new Error(providerFailure("Stripe", err));
      }
    },

    /** An abandoned session replaced by a new checkout can no longer be paid. */
    async cancelCheckout(sessionId) {
      await client.checkout.sessions.expire(sessionId);
    },

    async refund(input) {
      try {
        const refund = await client.refunds.create(
          {
            payment_intent: input.providerPaymentId,
            amount: toMinorUnits(input.amount),
            metadata: { refund_id: input.refundId, reason: input.reason.slice(0, 450) },
          },
          { idempotencyKey: `refund-${input.refundId}` },
        );
        const status =
          refund.status === "succeeded" ? "succeeded" : refund.status === "failed" || refund.status === "canceled" ? "failed" : "pending";
        return {
          providerRefundId: refund.id,
          status,
          failureReason: status === "failed" ? `Stripe could not complete the refund (${refund.failure_reason ?? refund.status}).` : "",
        };
      } catch (err) {
        return { providerRefundId: "", status: "failed", failureReason: providerFailure("Stripe", err) };
      }
    },

    parseWebhook(rawBody, headers): ProviderEvent {
      const signature = header(headers, "stripe-signature");
      if (!signature) throw new BadSignatureError("The Stripe-Signature header is missing.");
      let event: { id: string; type: string; data: { object: unknown } };
      try {
        event = client.webhooks.constructEvent(rawBody, signature, config.webhookSecret);
      } catch {
        throw new BadSignatureError("The Stripe signature does not match.");
      }
      const { id, type } = event;
      const o = event.data.object as StripeObject;
      const currency = (o.currency ?? "").toUpperCase();
      const paymentId = o.metadata?.payment_id ?? "";
      switch (type) {
        case "checkout.session.completed":
        case "checkout.session.async_payment_succeeded":
          // A completed session whose payment is still processing (a bank debit) waits for async_payment_succeeded.
          if (o.payment_status !== "paid" && o.payment_status !== "no_payment_required") return { id, type, effect: "ignored" };
          return {
            id,
            type,
            effect: "captured",
            providerOrderId: o.id ?? "",
            paymentId,
            providerPaymentId: idOf(o.payment_intent),
            amount: fromMinorUnits(o.amount_total ?? 0),
            currency,
          };
        case "payment_intent.succeeded":
          return {
            id,
            type,
            effect: "captured",
            providerOrderId: "",
            paymentId,
            providerPaymentId: o.id ?? "",
            amount: fromMinorUnits(o.amount_received ?? o.amount ?? 0),
            currency,
          };
        case "checkout.session.expired":
          return {
            id,
            type,
            effect: "failed",
            providerOrderId: o.id ?? "",
            paymentId,
            providerPaymentId: idOf(o.payment_intent),
            reason: "The checkout expired before the payment was made.",
          };
        case "checkout.session.async_payment_failed":
          return {
            id,
            type,
            effect: "failed",
            providerOrderId: o.id ?? "",
            paymentId,
            providerPaymentId: idOf(o.payment_intent),
            reason: "The bank did not complete the payment.",
          };
        case "payment_intent.payment_failed":
          return {
            id,
            type,
            effect: "failed",
            providerOrderId: "",
            paymentId,
            providerPaymentId: o.id ?? "",
            reason: o.last_payment_error?.message ?? "The payment failed.",
          };
        case "refund.created":
        case "refund.updated":
          return refundEvent(id, type, o);
        case "charge.refunded": {
          const refund = o.refunds?.data?.[0];
          return refund
            ? refundEvent(id, type, { ...refund, payment_intent: refund.payment_intent ?? o.payment_intent ?? null })
            : { id, type, effect: "ignored" };
        }
        default:
          return { id, type, effect: "ignored" };
      }
    },
  };
}
