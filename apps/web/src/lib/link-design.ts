import { DESIGN_TYPES, MAX_IMAGES_PER_DESIGN, type DesignFromLink, type DesignType, type ExtractedProduct } from "@atelier/contract";

/**
 * An extracted product read into the link review form, and the review form into the JSON save of
 * a link design (spec §7). Shared: the designs feature's review form and the public instant quote
 * (which saves the same payload after sign-up) both use it.
 */

/** A stone row of the review form holds the same texts as the custom form's stone row. */
export interface ReviewStone {
  stone_type: string;
  stone_cut: string;
  stone_carat: string;
  stone_color: string;
  stone_clarity: string;
  position: string;
  quantity: string;
}

/** The review form of an extracted product: every control holds text (spec §2, Share a Link). */
export interface ReviewValues {
  title: string;
  jewelry_type: DesignType;
  description: string;
  price: string;
  currency: string;
  product_id: string;
  source_website: string;
  url: string;
  style: string;
  collection: string;
  is_available: "yes" | "no";
  metal_type: string;
  metal_color: string;
  purity: string;
  weight: string;
  weight_unit: string;
  stones: ReviewStone[];
  band_width: string;
  setting_type: string;
  design_features: string;
  size: string;
  width: string;
  height: string;
  length: string;
  certificate_type: string;
  certificate_number: string;
  video_url: string;
  image_urls: string[];
}

export const emptyReviewStone = (): ReviewStone => ({
  stone_type: "",
  stone_cut: "",
  stone_carat: "",
  stone_color: "",
  stone_clarity: "",
  position: "",
  quantity: "1",
});

/** "Ring", "Nose Pin", "earring", "Necklaces" → a design type; anything else → other. */
export function toDesignType(value: string): DesignType {
  const key = value.trim().toLowerCase().replace(/[\s-]+/g, "_");
  const types = DESIGN_TYPES as readonly string[];
  if (types.includes(key)) return key as DesignType;
  if (types.includes(`${key}s`)) return `${key}s` as DesignType;
  if (key.endsWith("s") && types.includes(key.slice(0, -1))) return key.slice(0, -1) as DesignType;
  return "other";
}

/** "NA" is the extractor's "not available"; the form shows an empty field instead. */
const na = (v: string) => (v.trim().toUpperCase() === "NA" ? "" : v);
const numText = (n: number | null) => (n === null ? "" : String(n));

export function reviewValuesFromProduct(p: ExtractedProduct): ReviewValues {
  return {
    title: p.title,
    jewelry_type: toDesignType(p.jewelry_type),
    description: p.description,
    price: numText(p.price),
    currency: p.currency || "USD",
    product_id: p.product_id,
    source_website: p.source_website,
    url: p.url,
    style: p.style,
    collection: p.collection,
    is_available: p.is_available ? "yes" : "no",
    metal_type: p.metal_details.metal_type,
    metal_color: p.metal_details.metal_color,
    purity: p.metal_details.purity,
    weight: numText(p.metal_details.weight),
    weight_unit: p.metal_details.weight_unit || "g",
    stones: p.stones.map((s) => ({
      stone_type: s.stone_type,
      stone_cut: na(s.stone_cut),
      stone_carat: numText(s.stone_carat),
      stone_color: s.stone_color,
      stone_clarity: s.stone_clarity,
      position: s.position,
      quantity: String(s.quantity),
    })),
    band_width: p.design_details.band_width,
    setting_type: p.design_details.setting_type,
    design_features: p.design_details.design_features,
    size: na(p.dimensions.size),
    width: na(p.dimensions.width),
    height: na(p.dimensions.height),
    length: na(p.dimensions.length),
    certificate_type: p.authentication.certificate_type,
    certificate_number: p.authentication.certificate_number,
    video_url: p.media.video_url,
    image_urls: p.media.image_urls,
  };
}

