import {
  CURRENCIES,
  DEFAULT_TAX_RULES,
  DESIGN_TYPE_LABELS,
  DESIGN_TYPES,
  METAL_RATE_METALS,
  NEGATIVE_AMOUNT,
  pricingTablesSchema,
  STONE_QUALITY_BANDS,
  type Currency,
  type DesignType,
  type PricingTables,
  type StoneQualityBand,
  type TaxRules,
} from "@atelier/contract";
import { ApiError } from "@/lib/api-client";
import { formatAmount } from "@/lib/format";

export type Metal = (typeof METAL_RATE_METALS)[number];

export interface MetalRow {
  key: string;
  metal_type: Metal;
  purity: string;
  price_per_gram: string;
}

/** A stone type with its price per carat in each band; a blank band falls back to the `gemstone` rate. */
export interface StoneRow {
  key: string;
  stone_type: string;
  prices: Record<StoneQualityBand, string>;
}

/** The tables as typed: every number is text until the draft is checked. */
export interface PricingDraft {
  metal_rates: MetalRow[];
  default_purity: Record<Metal, string>;
  stones: StoneRow[];
  default_stone_carat: string;
  labour: Record<DesignType, string>;
  default_weight_grams: Record<DesignType, string>;
  setting_per_stone: string;
  hallmark_fee: string;
  grading_fee: string;
  grading_min_carat: string;
  margin_percent: string;
  range_low_percent: string;
  range_high_percent: string;
  currency_rates: Record<Currency, string>;
  tax: TaxDraft;
}

/** A delivery country's tax rate as typed. */
export interface CountryTaxRow {
  key: string;
  country: string;
  label: string;
  rate: string;
}

/** The tax rules as typed (rates in percent, as text). */
export interface TaxDraft {
  goods_rate: string;
  goods_hsn: string;
  making_billed_separately: boolean;
  making_rate: string;
  making_sac: string;
  countries: CountryTaxRow[];
}

/** One message per cell, keyed like `metal_rates.0.price_per_gram`, `stones.2.fine` or `labour.ring`. */
export type DraftErrors = Record<string, string>;

let nextKey = 0;
export const newRowKey = () => `row-${++nextKey}`;

const mapRecord = <K extends string, B>(keys: readonly K[], f: (k: K) => B): Record<K, B> =>
  Object.fromEntries(keys.map((k) => [k, f(k)])) as Record<K, B>;

export function draftFromTables(tables: PricingTables): PricingDraft {
  const stones: StoneRow[] = [];
  for (const rate of tables.stone_rates) {
    let row = stones.find((s) => s.stone_type === rate.stone_type);
    if (!row) {
      row = { key: newRowKey(), stone_type: rate.stone_type, prices: { standard: "", fine: "", premium: "" } };
      stones.push(row);
    }
    row.prices[rate.band] = rate.price_per_carat;
  }
  return {
    metal_rates: tables.metal_rates.map((r) => ({ key: newRowKey(), ...r })),
    default_purity: { ...tables.default_purity },
    stones,
    default_stone_carat: tables.default_stone_carat,
    labour: mapRecord(DESIGN_TYPES, (t) => tables.labour[t] ?? ""),
    default_weight_grams: mapRecord(DESIGN_TYPES, (t) => tables.default_weight_grams[t] ?? ""),
    setting_per_stone: tables.setting_per_stone,
    hallmark_fee: tables.hallmark_fee,
    grading_fee: tables.grading_fee,
    grading_min_carat: tables.grading_min_carat,
    margin_percent: String(tables.margin_percent),
    range_low_percent: String(tables.range_low_percent),
    range_high_percent: String(tables.range_high_percent),
    currency_rates: mapRecord(CURRENCIES, (c) => tables.currency_rates[c] ?? ""),
    tax: taxDraftFrom((tables as Partial<PricingTables>).tax ?? DEFAULT_TAX_RULES),
  };
}

