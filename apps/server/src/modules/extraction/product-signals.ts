import type { ExtractionSource } from "@atelier/contract";

export interface NameValue {
  name: string;
  value: string;
}

/** What one kind of markup says about the product; every field optional. */
export interface ProductSignals {
  title?: string;
  description?: string;
  productId?: string;
  price?: number;
  listPrice?: number;
  currency?: string;
  available?: boolean;
  /** Prices of every offer and variant that can be bought; the page's buy box shows one of them. */
  offerPrices?: number[];
  /** The URL selects the variant or offer the price was read from (?variant=, ?sku=). */
  selectedByUrl?: boolean;
  /** An offer with a price but no stated availability: the item is being offered for sale. */
  offeredForSale?: boolean;
  brand?: string;
  images?: string[];
  videoUrl?: string;
  category?: string;
  collection?: string;
  /** Specification pairs (schema.org additionalProperty, platform options, spec tables). */
  attributes?: NameValue[];
}

export interface SourcedSignals {
  source: ExtractionSource;
  signals: ProductSignals;
}

const IN_STOCK_TOKENS = new Set([
  "instock",
  "in_stock",
  "in stock",
  "instoreonly",
  "onlineonly",
  "limitedavailability",
  "preorder",
  "presale",
  "backorder",
  "available",
  "availablefororder",
  "madetoorder",
  "true",
  "yes",
  "1",
]);

const OUT_OF_STOCK_TOKENS = new Set([
  "outofstock",
  "out_of_stock",
  "out of stock",
  "oos",
  "soldout",
  "sold_out",
  "sold out",
  "discontinued",
  "unavailable",
  "notavailable",
  "not available",
  "false",
  "no",
  "0",
]);

/** schema.org ItemAvailability (full URL or bare name) and common platform flags → boolean. */
export function availabilityFromValue(value: unknown): boolean | undefined {
  if (typeof value === "boolean") return value;
  if (typeof value === "number") return value > 0;
  if (typeof value !== "string") return undefined;
  const token = value
    .trim()
    .replace(/^https?:\/\/(?:www\.)?schema\.org\//i, "")
    .replace(/^schema:/i, "")
    .toLowerCase();
  if (IN_STOCK_TOKENS.has(token)) return true;
  if (OUT_OF_STOCK_TOKENS.has(token)) return false;
  return undefined;
}
