import Decimal from "decimal.js";
import {
  formatMoney,
  type Currency,
  type DesignType,
  type Estimate,
  type EstimateLine,
  type PricingTables,
  type StoneQualityBand,
  type TaxPlace,
} from "@atelier/contract";
import { taxDestination, taxOfLines } from "../tax/tax-place.ts";

/**
 * The instant estimate (DOMAIN.md "Pricing engine"): pure and deterministic, every figure a line.
 * All arithmetic is exact decimal; amounts are worked out in INR (the tables' base currency),
 * rounded to paise, then each line is converted to the design's currency and rounded half-up to
 * two places, so the converted lines always add up to `point`.
 */

/** Private constructor: never touches decimal.js's global settings. */
const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
type Dec = InstanceType<typeof D>;

export interface EstimateStoneInput {
  stone_type: string;
  stone_carat: number | null;
  stone_color: string;
  stone_clarity: string;
  quantity: number;
}

export interface EstimateInput {
  design_type: DesignType;
  metal_type: string;
  metal_color: string;
  purity: string;
  weight_grams: number | null;
  stones: EstimateStoneInput[];
  currency: Currency;
  /** decimal string in `currency`, for a link design with a shop price */
  retail_price: string | null;
}

type RatedMetal = PricingTables["metal_rates"][number]["metal_type"];
const RATED_METALS: readonly RatedMetal[] = ["gold", "platinum", "silver"];
/** Stone types whose colour is graded D–Z, so their band needs both colour and clarity. */
const LETTER_GRADED = new Set(["diamond", "lab_grown_diamond", "moissanite"]);
/** Stone types that get a grading certificate from `grading_min_carat` up. */
const CERTIFIED_TYPES = new Set(["diamond", "lab_grown_diamond"]);
const FALLBACK_STONE = "gemstone";
const A_PIECE: Record<DesignType, string> = {
  ring: "a ring",
  necklace: "a necklace",
  earrings: "a pair of earrings",
  bracelet: "a bracelet",
  nose_pin: "a nose pin",
  pendant: "a pendant",
  other: "a piece",
};

/**
 * `seller` given: the estimate also carries the tax on its point figure (`tax`, with the total incl.
 * tax), delivered where taxDestination says for a sale without an address (the seller's state in the
 * seller's currency, an export in another). The making charge and the setting are its making charges.
 */