/** Spec §5: price, carat and weight become numbers, 0 when not a number. Thousands separators are ignored. */
export function toNumber(value: string): number {
  const cleaned = value.replace(/[,\s]/g, "");
  if (!cleaned) return 0;
  const n = Number(cleaned);
  return Number.isFinite(n) && n >= 0 ? n : 0;
}

/** Spec §5: quantity becomes a whole number, 1 by default and at least 1. */
export function toQuantity(value: string): number {
  const n = Number.parseInt(value.trim(), 10);
  return Number.isFinite(n) && n >= 1 ? n : 1;
}

const titleCase = (s: string) => s.trim().replace(/\S+/g, (w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase());

/** The metal as one text, e.g. "18K Rose Gold" (purity, color, type). A color already in the type is not repeated. */
export function metalText({ purity, metal_color, metal_type }: Pick<ReviewValues, "purity" | "metal_color" | "metal_type">): string {
  const type = titleCase(metal_type);
  const color = titleCase(metal_color);
  const parts = [purity.trim().toUpperCase(), type.toLowerCase().includes(color.toLowerCase()) ? "" : color, type];
  return parts.filter(Boolean).join(" ");
}

/** One stone as text, e.g. "2 x Diamond 0.5ct G VS1" (quantity, type, carat, color, clarity). */
export function stoneText(stone: ReviewStone): string {
  const carat = toNumber(stone.stone_carat);
  const parts = [`${toQuantity(stone.quantity)} x ${stone.stone_type.trim() || "Stone"}`, carat > 0 ? `${carat}ct` : "", stone.stone_color.trim(), stone.stone_clarity.trim()];
  return parts.filter(Boolean).join(" ");
}

/** The JSON body of POST /api/designs/ for a reviewed extracted product (spec §7). */
export function linkDesignPayload(v: ReviewValues): DesignFromLink {
  const price = toNumber(v.price);
  const currency = v.currency.trim().toUpperCase();
  return {
    name: v.title.trim(),
    design_type: v.jewelry_type,
    description: v.description.trim(),
    inspiration_link: v.url.trim(),
    metal: metalText(v),
    stones: v.stones.map(stoneText).join("; "),
    size: v.size.trim(),
    // Beyond spec §7: the rest of the review form, as texts the server reads (grams, millimetres).
    style: v.style.trim(),
    setting_type: v.setting_type.trim(),
    design_features: v.design_features.trim(),
    weight: v.weight.trim() ? `${v.weight.trim()} ${v.weight_unit.trim()}`.trim() : "",
    band_width: v.band_width.trim(),
    length: v.length.trim(),
    width: v.width.trim(),
    height: v.height.trim(),
    budget: price > 0 ? [String(price), currency].filter(Boolean).join(" ") : "",
    // Beyond spec §7: the server copies these photos into the design (the first ten).
    image_urls: v.image_urls.slice(0, MAX_IMAGES_PER_DESIGN),
  };
}

const FIELD_WORDS: Record<string, string> = {
  title: "title",
  description: "description",
  product_id: "product ID",
  price: "price",
  currency: "currency",
  jewelry_type: "jewelry type",
  style: "style",
  collection: "collection",
  is_available: "availability",
  stones: "stone details",
  "dimensions.size": "size",
  "dimensions.width": "width",
  "dimensions.height": "height",
  "dimensions.length": "length",
  "metal_details.purity": "metal purity",
  "metal_details.weight": "metal weight",
  "metal_details.metal_type": "metal type",
  "metal_details.metal_color": "metal color",
  "authentication.certificate_type": "certificate type",
  "authentication.certificate_number": "certificate number",
  "design_details.band_width": "band width",
  "design_details.setting_type": "setting type",
  "design_details.design_features": "design features",
  "media.video_url": "video",
  "media.image_urls": "images",
};

/** The `missing` field paths in plain words, e.g. "metal_details.purity" → "metal purity". */
export function missingInWords(missing: readonly string[]): string[] {
  const words = missing.map((f) => FIELD_WORDS[f] ?? f.split(".").at(-1)!.replace(/_/g, " "));
  return [...new Set(words)];
}