function taxDraftFrom(rules: TaxRules): TaxDraft {
  return { ...rules.gst, countries: rules.countries.map((c) => ({ key: newRowKey(), ...c })) };
}

/** The draft without its row keys: equal signatures mean equal drafts. */
export const draftSignature = (draft: PricingDraft): string => JSON.stringify(draft, (k, v: unknown) => (k === "key" ? undefined : v));

/** "8,000" or "8000.5" as the API's "8000.50"; anything else is left for the schema to refuse. */
export function normaliseDecimal(text: string, maxIntegerDigits = 10): string {
  const cleaned = text.trim().replaceAll(",", "").replaceAll(" ", "");
  const m = new RegExp(`^(\\d{1,${maxIntegerDigits}})(?:\\.(\\d{1,2}))?$`).exec(cleaned);
  if (!m) return cleaned;
  return `${BigInt(m[1] ?? "0").toString()}.${(m[2] ?? "").padEnd(2, "0")}`;
}

const percentOf = (text: string) => (text.trim() === "" ? Number.NaN : Number(text.trim()));

/** Where each entry of `stone_rates` came from in the draft (errors are keyed by its index). */
export type StoneIndex = { row: number; band: StoneQualityBand }[];

/** The draft in the API's shape (not yet checked) and where each stone rate came from. */
export function tablesCandidate(draft: PricingDraft): { candidate: Record<string, unknown>; stoneIndex: StoneIndex } {
  const stoneIndex: StoneIndex = [];
  const stone_rates: { stone_type: string; band: StoneQualityBand; price_per_carat: string }[] = [];
  draft.stones.forEach((row, i) => {
    for (const band of STONE_QUALITY_BANDS) {
      if (row.prices[band].trim() === "") continue;
      stone_rates.push({ stone_type: row.stone_type.trim(), band, price_per_carat: normaliseDecimal(row.prices[band]) });
      stoneIndex.push({ row: i, band });
    }
  });
  const candidate = {
    base_currency: "INR",
    metal_rates: draft.metal_rates.map((r) => ({
      metal_type: r.metal_type,
      purity: r.purity.trim(),
      price_per_gram: normaliseDecimal(r.price_per_gram),
    })),
    default_purity: { ...draft.default_purity },
    stone_rates,
    default_stone_carat: normaliseDecimal(draft.default_stone_carat, 6),
    labour: mapRecord(DESIGN_TYPES, (t) => normaliseDecimal(draft.labour[t])),
    setting_per_stone: normaliseDecimal(draft.setting_per_stone),
    hallmark_fee: normaliseDecimal(draft.hallmark_fee),
    grading_fee: normaliseDecimal(draft.grading_fee),
    grading_min_carat: normaliseDecimal(draft.grading_min_carat, 6),
    margin_percent: percentOf(draft.margin_percent),
    range_low_percent: percentOf(draft.range_low_percent),
    range_high_percent: percentOf(draft.range_high_percent),
    default_weight_grams: mapRecord(DESIGN_TYPES, (t) => normaliseDecimal(draft.default_weight_grams[t], 6)),
    currency_rates: mapRecord(CURRENCIES, (c) => normaliseDecimal(draft.currency_rates[c])),
    tax: {
      gst: {
        goods_rate: normaliseDecimal(draft.tax.goods_rate, 3),
        goods_hsn: draft.tax.goods_hsn.trim(),
        making_billed_separately: draft.tax.making_billed_separately,
        making_rate: normaliseDecimal(draft.tax.making_rate, 3),
        making_sac: draft.tax.making_sac.trim(),
      },
      countries: draft.tax.countries.map((c) => ({
        country: c.country.trim().toUpperCase(),
        label: c.label.trim(),
        rate: normaliseDecimal(c.rate, 3),
      })),
    },
  };
  return { candidate, stoneIndex };
}