export function computeEstimate(input: EstimateInput, tables: PricingTables, version: number, seller?: TaxPlace): Estimate {
  const assumptions: string[] = [];
  const base: { label: string; amount: Dec; making?: boolean }[] = [];

  // Metal.
  const metal = resolveMetal(input, tables, assumptions);
  const weight = resolveWeight(input, tables, assumptions);
  base.push({
    label: `Metal: ${metal.name}, ${weight.toFixed(2)} g at ${inr(metal.pricePerGram)}/g`,
    amount: money(weight.times(metal.pricePerGram)),
  });

  // Stones, one line per row.
  const minCarat = new D(tables.grading_min_carat);
  let stoneCount = 0;
  let certified = 0;
  input.stones.forEach((row, i) => {
    const stone = resolveStone(row, i + 1, tables, assumptions);
    if (!stone) return;
    stoneCount += stone.quantity;
    if (CERTIFIED_TYPES.has(stone.type) && stone.carat.gte(minCarat)) certified += stone.quantity;
    const grade = [row.stone_color.trim(), row.stone_clarity.trim()].filter(Boolean).join(" ");
    const rateNote = stone.type === FALLBACK_STONE && stone.name !== humanise(FALLBACK_STONE) ? ` (${humanise(FALLBACK_STONE)} rate)` : "";
    base.push({
      label:
        `Stone: ${stone.quantity} × ${stone.name} ${stone.carat.toFixed(2)} ct${grade ? ` ${grade}` : ""}, ` +
        `${stone.band} quality at ${inr(stone.pricePerCarat)}/ct${rateNote}`,
      amount: money(stone.carat.times(stone.pricePerCarat).times(stone.quantity)),
    });
  });

  // Labour: the making charge by type, and setting per stone.
  base.push({
    label: `Labour: making charge for ${A_PIECE[input.design_type]}`,
    amount: money(new D(tables.labour[input.design_type])),
    making: true,
  });
  if (stoneCount > 0) {
    const fee = new D(tables.setting_per_stone);
    base.push({ label: `Setting: ${plural(stoneCount, "stone")} at ${inr(fee)} each`, amount: money(fee.times(stoneCount)), making: true });
  }

  // Certification: the metal is always precious here (an unknown metal is priced as gold).
  base.push({ label: `Hallmark: ${metal.hallmarkName}`, amount: money(new D(tables.hallmark_fee)) });
  if (certified > 0) {
    const fee = new D(tables.grading_fee);
    base.push({
      label: `Grading: ${plural(certified, "certificate")} (diamonds of ${minCarat.toFixed(2)} ct or more) at ${inr(fee)} each`,
      amount: money(fee.times(certified)),
    });
  }

  // Margin on everything above.
  const subtotal = sum(base.map((l) => l.amount));
  const marginPercent = new D(String(tables.margin_percent));
  base.push({ label: `Margin: ${formatPercent(marginPercent)} of ${inr(subtotal)}`, amount: money(subtotal.times(marginPercent).div(100)) });

  // Conversion, line by line, so the lines add up to the point estimate exactly.
  const rate = input.currency === tables.base_currency ? new D(1) : new D(tables.currency_rates[input.currency]);
  if (rate.lte(0)) throw new Error(`The pricing tables have no usable rate for ${input.currency}.`);
  if (input.currency !== tables.base_currency) assumptions.push(`Converted from INR at ${inr(rate)} per ${input.currency}.`);
  const lines: EstimateLine[] = base.map((l) => ({ label: l.label, amount: money(l.amount.div(rate)).toFixed(2) }));
  const point = sum(lines.map((l) => new D(l.amount)));
  const low = money(point.times(new D(100).minus(String(tables.range_low_percent))).div(100));
  const high = money(point.times(new D(100).plus(String(tables.range_high_percent))).div(100));

  const retail = parseRetail(input.retail_price);
  let savings: number | null = null;
  if (retail) {
    const n = retail.minus(point).div(retail).times(100).toDecimalPlaces(1, D.ROUND_HALF_UP).toNumber();
    savings = n === 0 ? 0 : n; // never -0
  }

  return {
    currency: input.currency,
    low: low.toFixed(2),
    point: point.toFixed(2),
    high: high.toFixed(2),
    lines,
    retail_price: retail ? retail.toFixed(2) : null,
    savings_percent: savings,
    assumptions,
    pricing_version: version,
    ...(seller
      ? {
          tax: taxOfLines(
            tables.tax,
            seller,
            taxDestination(seller, null, input.currency),
            lines.map((l, i) => ({ amount: l.amount, making: base[i]?.making })),
          ),
        }
      : {}),
  };
}

export interface DesignPricingFields {
  designType: DesignType;
  metalType: string;
  metalColor: string;
  purity: string;
  /** grams */
  weight: number | null;
  currency: Currency;
  source: "custom" | "link";
  /** For a link design, the shop's price in `currency`. */
  budget: number | null;
}

export interface StonePricingFields {
  stoneType: string;
  stoneCarat: number | null;
  stoneColor: string;
  stoneClarity: string;
  quantity: number;
}

