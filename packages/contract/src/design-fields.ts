import type { Currency } from "./common.ts";
import { METAL_COLOR_LABELS, METAL_TYPE_LABELS, STONE_CUT_DEFAULT, type DesignDetails, type MetalColor, type MetalType } from "./designs.ts";

/**
 * The customer's design as label/value groups, in the custom form's order and under its section
 * titles, so that the customer's design page, the staff workbench and the order PDF show the same
 * thing. A field left empty has no row and a group without rows is left out.
 */

export interface DesignFieldRow {
  label: string;
  value: string;
}
export const DESIGN_FIELD_GROUP_IDS = ["metal", "details", "stones", "size", "budget"] as const;
export type DesignFieldGroupId = (typeof DESIGN_FIELD_GROUP_IDS)[number];
export interface DesignFieldGroup {
  id: DesignFieldGroupId;
  title: string;
  rows: DesignFieldRow[];
}

/** The form's section titles (apps/web design-form). */
export const DESIGN_FIELD_GROUP_TITLES: Record<DesignFieldGroupId, string> = {
  metal: "Metal",
  details: "Design details",
  stones: "Stones",
  size: "Size & dimensions",
  budget: "Budget & requests",
};

export interface DesignFieldFormat {
  /** How an amount is written where the groups are shown (the PDF's fonts need the currency code). */
  money: (amount: number, currency: Currency) => string;
}

const numberFormat = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });
const num = (n: number) => numberFormat.format(n);
const rows = (list: [string, string | null | undefined | false][]): DesignFieldRow[] =>
  list
    .filter((r): r is [string, string] => typeof r[1] === "string" && r[1].trim() !== "")
    .map(([label, value]) => ({ label, value: value.trim() }));
const words = (s: string) => s.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);

type MetalFields = Pick<DesignDetails, "metal" | "metal_type" | "metal_color" | "purity">;
function metalRows(d: MetalFields): DesignFieldRow[] {
  const known = d.metal_type !== "" && d.metal_type !== "other";
  const type = METAL_TYPE_LABELS[d.metal_type as MetalType] ?? d.metal_type;
  const color = METAL_COLOR_LABELS[d.metal_color as MetalColor] ?? d.metal_color;
  // A link design keeps its metal as one text ("18K Rose Gold"); show it when the fields do not say the same.
  const said = new Set(words([d.purity, color, type, d.metal_type].join(" ")));
  const text = d.metal && !words(d.metal).every((w) => said.has(w)) ? d.metal : "";
  return rows([
    ["Metal", known ? type : text || type],
    ["Color", color],
    ["Purity", d.purity],
    ["Described as", known ? text : ""],
  ]);
}

/** "L 20 × W 15 × H 5 mm", from the figures given. */
/** A design's customer fields with nothing filled in (an order whose design row is gone; tests start from it). */
export function emptyDesignDetails(currency: DesignDetails["currency"]): DesignDetails {
  return {
    metal_type: "",
    metal_color: "",
    purity: "",
    metal: "",
    weight: null,
    weight_unit: "g",
    style: "",
    setting_type: "",
    band_width: null,
    design_features: "",
    stones: [],
    stones_text: "",
    length: null,
    width: null,
    height: null,
    size: "",
    ring_size: "",
    chain_length: "",
    budget: null,
    budget_range: "",
    currency,
    special_requests: "",
  };
}

export function dimensionsText(d: Pick<DesignDetails, "length" | "width" | "height">): string {
  const parts = [d.length !== null && `L ${num(d.length)}`, d.width !== null && `W ${num(d.width)}`, d.height !== null && `H ${num(d.height)}`].filter(Boolean);
  return parts.length ? `${parts.join(" × ")} mm` : "";
}

/** The budget as the customer wrote it, unless it only repeats the amount ("1299 USD"). */
export function budgetRangeText(d: Pick<DesignDetails, "budget" | "budget_range">): string {
  const range = d.budget_range.trim();
  if (!range || d.budget === null) return range;
  const numbers = range.replace(/,/g, "").match(/\d+(?:\.\d+)?/g) ?? [];
  return numbers.length === 1 && Number(numbers[0]) === d.budget ? "" : range;
}

/** Each stone as one line, e.g. "2 × Diamond · Round · 0.5 ct · G · VS1 · Center". */
export function stoneLines(d: Pick<DesignDetails, "stones" | "stones_text">): string[] {
  const lines = d.stones.map((s) =>
    [
      `${s.quantity} × ${s.stone_type || "Stone"}`,
      s.stone_cut && s.stone_cut !== STONE_CUT_DEFAULT ? s.stone_cut : "",
      s.stone_carat !== null ? `${num(s.stone_carat)} ct` : "",
      s.stone_color,
      s.stone_clarity,
      s.position,
    ]
      .filter(Boolean)
      .join(" · "),
  );
  // A link design's stones as given, when they could not be read into the list.
  if (lines.length === 0 && d.stones_text) return d.stones_text.split(";").map((s) => s.trim()).filter(Boolean);
  return lines;
}

export function designFieldGroups(d: DesignDetails, format: DesignFieldFormat): DesignFieldGroup[] {
  const stones = stoneLines(d);
  const byGroup: Record<DesignFieldGroupId, DesignFieldRow[]> = {
    metal: [...metalRows(d), ...rows([["Weight", d.weight !== null && `${num(d.weight)} ${d.weight_unit || "g"}`]])],
    details: rows([
      ["Style", d.style],
      ["Setting type", d.setting_type],
      ["Band width", d.band_width !== null && `${num(d.band_width)} mm`],
      ["Design features", d.design_features],
    ]),
    stones: rows(stones.map((line, i): [string, string] => [stones.length === 1 ? "Stone" : `Stone ${i + 1}`, line])),
    size: rows([
      ["Dimensions", dimensionsText(d)],
      ["Size", d.size],
      ["Ring size", d.ring_size],
      ["Chain length", d.chain_length],
    ]),
    budget: rows([
      ["Budget", d.budget !== null && format.money(d.budget, d.currency)],
      ["Budget range", budgetRangeText(d)],
      ["Special requests", d.special_requests],
    ]),
  };
  return DESIGN_FIELD_GROUP_IDS.map((id) => ({ id, title: DESIGN_FIELD_GROUP_TITLES[id], rows: byGroup[id] })).filter((g) => g.rows.length > 0);
}
