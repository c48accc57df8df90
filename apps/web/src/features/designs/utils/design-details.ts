import { METAL_COLOR_LABELS, METAL_TYPE_LABELS, STONE_CUT_DEFAULT, type Design, type MetalColor, type MetalType } from "@atelier/contract";
import { formatAmount } from "@/lib/format";

export interface DetailRow {
  label: string;
  value: string;
}

const numberFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });
const num = (n: number) => numberFormat.format(n);
const rows = (list: [string, string | null | undefined | false][]): DetailRow[] =>
  list.filter((r): r is [string, string] => typeof r[1] === "string" && r[1].trim() !== "").map(([label, value]) => ({ label, value }));

const words = (s: string) => s.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);

export function metalRows(d: Design): DetailRow[] {
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

export function designRows(d: Design): DetailRow[] {
  return rows([
    ["Style", d.style],
    ["Setting", d.setting_type],
    ["Band width", d.band_width !== null && `${num(d.band_width)} mm`],
    ["Features", d.design_features],
  ]);
}

export function dimensionsText(d: Design): string {
  const parts = [
    d.length !== null && `L ${num(d.length)}`,
    d.width !== null && `W ${num(d.width)}`,
    d.height !== null && `H ${num(d.height)}`,
  ].filter(Boolean);
  return parts.length ? `${parts.join(" × ")} mm` : "";
}

export function budgetText(d: Design): string {
  return d.budget !== null ? formatAmount(d.budget, d.currency) : "";
}

/** The budget as the customer wrote it, unless it only repeats the amount ("1299 USD"). */
export function budgetRangeText(d: Design): string {
  const range = d.budget_range.trim();
  if (!range || d.budget === null) return range;
  const numbers = range.replace(/,/g, "").match(/\d+(?:\.\d+)?/g) ?? [];
  return numbers.length === 1 && Number(numbers[0]) === d.budget ? "" : range;
}

export function specRows(d: Design): DetailRow[] {
  return rows([
    ["Ring size", d.ring_size],
    ["Chain length", d.chain_length],
    ["Budget", budgetText(d)],
    ["Budget range", budgetRangeText(d)],
    ["Size", d.size],
    ["Dimensions", dimensionsText(d)],
    ["Weight", d.weight !== null && `${num(d.weight)} ${d.weight_unit || "g"}`],
  ]);
}

/** Each stone as one line, e.g. "2 × Diamond · Round · 0.5 ct · G · VS1 · Center". */
export function stoneLines(d: Design): string[] {
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

/** The older single-stone fields the detail screen also reads (spec §3). */
export function singleStoneRows(d: Design): DetailRow[] {
  return rows([
    ["Stone type", d.stone_type],
    ["Stone size", d.stone_size],
    ["Stone color", d.stone_color],
    ["Stone cut", d.stone_cut],
    ["Stone setting", d.stone_setting],
  ]);
}
