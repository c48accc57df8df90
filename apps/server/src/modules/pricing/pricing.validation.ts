import Decimal from "decimal.js";
import { METAL_RATE_METALS, STONE_QUALITY_BANDS, type FieldErrors, type PricingTables } from "@atelier/contract";
import { ValidationError } from "../../lib/errors.ts";

const FALLBACK_STONE = "gemstone";
const STONE_TYPE = /^[a-z][a-z_]*[a-z]$/;

/**
 * The checks the schema cannot make on pricing tables: the ones that keep every estimate
 * computable and sensible (a rate for every metal, a default purity that exists, a fallback
 * stone rate in every band, no zero or negative rates, no entry listed twice). Errors are keyed
 * like the error handler keys nested fields: `tables.metal_rates.0.price_per_gram`.
 */
export function tablesProblems(tables: PricingTables, prefix = "tables"): FieldErrors {
  const errors: FieldErrors = {};
  const add = (path: string, message: string) => (errors[`${prefix}.${path}`] ??= []).push(message);
  const dec = (v: string) => new Decimal(v);

  const metals = new Map<string, number>();
  tables.metal_rates.forEach((r, i) => {
    if (dec(r.price_per_gram).lte(0)) add(`metal_rates.${i}.price_per_gram`, "Enter a rate above zero.");
    const key = `${r.metal_type}:${r.purity.trim().toUpperCase()}`;
    if (metals.has(key)) add(`metal_rates.${i}.purity`, `${r.purity.trim()} ${r.metal_type} is already listed.`);
    else metals.set(key, i);
  });
  for (const metal of METAL_RATE_METALS) {
    const purities = tables.metal_rates.filter((r) => r.metal_type === metal).map((r) => r.purity.trim());
    if (purities.length === 0) {
      add("metal_rates", `Add at least one rate for ${metal}.`);
      continue;
    }
    const wanted = tables.default_purity[metal].trim().toUpperCase();
    if (!purities.some((p) => p.toUpperCase() === wanted)) {
      add(`default_purity.${metal}`, `Choose a purity listed for ${metal} in the metal rates (${purities.join(", ")}).`);
    }
  }

  const stones = new Set<string>();
  tables.stone_rates.forEach((r, i) => {
    if (!STONE_TYPE.test(r.stone_type))
      add(`stone_rates.${i}.stone_type`, "Use lowercase letters and underscores, e.g. lab_grown_diamond.");
    if (dec(r.price_per_carat).lte(0)) add(`stone_rates.${i}.price_per_carat`, "Enter a rate above zero.");
    const key = `${r.stone_type}:${r.band}`;
    if (stones.has(key)) add(`stone_rates.${i}.band`, `${r.stone_type} (${r.band}) is already listed.`);
    stones.add(key);
  });
  const missingBands = STONE_QUALITY_BANDS.filter((b) => !stones.has(`${FALLBACK_STONE}:${b}`));
  if (missingBands.length > 0) {
    add(
      "stone_rates",
      `Keep a "${FALLBACK_STONE}" rate in every band (missing: ${missingBands.join(", ")}): stones the table does not name are priced with it.`,
    );
  }

  for (const [type, amount] of Object.entries(tables.labour)) {
    if (dec(amount).lt(0)) add(`labour.${type}`, "Enter an amount of zero or more.");
  }
  for (const fee of ["setting_per_stone", "hallmark_fee", "grading_fee"] as const) {
    if (dec(tables[fee]).lt(0)) add(fee, "Enter an amount of zero or more.");
  }
  if (dec(tables.default_stone_carat).lte(0)) add("default_stone_carat", "Enter a carat weight above zero.");
  for (const [type, grams] of Object.entries(tables.default_weight_grams)) {
    if (dec(grams).lte(0)) add(`default_weight_grams.${type}`, "Enter a weight above zero.");
  }
  if (tables.range_low_percent >= 100) add("range_low_percent", "Keep the low end above zero: use less than 100.");

  for (const [currency, rate] of Object.entries(tables.currency_rates)) {
    if (currency === tables.base_currency) {
      if (!dec(rate).eq(1)) add(`currency_rates.${currency}`, `${currency} is the base currency: its rate is 1.00.`);
    } else if (dec(rate).lte(0)) {
      add(`currency_rates.${currency}`, "Enter a rate above zero.");
    }
  }
  return errors;
}

/** Throws the problems as a 400 with field errors. */
export function assertSensibleTables(tables: PricingTables, prefix = "tables"): void {
  const errors = tablesProblems(tables, prefix);
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

/**
 * The tables as flat, readable entries ("metal_rates.gold 18K" → "7150.00"), so that an audit
 * row says which rates changed from what to what rather than holding two whole tables.
 */
export function flattenTables(tables: PricingTables): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const r of tables.metal_rates) out[`metal_rates.${r.metal_type} ${r.purity}`] = r.price_per_gram;
  for (const [metal, purity] of Object.entries(tables.default_purity)) out[`default_purity.${metal}`] = purity;
  for (const r of tables.stone_rates) out[`stone_rates.${r.stone_type} ${r.band}`] = r.price_per_carat;
  for (const [k, v] of Object.entries(tables.labour)) out[`labour.${k}`] = v;
  for (const [k, v] of Object.entries(tables.default_weight_grams)) out[`default_weight_grams.${k}`] = v;
  for (const [k, v] of Object.entries(tables.currency_rates)) out[`currency_rates.${k}`] = v;
  // Tax (an old version without a tax section has none to compare: its entries read as added).
  const tax = (tables as Partial<PricingTables>).tax;
  if (tax) {
    out["tax.gst.goods_rate"] = tax.gst.goods_rate;
    out["tax.gst.goods_hsn"] = tax.gst.goods_hsn;
    out["tax.gst.making_billed_separately"] = tax.gst.making_billed_separately ? "yes" : "no";
    out["tax.gst.making_rate"] = tax.gst.making_rate;
    out["tax.gst.making_sac"] = tax.gst.making_sac;
    for (const c of tax.countries) out[`tax.countries.${c.country}`] = `${c.label} ${c.rate}`;
  }
  for (const k of [
    "default_stone_carat",
    "setting_per_stone",
    "hallmark_fee",
    "grading_fee",
    "grading_min_carat",
    "margin_percent",
    "range_low_percent",
    "range_high_percent",
  ] as const) {
    out[k] = tables[k];
  }
  return out;
}

/** The entries that differ, before and after (null where an entry was added or removed). */
export function tablesChange(
  before: PricingTables,
  after: PricingTables,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const a = flattenTables(before);
  const b = flattenTables(after);
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => a[k] !== b[k]);
  return {
    before: Object.fromEntries(keys.map((k) => [k, a[k] ?? null])),
    after: Object.fromEntries(keys.map((k) => [k, b[k] ?? null])),
  };
}