/** A server or schema key (`tables.stone_rates.4.price_per_carat`) as the draft's cell key (`stones.1.fine`). */
export function draftKey(key: string, stoneIndex: StoneIndex): string {
  const k = key.replace(/^tables\./, "");
  const m = /^stone_rates\.(\d+)\.(\w+)$/.exec(k);
  if (!m) return k;
  const at = stoneIndex[Number(m[1])];
  if (!at) return "stone_rates";
  return m[2] === "price_per_carat" ? `stones.${at.row}.${at.band}` : `stones.${at.row}.stone_type`;
}

const AMOUNT = "Enter an amount with at most two decimal places.";
const QUANTITY = "Enter a number with at most two decimal places.";
const PERCENT = "Enter a percentage from 0 to 100.";

/** The contract's checks in words for a person (the schema's own messages name regular expressions). */
function messageFor(key: string): string | undefined {
  if (/^(metal_rates\.\d+\.price_per_gram|stones\.\d+\.(standard|fine|premium)|labour\.|currency_rates\.)/.test(key)) return AMOUNT;
  if (["setting_per_stone", "hallmark_fee", "grading_fee"].includes(key)) return AMOUNT;
  if (/^(default_weight_grams\.|default_stone_carat$|grading_min_carat$)/.test(key)) return QUANTITY;
  if (/_percent$/.test(key)) return PERCENT;
  if (/^metal_rates\.\d+\.purity$/.test(key)) return "Enter a purity of 1 to 10 characters, e.g. 18K.";
  if (/^stones\.\d+\.stone_type$/.test(key)) return "Enter a stone type of 1 to 50 characters.";
  if (key === "metal_rates") return "Add at least one metal rate.";
  if (key === "stone_rates") return "Add at least one stone rate.";
  if (key.startsWith("default_purity.")) return "Choose a purity.";
  return undefined;
}

export type CheckedDraft =
  { ok: true; tables: PricingTables; stoneIndex: StoneIndex } | { ok: false; errors: DraftErrors; stoneIndex: StoneIndex };

/** The draft checked against the contract's schema, as tables ready to send or messages per cell. */
export function checkDraft(draft: PricingDraft): CheckedDraft {
  const { candidate, stoneIndex } = tablesCandidate(draft);
  const errors: DraftErrors = {};
  draft.stones.forEach((row, i) => {
    if (STONE_QUALITY_BANDS.every((b) => row.prices[b].trim() === ""))
      errors[`stones.${i}.stone_type`] = "Give this stone a rate in at least one band, or remove it.";
  });
  const parsed = pricingTablesSchema.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = draftKey(issue.path.map(String).join("."), stoneIndex);
      // A negative figure is refused for its sign, in the contract's words; the rest in words per cell.
      errors[key] ??= issue.message === NEGATIVE_AMOUNT ? NEGATIVE_AMOUNT : (messageFor(key) ?? issue.message);
    }
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors, stoneIndex };
  return { ok: true, tables: parsed.data, stoneIndex };
}

/** A refused preview or save (400 `{"tables.metal_rates.0.price_per_gram": [...]}`) as the draft's cell messages. */
export function serverDraftErrors(err: unknown, stoneIndex: StoneIndex): DraftErrors {
  const errors: DraftErrors = {};
  if (!(err instanceof ApiError) || err.status !== 400 || !err.body || typeof err.body !== "object") return errors;
  for (const [key, value] of Object.entries(err.body as Record<string, unknown>)) {
    if (Array.isArray(value) && typeof value[0] === "string") errors[draftKey(key, stoneIndex)] = value[0];
  }
  return errors;
}

// ---- what changed, in words ----

const METAL_LABELS: Record<Metal, string> = { gold: "Gold", platinum: "Platinum", silver: "Silver" };
export const metalLabel = (m: Metal) => METAL_LABELS[m];
/** "lab_grown_diamond" as "Lab grown diamond". */
export const stoneLabel = (type: string) => {
  const words = type.replaceAll("_", " ").trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : "Unnamed stone";
};
export const bandLabel = (band: StoneQualityBand) => band[0]!.toUpperCase() + band.slice(1);

