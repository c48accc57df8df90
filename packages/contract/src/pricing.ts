import { z } from "zod";
import { CURRENCIES } from "./common.ts";
import { taxBreakdownSchema } from "./tax.ts";

/**
 * Money crosses the wire as a decimal string with exactly two places ("1234.50"), never as a
 * floating-point number. Inputs may also be numbers, normalised to the same string.
 */
export const MONEY_PATTERN = /^-?\d{1,10}\.\d{2}$/;
export const moneySchema = z.string().regex(MONEY_PATTERN);
export type Money = z.infer<typeof moneySchema>;

/** The refusal of a negative amount (it names the sign, not the decimals). */
export const NEGATIVE_AMOUNT = "Enter an amount of zero or more; it cannot be negative.";

/** An amount typed by a person: a number or a decimal string, at most two places, 0 to 100 000 000. */
export const moneyInputSchema = z
  .union([z.number(), z.string().trim()], { error: "A valid amount is required." })
  .transform((v, ctx) => {
    const text = typeof v === "number" ? (Number.isFinite(v) ? String(v) : "") : v;
    const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
    if (!m && /^-\s*\d/.test(text)) {
      ctx.addIssue({ code: "custom", message: NEGATIVE_AMOUNT });
      return z.NEVER;
    }
    if (!m) {
      ctx.addIssue({ code: "custom", message: "Enter an amount with at most two decimal places." });
      return z.NEVER;
    }
    return `${BigInt(m[1] ?? "0").toString()}.${(m[2] ?? "").padEnd(2, "0")}`;
  })
  .refine((v) => Number(v) <= 100_000_000, "Ensure this value is less than or equal to 100000000.");

export const estimateLineSchema = z.object({ label: z.string(), amount: moneySchema });
export type EstimateLine = z.infer<typeof estimateLineSchema>;

/**
 * The instant estimate of a design (DOMAIN.md "Pricing engine"). `point` is the sum of `lines`;
 * `low` and `high` bound it. `retail_price` and `savings_percent` are set only for a design
 * saved from a product link that had a price (savings against that price, in the same currency).
 */
export const estimateSchema = z.object({
  currency: z.enum(CURRENCIES),
  low: moneySchema,
  point: moneySchema,
  high: moneySchema,
  lines: z.array(estimateLineSchema),
  retail_price: moneySchema.nullable(),
  savings_percent: z.number().nullable(),
  /** What the engine had to assume (a default weight, a default purity), in words. */
  assumptions: z.array(z.string()),
  /** The pricing table version the figures came from. */
  pricing_version: z.number().int(),
  /**
   * The tax on `point` and its total incl. tax, for a delivery where the seller is (in the seller's
   * currency) or abroad (in another currency): the estimate is made before any address is known.
   * Absent from estimates stored before tax existed.
   */
  tax: taxBreakdownSchema.optional(),
});
export type Estimate = z.infer<typeof estimateSchema>;

/**
 * The largest estimate the product gives (in the design's currency): the ceiling of an amount staff
 * type in a quote, so that every estimate can be quoted as it stands. A design whose estimate comes
 * to more is refused (docs/limits.md).
 */
export const MAX_ESTIMATE_AMOUNT = 100_000_000;

/** Why an estimate cannot be given (an amount the API cannot carry, or beyond the ceiling); null when it can. */
export function estimateRefusal(estimate: Estimate): string | null {
  const tooLarge = `The estimate of this design comes to more than ${MAX_ESTIMATE_AMOUNT.toLocaleString("en-US")} ${estimate.currency}: check the weight, the carats and the number of stones.`;
  if (!estimateSchema.safeParse(estimate).success) return tooLarge;
  return Number(estimate.high) > MAX_ESTIMATE_AMOUNT ? tooLarge : null;
}
