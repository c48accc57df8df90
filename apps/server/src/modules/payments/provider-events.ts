import type { OnlineProvider } from "./provider.ts";

/**
 * A provider's signed webhook, verified and reduced to what the order needs. Amounts are exact
 * decimal strings in `currency` (converted from the provider's minor units); `currency` is upper
 * case; an unknown currency stays as the provider wrote it so that the comparison with the row fails.
 */
export type ProviderEvent = { id: string; type: string } & (
  | {
      effect: "captured";
      /** The provider order / checkout session the payment row was started with. */
      providerOrderId: string;
      /** Our payment row's id from the provider's metadata, when the event carries no order id (Stripe's PaymentIntent). */
      paymentId: string;
      providerPaymentId: string;
      amount: string;
      /** Upper case; a currency we do not know stays as the provider wrote it, so the comparison with the row fails. */
      currency: string;
    }
  | { effect: "failed"; providerOrderId: string; paymentId: string; providerPaymentId: string; reason: string }
  | {
      effect: "refund";
      providerRefundId: string;
      /** Our refund row's id from the provider's metadata (refunds staff started here); '' for one made elsewhere. */
      refundId: string;
      providerPaymentId: string;
      status: "succeeded" | "failed" | "pending";
      failureReason: string;
    }
  | { effect: "ignored" }
);

/** The signature did not match (or was missing): the route answers 400 and nothing changes. */
export class BadSignatureError extends Error {}

export interface WebhookProvider extends OnlineProvider {
  /** Verifies the signature over the raw body with the SDK's own function and reads the event; throws BadSignatureError. */
  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): ProviderEvent;
  /** Makes an unfinished checkout unpayable (Stripe expires the session); Razorpay orders cannot be cancelled. */
  cancelCheckout?(providerOrderId: string): Promise<void>;
}

/** "1250.00" -> 125000 minor units (INR, USD, EUR and GBP all have two decimals). */
export function toMinorUnits(amount: string): number {
  const [whole = "0", fraction = ""] = amount.split(".");
  return Number(BigInt(whole) * 100n + BigInt((fraction + "00").slice(0, 2)));
}

/** 125000 -> "1250.00" */
export function fromMinorUnits(minor: number | bigint): string {
  const n = BigInt(minor);
  const sign = n < 0n ? "-" : "";
  const abs = n < 0n ? -n : n;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, "0")}`;
}

export function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const v = headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}
