import { z } from "zod";
import { CURRENCIES } from "./common.ts";
import { DESIGN_TYPES } from "./designs.ts";
import { MONEY_PATTERN, NEGATIVE_AMOUNT } from "./pricing.ts";
import { DEFAULT_TAX_RULES, taxRulesSchema } from "./tax.ts";

export const METAL_RATE_METALS = ["gold", "platinum", "silver"] as const;
export const STONE_QUALITY_BANDS = ["standard", "fine", "premium"] as const;
export type StoneQualityBand = (typeof STONE_QUALITY_BANDS)[number];

/**
 * An amount of the tables. "-5.00" passes here so the server's checks name every problem of the
 * tables at once (a rate above zero, a fee of zero or more); "-5" is refused for its sign, not for
 * its decimals.
 */
const rate = z
  .string()
  .refine((v) => MONEY_PATTERN.test(v) || !/^\s*-\s*\d/.test(v), NEGATIVE_AMOUNT)
  .refine((v) => MONEY_PATTERN.test(v) || /^\s*-\s*\d/.test(v), "Enter an amount with two decimal places, e.g. 7150.00.");
const percent = z.number().min(0).max(100);

/**
 * The pricing engine's tables, kept by admins and versioned as a whole. Amounts are in
 * `base_currency` (INR); `currency_rates` says how many INR one unit of each currency buys.
 */
export const pricingTablesSchema = z.object({
  base_currency: z.literal("INR"),
  metal_rates: z.array(z.object({ metal_type: z.enum(METAL_RATE_METALS), purity: z.string().min(1).max(10), price_per_gram: rate })).min(1),
  /** The purity assumed when a design names the metal but not its purity. */
  default_purity: z.object({ gold: z.string(), platinum: z.string(), silver: z.string() }),
  stone_rates: z
    .array(z.object({ stone_type: z.string().min(1).max(50), band: z.enum(STONE_QUALITY_BANDS), price_per_carat: rate }))
    .min(1),
  /** Carat assumed per stone when a stone has none. */
  default_stone_carat: z.string().regex(/^\d+\.\d{2}$/),
  labour: z.record(z.enum(DESIGN_TYPES), rate),
  setting_per_stone: rate,
  /** Hallmark fee per piece in a precious metal. */
  hallmark_fee: rate,
  /** Grading fee per certified stone: a diamond of at least `grading_min_carat` is certified. */
  grading_fee: rate,
  grading_min_carat: z.string().regex(/^\d+\.\d{2}$/),
  margin_percent: percent,
  /** The range: low = point × (1 − low%), high = point × (1 + high%). */
  range_low_percent: percent,
  range_high_percent: percent,
  /** Grams assumed per jewellery type when the design gives no weight. */
  default_weight_grams: z.record(z.enum(DESIGN_TYPES), z.string().regex(/^\d+\.\d{2}$/)),
  currency_rates: z.record(z.enum(CURRENCIES), rate),
  /**
   * Tax rules (GST in India, rates per delivery country). Versions saved before tax existed have no
   * such section: they read with DEFAULT_TAX_RULES (GST 3% on jewellery, HSN 7113, making charges
   * taxed with the piece; see tax.ts for why), and so does a save that leaves it out.
   */
  tax: taxRulesSchema.default(DEFAULT_TAX_RULES),
});
export type PricingTables = z.infer<typeof pricingTablesSchema>;