export interface TableEntry {
  id: string;
  label: string;
  value: string;
}

const inr = (v: string) => formatAmount(v, "INR");

/** The tables as labelled, formatted entries, in the editor's order. */
export function tableEntries(t: PricingTables): TableEntry[] {
  const out: TableEntry[] = [];
  const add = (id: string, label: string, value: string) => out.push({ id, label, value });
  for (const r of t.metal_rates)
    add(`metal:${r.metal_type}:${r.purity}`, `${metalLabel(r.metal_type)} ${r.purity}, per gram`, inr(r.price_per_gram));
  for (const m of METAL_RATE_METALS) add(`purity:${m}`, `Default ${m} purity`, t.default_purity[m]);
  for (const r of t.stone_rates)
    add(`stone:${r.stone_type}:${r.band}`, `${stoneLabel(r.stone_type)}, ${r.band}, per carat`, inr(r.price_per_carat));
  add("default_stone_carat", "Carat per stone when not given", `${t.default_stone_carat} ct`);
  for (const d of DESIGN_TYPES)
    if (t.labour[d] !== undefined) add(`labour:${d}`, `Labour, ${DESIGN_TYPE_LABELS[d].toLowerCase()}`, inr(t.labour[d]));
  for (const d of DESIGN_TYPES)
    if (t.default_weight_grams[d] !== undefined)
      add(`weight:${d}`, `Default weight, ${DESIGN_TYPE_LABELS[d].toLowerCase()}`, `${t.default_weight_grams[d]} g`);
  add("setting_per_stone", "Setting, per stone", inr(t.setting_per_stone));
  add("hallmark_fee", "Hallmark fee", inr(t.hallmark_fee));
  add("grading_fee", "Grading fee, per certified stone", inr(t.grading_fee));
  add("grading_min_carat", "Grading from", `${t.grading_min_carat} ct`);
  add("margin_percent", "Margin", `${t.margin_percent}%`);
  add("range_low_percent", "Range below the estimate", `${t.range_low_percent}%`);
  add("range_high_percent", "Range above the estimate", `${t.range_high_percent}%`);
  for (const c of CURRENCIES)
    if (c !== t.base_currency && t.currency_rates[c] !== undefined) add(`currency:${c}`, `1 ${c} in rupees`, inr(t.currency_rates[c]));
  const tax = (t as Partial<PricingTables>).tax ?? DEFAULT_TAX_RULES;
  add("tax:goods_rate", `GST on jewellery (HSN ${tax.gst.goods_hsn})`, `${tax.gst.goods_rate}%`);
  add("tax:goods_hsn", "HSN code of jewellery", tax.gst.goods_hsn);
  add("tax:making_billed_separately", "Making charges billed separately", tax.gst.making_billed_separately ? "Yes" : "No");
  add("tax:making_rate", `GST on making charges billed separately (SAC ${tax.gst.making_sac})`, `${tax.gst.making_rate}%`);
  add("tax:making_sac", "SAC code of making charges", tax.gst.making_sac);
  for (const c of tax.countries) add(`tax:country:${c.country}`, `Tax on deliveries to ${c.country}`, `${c.label} ${c.rate}%`);
  return out;
}

export interface TableChange {
  id: string;
  label: string;
  before: string | null;
  after: string | null;
}

/** The entries that differ between two tables (null where an entry was added or removed). */
export function tableChanges(before: PricingTables, after: PricingTables): TableChange[] {
  const a = new Map(tableEntries(before).map((e) => [e.id, e]));
  const b = new Map(tableEntries(after).map((e) => [e.id, e]));
  const changes: TableChange[] = [];
  for (const [id, entry] of b) {
    const old = a.get(id);
    if (old?.value !== entry.value) changes.push({ id, label: entry.label, before: old?.value ?? null, after: entry.value });
  }
  for (const [id, entry] of a) if (!b.has(id)) changes.push({ id, label: entry.label, before: entry.value, after: null });
  return changes;
}
