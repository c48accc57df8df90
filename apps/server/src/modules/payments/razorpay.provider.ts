import type { Currency } from "@atelier/contract";
import Razorpay from "razorpay";
import type { RazorpayConfig } from "../../config-payments.ts";
import { BadSignatureError, fromMinorUnits, header, toMinorUnits, type ProviderEvent, type WebhookProvider } from "./provider-events.ts";

/** Why a provider call failed, in a sentence (the SDK throws `{ statusCode, error: { description } }` or a network error). */
export function providerFailure(name: string, err: unknown): string {
  const e = err as { error?: { description?: string; message?: string }; message?: string } | null;
  const detail = e?.error?.description ?? e?.error?.message ?? e?.message ?? "no answer";
  return `${name} did not accept the request: ${detail}`;
}

interface RazorpayEntity {
  id?: string;
  order_id?: string;
  payment_id?: string;
  amount?: number;
  amount_paid?: number;
  currency?: string;
  status?: string;
  error_description?: string;
  error_reason?: string;
  notes?: Record<string, string> | string[];
}

function notesOf(entity: RazorpayEntity | undefined): Record<string, string> {
  const notes = entity?.notes;
  return notes && !Array.isArray(notes) ? notes : {};
}

/**
 * Razorpay (INR): a Razorpay order per payment row, paid in Razorpay Checkout on the order page;
 * captured on the `payment.captured` / `order.paid` webhook (X-Razorpay-Signature: HMAC-SHA256 hex
 * of the raw body with the webhook secret).
 */
export function createRazorpayProvider(config: RazorpayConfig): WebhookProvider & { keyId: string; checkoutScriptUrl: string } {
  const client = new Razorpay({ key_id: config.keyId, key_secret: config.keySecret });
  // The SDK fixes https://api.razorpay.com as its axios instance's base URL; tests and the browser suite use a local fake.
  (client as unknown as { api: { rq: { defaults: { baseURL: string; timeout: number } } } }).api.rq.defaults.baseURL = config.apiUrl;
  (client as unknown as { api: { rq: { defaults: { baseURL: string; timeout: number } } } }).api.rq.defaults.timeout = 20_000;
  const currencies: readonly Currency[] = ["INR"];
  return {
    name: "razorpay",
    currencies,
    keyId: config.keyId,
    checkoutScriptUrl: config.checkoutScriptUrl,

    async startCheckout(input) {
      let order: { id: string };
      try {
        order = await client.orders.create({
          amount: toMinorUnits(input.amount),
          currency: input.currency,
          receipt: input.paymentId.slice(0, 40),
          notes: { payment_id: input.paymentId, order_number: input.orderNumber },
        });
      } catch (err) {
        throw new Error(providerFailure("Razorpay", err));
      }
      return {
        providerOrderId: order.id,
        redirectUrl: null,
        widget: {
          key: config.keyId,
          order_id: order.id,
          amount: toMinorUnits(input.amount),
          currency: input.currency,
          description: `Order ${input.orderNumber}`,
          prefill: { email: input.customerEmail },
          notes: { payment_id: input.paymentId },
        },
      };
    },

    async refund(input) {
      try {
        const refund = await client.payments.refund(input.providerPaymentId, {
          amount: toMinorUnits(input.amount),
          notes: { refund_id: input.refundId, reason: input.reason.slice(0, 250) },
          receipt: input.refundId.slice(0, 40),
        });
        // Razorpay answers "pending" (or "processed" at once); either way refund.processed settles it.
        return {
          providerRefundId: refund.id,
          status: refund.status === "processed" ? "succeeded" : refund.status === "failed" ? "failed" : "pending",
          failureReason: "",
        };
      } catch (err) {
        return { providerRefundId: "", status: "failed", failureReason: providerFailure("Razorpay", err) };
      }
    },

    parseWebhook(rawBody, headers): ProviderEvent {
      const signature = header(headers, "x-razorpay-signature");
      if (!signature || !Razorpay.validateWebhookSignature(rawBody.toString("utf8"), signature, config.webhookSecret))
        throw new BadSignatureError("The Razorpay signature does not match.");
      const body = JSON.parse(rawBody.toString("utf8")) as {
        event?: string;
        payload?: { payment?: { entity?: RazorpayEntity }; order?: { entity?: RazorpayEntity }; refund?: { entity?: RazorpayEntity } };
      };
      const type = body.event ?? "";
      const payment = body.payload?.payment?.entity;
      const order = body.payload?.order?.entity;
      const refund = body.payload?.refund?.entity;
      // Razorpay's retries of one delivery carry the same event id; without it the payload's ids make one.
      const id = header(headers, "x-razorpay-event-id") ?? `${type}:${refund?.id ?? payment?.id ?? order?.id ?? ""}`;
      const currency = (payment?.currency ?? "").toUpperCase();
      switch (type) {
        case "payment.captured":
        case "order.paid":
          if (!payment?.id) return { id, type, effect: "ignored" };
          return {
            id,
            type,
            effect: "captured",
            providerOrderId: payment.order_id ?? order?.id ?? "",
            paymentId: notesOf(payment).payment_id ?? notesOf(order).payment_id ?? "",
            providerPaymentId: payment.id,
            amount: fromMinorUnits(payment.amount ?? 0),
            currency,
          };
        case "payment.failed":
          return {
            id,
            type,
            effect: "failed",
            providerOrderId: payment?.order_id ?? "",
            paymentId: notesOf(payment).payment_id ?? "",
            providerPaymentId: payment?.id ?? "",
            reason: payment?.error_description || payment?.error_reason || "The payment failed.",
          };
        case "refund.processed":
        case "refund.failed":
          if (!refund?.id) return { id, type, effect: "ignored" };
          return {
            id,
            type,
            effect: "refund",
            providerRefundId: refund.id,
            refundId: notesOf(refund).refund_id ?? "",
            providerPaymentId: refund.payment_id ?? payment?.id ?? "",
            status: type === "refund.processed" ? "succeeded" : "failed",
            failureReason: type === "refund.failed" ? "Razorpay could not complete the refund." : "",
          };
        default:
          return { id, type, effect: "ignored" };
      }
    },
  };
}
