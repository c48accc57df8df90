import type { PaymentProvidersConfig } from "../../config-payments.ts";
import type { WebhookProvider } from "./provider-events.ts";
import { createRazorpayProvider } from "./razorpay.provider.ts";
import { createStripeProvider } from "./stripe.provider.ts";

/** The providers whose keys are set, in the order the order page offers them. */
export function configuredProviders(config: PaymentProvidersConfig): WebhookProvider[] {
  return [
    ...(config.razorpay ? [createRazorpayProvider(config.razorpay)] : []),
    ...(config.stripe ? [createStripeProvider(config.stripe)] : []),
  ];
}

/**
 * What the Content-Security-Policy must allow for Razorpay Checkout, and nothing when Razorpay is
 * not configured: its script (checkout.razorpay.com, or the fake's), the frame it opens and the
 * API it calls (api.razorpay.com). Stripe Checkout is a redirect and needs nothing.
 */
export function paymentCsp(config: PaymentProvidersConfig): { scriptSrc: string[]; frameSrc: string[]; connectSrc: string[] } {
  if (!config.razorpay) return { scriptSrc: [], frameSrc: [], connectSrc: [] };
  const script = new URL(config.razorpay.checkoutScriptUrl).origin;
  const api = new URL(config.razorpay.apiUrl).origin;
  return { scriptSrc: [script], frameSrc: [...new Set([api, script])], connectSrc: [...new Set([api, script])] };
}
