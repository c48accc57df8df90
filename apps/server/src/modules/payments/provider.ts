import type { Currency, RefundStatus } from "@atelier/contract";

/**
 * A way to take money. `manual`: the customer pays by bank transfer or UPI and declares the
 * reference; staff confirm receipt. Online providers (Razorpay for INR, Stripe for USD, EUR, GBP)
 * take the money through their checkout; a payment is captured only when the provider's signed
 * webhook says so, never on the customer's return alone.
 */
export interface PaymentProvider {
  readonly name: string;
}

/** What the web needs to send the customer to the provider's checkout. */
export interface CheckoutStart {
  /** The provider's order (Razorpay order_…) or checkout session (Stripe cs_…). */
  providerOrderId: string;
  /** Where to send the customer (Stripe Checkout's URL), or null when the page opens the provider's widget (Razorpay Checkout). */
  redirectUrl: string | null;
  /** The public options the provider's widget takes (Razorpay: key_id, order_id, amount in paise…). */
  widget: Record<string, unknown> | null;
}

export interface OnlineProvider extends PaymentProvider {
  readonly name: "razorpay" | "stripe";
  readonly currencies: readonly Currency[];
  /** Creates the provider-side order or session for a payment row already written (its id travels as metadata). */
  startCheckout(input: {
    paymentId: string;
    orderNumber: string;
    amount: string;
    currency: Currency;
    customerEmail: string;
    returnUrl: string;
  }): Promise<CheckoutStart>;
  /** Asks the provider to refund part or all of a captured payment; the refund settles on the provider's webhook. */
  refund(input: {
    refundId: string;
    providerPaymentId: string;
    amount: string;
    currency: Currency;
    reason: string;
  }): Promise<{ providerRefundId: string; status: RefundStatus; failureReason: string }>;
}

export const manualProvider: PaymentProvider = { name: "manual" };
