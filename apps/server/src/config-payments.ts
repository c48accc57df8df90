import { z } from "zod";

/**
 * Online payment providers (issue 21). A provider is offered only when all of its keys are set;
 * with none set the product takes manual transfers only, as before. The *_API_URL overrides point
 * the official SDKs at another server (the local fakes of tests and the browser suite).
 */
const emptyToUndefined = (v: unknown) => (v === "" ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().min(1).optional());
const optionalUrl = z.preprocess(emptyToUndefined, z.url().optional());

export const paymentProvidersSchema = z
  .object({
    RAZORPAY_KEY_ID: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^rzp_(test|live)_\w+$/, "Use a Razorpay key id such as rzp_live_….")
        .optional(),
    ),
    RAZORPAY_KEY_SECRET: optionalString,
    RAZORPAY_WEBHOOK_SECRET: optionalString,
    RAZORPAY_API_URL: optionalUrl,
    RAZORPAY_CHECKOUT_SCRIPT_URL: optionalUrl,
    STRIPE_SECRET_KEY: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^(sk|rk)_(test|live)_\w+$/, "Use a Stripe secret key such as sk_live_….")
        .optional(),
    ),
    STRIPE_WEBHOOK_SECRET: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^whsec_\w+$/, "Use a Stripe webhook signing secret (whsec_…).")
        .optional(),
    ),
    STRIPE_API_URL: optionalUrl,
  })
  .superRefine((v, ctx) => {
    const groups = [
      ["RAZORPAY_KEY_ID", "RAZORPAY_KEY_SECRET", "RAZORPAY_WEBHOOK_SECRET"],
      ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"],
    ] as const;
    for (const keys of groups) {
      const set = keys.filter((k) => v[k] !== undefined);
      if (set.length > 0 && set.length < keys.length) {
        const missing = keys.filter((k) => v[k] === undefined);
        ctx.addIssue({
          code: "custom",
          path: [missing[0] ?? keys[0]],
          message: `Set ${keys.join(", ")} together (missing ${missing.join(", ")}), or leave them all unset.`,
        });
      }
    }
  });

export const RAZORPAY_DEFAULT_API_URL = "https://api.razorpay.com";
export const RAZORPAY_DEFAULT_CHECKOUT_SCRIPT_URL = "https://checkout.razorpay.com/v1/checkout.js";
export const STRIPE_DEFAULT_API_URL = "https://api.stripe.com";

export type RazorpayConfig = Readonly<{
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  apiUrl: string;
  checkoutScriptUrl: string;
}>;
export type StripeConfig = Readonly<{ secretKey: string; webhookSecret: string; apiUrl: string }>;
export type PaymentProvidersConfig = Readonly<{ razorpay: RazorpayConfig | undefined; stripe: StripeConfig | undefined }>;

export function paymentProvidersOf(e: z.infer<typeof paymentProvidersSchema>): PaymentProvidersConfig {
  const trim = (url: string) => url.replace(/\/+$/, "");
  return Object.freeze({
    razorpay:
      e.RAZORPAY_KEY_ID && e.RAZORPAY_KEY_SECRET && e.RAZORPAY_WEBHOOK_SECRET
        ? Object.freeze({
            keyId: e.RAZORPAY_KEY_ID,
            keySecret: e.RAZORPAY_KEY_SECRET,
            webhookSecret: e.RAZORPAY_WEBHOOK_SECRET,
            apiUrl: trim(e.RAZORPAY_API_URL ?? RAZORPAY_DEFAULT_API_URL),
            checkoutScriptUrl: e.RAZORPAY_CHECKOUT_SCRIPT_URL ?? RAZORPAY_DEFAULT_CHECKOUT_SCRIPT_URL,
          })
        : undefined,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? Object.freeze({
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            apiUrl: trim(e.STRIPE_API_URL ?? STRIPE_DEFAULT_API_URL),
          })
        : undefined,
  });
}