/** The engine's input from a `designs` row and its `design_stones` rows. */
export function estimateInputOf(design: DesignPricingFields, stones: StonePricingFields[]): EstimateInput {
  const shopPrice = design.source === "link" && design.budget != null && Number.isFinite(design.budget) && design.budget > 0;
  return {
    design_type: design.designType,
    metal_type: design.metalType,
    metal_color: design.metalColor,
    purity: design.purity,
    weight_grams: design.weight,
    stones: stones.map((s) => ({
      stone_type: s.stoneType,
      stone_carat: s.stoneCarat,
      stone_color: s.stoneColor,
      stone_clarity: s.stoneClarity,
      quantity: s.quantity,
    })),
    currency: design.currency,
    retail_price: shopPrice ? new D(design.budget ?? 0).toFixed(2) : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Metal and weight

interface ResolvedMetal {
  pricePerGram: Dec;
  /** "18K yellow gold", "950 platinum" */
  name: string;
  /** "18K gold" */
  hallmarkName: string;
}

function resolveMetal(input: EstimateInput, tables: PricingTables, assumptions: string[]): ResolvedMetal {
  const given = input.metal_type.trim().toLowerCase();
  const purity = input.purity.trim().toUpperCase();
  const rateOf = (metal: RatedMetal, p: string) => tables.metal_rates.find((r) => r.metal_type === metal && r.purity.toUpperCase() === p);

  let metal: RatedMetal;
  let metalAssumed = false;
  const known = RATED_METALS.find((m) => m === given);
  if (known) {
    metal = known;
  } else {
    // A purity that only one metal has (925, 950) says which metal it is.
    const owners = [...new Set(tables.metal_rates.filter((r) => purity && r.purity.toUpperCase() === purity).map((r) => r.metal_type))];
    const [owner] = owners;
    if (owners.length === 1 && owner) {
      metal = owner;
      assumptions.push(`${given ? `Metal "${input.metal_type.trim()}" is not priced` : "Metal not given"}: ${purity} read as ${metal}.`);
    } else {
      metal = "gold";
      metalAssumed = true;
    }
  }

  let rate = purity ? rateOf(metal, purity) : undefined;
  if (!rate) {
    const fallback = tables.default_purity[metal].toUpperCase();
    rate = rateOf(metal, fallback) ?? tables.metal_rates.find((r) => r.metal_type === metal);
    if (!rate) throw new Error(`The pricing tables have no rate for ${metal}.`);
    if (metalAssumed) {
      assumptions.push(`${given ? `Metal "${input.metal_type.trim()}" is not priced` : "Metal not given"}: priced as ${rate.purity} ${metal}.`);
    } else {
      assumptions.push(purity ? `No ${metal} rate for ${purity}: priced as ${rate.purity}.` : `Purity not given: ${rate.purity} ${metal} assumed.`);
    }
  } else if (metalAssumed) {
    assumptions.push(`${given ? `Metal "${input.metal_type.trim()}" is not priced` : "Metal not given"}: priced as ${rate.purity} ${metal}.`);
  }

  const colour = metal === "gold" ? input.metal_color.trim().toLowerCase() : "";
  return {
    pricePerGram: new D(rate.price_per_gram),
    name: [rate.purity, colour, metal].filter(Boolean).join(" "),
    hallmarkName: `${rate.purity} ${metal}`,
  };
}

function resolveWeight(input: EstimateInput, tables: PricingTables, assumptions: string[]): Dec {
  const w = input.weight_grams;
  if (w != null && Number.isFinite(w)) {
    const grams = new D(w).toDecimalPlaces(2, D.ROUND_HALF_UP);
    if (grams.gt(0)) return grams;
  }
  const fallback = new D(tables.default_weight_grams[input.design_type]);
  assumptions.push(`Weight not given: ${fallback.toFixed(2)} g assumed, the usual weight of ${A_PIECE[input.design_type]}.`);
  return fallback;
}

// ---------------------------------------------------------------------------------------------
// Stones

interface ResolvedStone {
  /** The table's stone type the rate came from. */
  type: string;
  /** What the label calls the stone: the customer's type, in words. */
  name: string;
  carat: Dec;
  quantity: number;
  band: StoneQualityBand;
  pricePerCarat: Dec;
}

function resolveStone(row: EstimateStoneInput, n: number, tables: PricingTables, assumptions: string[]): ResolvedStone | null {
  const rawType = row.stone_type.trim();
  const hasCarat = row.stone_carat != null && Number.isFinite(row.stone_carat) && row.stone_carat > 0;
  if (!rawType && !hasCarat && !row.stone_color.trim() && !row.stone_clarity.trim()) {
    assumptions.push(`Stone ${n}: an empty row, left out.`);
    return null;
  }
  const grade = parseGrade(row.stone_color, row.stone_clarity);
  const tableTypes = [...new Set(tables.stone_rates.map((r) => r.stone_type))];

  let type: string;
  let name: string;
  if (rawType) {
    name = rawType.toLowerCase();
    const matched = matchStoneType(rawType, tableTypes);
    if (matched) {
      type = matched;
      if (key(rawType) === matched) name = humanise(matched);
    } else {
      type = FALLBACK_STONE;
      assumptions.push(`Stone ${n} (${name}): not in the price table, priced at the ${humanise(FALLBACK_STONE)} rate.`);
    }
  } else {
    // No type: a D–Z colour or a diamond clarity grade says diamond; anything else is a gemstone.
    type = (grade.colour !== undefined || grade.clarity !== undefined) && tableTypes.includes("diamond") ? "diamond" : FALLBACK_STONE;
    name = humanise(type);
    assumptions.push(`Stone ${n}: type not given, priced as ${name}.`);
  }

  let carat = hasCarat ? new D(row.stone_carat ?? 0).toDecimalPlaces(2, D.ROUND_HALF_UP) : new D(0);
  if (carat.lte(0)) {
    carat = new D(tables.default_stone_carat);
    assumptions.push(`Stone ${n} (${name}): carat not given, ${carat.toFixed(2)} ct assumed per stone.`);
  }

  const band = qualityBand(type, grade);
  if (band.missing) assumptions.push(`Stone ${n} (${name}): ${band.missing} not given, standard quality assumed.`);

  const rate =
    tables.stone_rates.find((r) => r.stone_type === type && r.band === band.band) ??
    tables.stone_rates.find((r) => r.stone_type === FALLBACK_STONE && r.band === band.band);
  if (!rate) throw new Error(`The pricing tables have no ${band.band} rate for ${type} or ${FALLBACK_STONE}.`);

  const quantity = Number.isFinite(row.quantity) && row.quantity >= 1 ? Math.floor(row.quantity) : 1;
  return { type: rate.stone_type, name, carat, quantity, band: band.band, pricePerCarat: new D(rate.price_per_carat) };
}

/** "Lab-grown Diamonds" → lab_grown_diamond, "blue sapphire" → sapphire, "rubies" → ruby. */
function matchStoneType(raw: string, tableTypes: string[]): string | undefined {
  const k = key(raw);
  if (tableTypes.includes(k)) return k;
  const tokens = k.split("_").filter(Boolean).map(singular);
  const words = `_${tokens.join("_")}_`;
  if (tokens.includes("diamond") && tokens.some((t) => ["lab", "grown", "lgd", "cvd", "hpht", "synthetic", "created", "man"].includes(t))) {
    if (tableTypes.includes("lab_grown_diamond")) return "lab_grown_diamond";
  }
  if (tokens.includes("lgd") && tableTypes.includes("lab_grown_diamond")) return "lab_grown_diamond";
  // The longest table type found among the words wins ("lab_grown_diamond" before "diamond").
  return [...tableTypes].sort((a, b) => b.length - a.length).find((t) => t !== FALLBACK_STONE && words.includes(`_${t}_`));
}

function key(s: string): string {
  return s
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
}

function singular(word: string): string {
  if (word.endsWith("ies") && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith("s") && !word.endsWith("ss") && word.length > 3) return word.slice(0, -1);
  return word;
}

function humanise(type: string): string {
  return type.replace(/_/g, " ");
}

const CLARITY_RANK: Record<string, number> = {
  FL: 0,
  IF: 1,
  VVS1: 2,
  VVS2: 3,
  VVS: 3,
  VS1: 4,
  VS2: 5,
  VS: 5,
  SI1: 6,
  SI2: 7,
  SI3: 7,
  SI: 7,
  I1: 8,
  I2: 8,
  I3: 8,
};
const VVS2_RANK = 3;
const VS2_RANK = 5;

interface Grade {
  /** Worst clarity named, as a rank in CLARITY_RANK. */
  clarity: number | undefined;
  /** Worst D–Z colour named, 0 for D. */
  colour: number | undefined;
  /** A coloured-gem grade: AAA(A) premium, AA fine, A standard. */
  gem: StoneQualityBand | undefined;
}

function parseGrade(colourText: string, clarityText: string): Grade {
  const clarityUp = clarityText
    .toUpperCase()
    .replace(/\bN\/?A\b/g, "")
    .replace(/INTERNALLY\s+FLAWLESS/g, "IF")
    .replace(/FLAWLESS/g, "FL");
  const clarities = [...clarityUp.matchAll(/\b(FL|IF|VVS[12]?|VS[12]?|SI[123]?|I[123])\b/g)].map((m) => CLARITY_RANK[m[1] ?? ""] ?? 8);
  const colourUp = colourText.toUpperCase().replace(/\bN\/?A\b/g, "");
  // "G", "G-H", "G/H", "GH": the worse (later) letter counts.
  const colours = [...colourUp.matchAll(/\b([D-Z])(?:\s*[-–/]?\s*([D-Z]))?\b/g)].map((m) => Math.max(...[m[1], m[2]].filter((c) => c !== undefined).map((c) => c.charCodeAt(0) - 68)));
  const gems = [...`${colourUp} ${clarityUp}`.matchAll(/\b(A{1,4})\b/g)].map((m) => (m[1] ?? "").length);
  const gemGrade = gems.length ? Math.min(...gems) : undefined;
  return {
    clarity: clarities.length ? Math.max(...clarities) : undefined,
    colour: colours.length ? Math.max(...colours) : undefined,
    gem: gemGrade === undefined ? undefined : gemGrade >= 3 ? "premium" : gemGrade === 2 ? "fine" : "standard",
  };
}

/**
 * Premium: FL/IF/VVS with colour D–F; fine: VS or better with D–H; standard otherwise. A stone whose
 * colour is not graded D–Z (ruby, pearl, ...) is banded by clarity alone, or by an AAA/AA/A grade.
 */
function qualityBand(type: string, grade: Grade): { band: StoneQualityBand; missing?: string } {
  if (grade.gem) return { band: grade.gem };
  const { clarity, colour } = grade;
  if (colour !== undefined || LETTER_GRADED.has(type)) {
    if (clarity === undefined || colour === undefined) {
      const missing = clarity === undefined && colour === undefined ? "clarity and colour grade" : clarity === undefined ? "clarity grade" : "colour grade";
      return { band: "standard", missing };
    }
    if (clarity <= VVS2_RANK && colour <= 2) return { band: "premium" };
    if (clarity <= VS2_RANK && colour <= 4) return { band: "fine" };
    return { band: "standard" };
  }
  if (clarity === undefined) return { band: "standard", missing: "quality grade" };
  if (clarity <= VVS2_RANK) return { band: "premium" };
  if (clarity <= VS2_RANK) return { band: "fine" };
  return { band: "standard" };
}

// ---------------------------------------------------------------------------------------------
// Money

function money(d: Dec): Dec {
  return d.toDecimalPlaces(2, D.ROUND_HALF_UP);
}

function sum(values: Dec[]): Dec {
  return values.reduce((a, b) => a.plus(b), new D(0));
}

function parseRetail(text: string | null): Dec | null {
  const t = text?.trim() ?? "";
  if (!/^\d+(\.\d+)?$/.test(t)) return null;
  const d = money(new D(t));
  return d.gt(0) ? d : null;
}

/** A rate of the tables (INR) as every amount is written: "₹1,20,000.00". */
function inr(d: Dec): string {
  return formatMoney(d.toFixed(2), "INR");
}

function formatPercent(d: Dec): string {
  return `${d.toString()}%`;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}
