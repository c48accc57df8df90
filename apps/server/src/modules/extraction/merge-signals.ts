import type { ExtractedProduct, ExtractionSource } from "@atelier/contract";
import type { ProductSignals, SourcedSignals } from "./product-signals.ts";
import { cleanText, uniqueStrings } from "./text-utils.ts";
import { productIdFromUrl } from "./url-ids.ts";
import type { VisibleReading } from "./visible-page.ts";

/** The product being assembled, with the source each field was taken from. */
export interface Draft {
  product: ExtractedProduct;
  sources: Record<string, ExtractionSource>;
}

/** What every reader found on one page, and what the merge needs to know about the page. */
export interface MergeInput {
  /** Structured sources, best first: platform JSON, JSON-LD, microdata, RDFa, OpenGraph, embedded state. */
  sourced: SourcedSignals[];
  /** What the page shows around its buy box; null when the page could not be read. */
  visible: VisibleReading | null;
  /** Product ids JSON-LD states only weakly (an offer's or a group's), best first. */
  weakIds: string[];
  /** The page's canonical URL and the URL it was fetched from. */
  canonical: string;
  pageUrl: string;
  /** The currency the shop's country suggests, the last resort. */
  hostCurrency: string | null;
  /** The page's <meta> tags by name or property. */
  meta: Map<string, string[]>;
  /** The document's <title> text, read only when nothing better names the product. */
  documentTitle: () => string;
}

/** The first source, best first, that states a non-empty value for the key. */
export function first<K extends keyof ProductSignals>(
  sourced: SourcedSignals[],
  key: K,
): { value: NonNullable<ProductSignals[K]>; source: ExtractionSource; signals: ProductSignals } | null {
  for (const s of sourced) {
    const value = s.signals[key];
    if (value !== undefined && value !== null && !(Array.isArray(value) && value.length === 0) && value !== "") {
      return { value, source: s.source, signals: s.signals };
    }
  }
  return null;
}

/**
 * Choose each field of the product from the sources that state it, and record where it came from.
 * The order matters: availability reads the price's source, which the price step records.
 */
export function mergeSignals(draft: Draft, input: MergeInput): void {
  mergeTitle(draft, input);
  mergePrice(draft, input);
  mergeAvailability(draft, input);
  mergeProductId(draft, input);
  mergeDescription(draft, input);
  mergeMedia(draft, input);
}

function setter(draft: Draft): (field: string, source: ExtractionSource) => void {
  return (field, source) => {
    draft.sources[field] = source;
  };
}

/** Title: structured name, else the page's h1, else og/twitter, else <title>. */
function mergeTitle(draft: Draft, { sourced, visible, documentTitle }: MergeInput): void {
  const p = draft.product;
  const set = setter(draft);
  const structuredTitle = first(
    sourced.filter((s) => s.source !== "opengraph" && s.source !== "embedded-state"),
    "title",
  );
  if (structuredTitle) {
    p.title = structuredTitle.value;
    set("title", structuredTitle.source);
  } else if (visible?.title) {
    p.title = visible.title;
    set("title", "visible-page");
  } else {
    const other = first(sourced, "title");
    if (other) {
      p.title = other.value;
      set("title", other.source);
    } else {
      const docTitle = cleanText(documentTitle()).split(/\s[|–—]\s|\s-\s/)[0] ?? "";
      if (docTitle) {
        p.title = docTitle;
        set("title", "visible-page");
      }
    }
  }
}

/** Price and list price: the best source that states one; currency from the same source when it names one. */
function mergePrice(draft: Draft, { sourced, visible, hostCurrency }: MergeInput): void {
  const p = draft.product;
  const set = setter(draft);
  const structuredPrice = first(sourced, "price");
  let priceSource: ProductSignals | null = null;
  if (structuredPrice) {
    p.price = structuredPrice.value;
    priceSource = structuredPrice.signals;
    set("price", structuredPrice.source);
    // Several offers (variants, an AggregateOffer's range): the one the buy box shows is the
    // product's current price, and the first offer or the lowest price need not be it.
    const shown = visible?.price;
    if (
      shown !== undefined &&
      Math.abs(shown - structuredPrice.value) >= 0.005 &&
      structuredPrice.source !== "shopify-json" &&
      structuredPrice.signals.selectedByUrl !== true
    ) {
      const confirming = sourced.find(
        (s) => s.source !== "shopify-json" && (s.signals.offerPrices ?? []).some((x) => Math.abs(x - shown) < 0.005),
      );
      if (confirming) {
        p.price = shown;
        priceSource = { ...confirming.signals, listPrice: undefined };
        set("price", confirming.source);
      }
    }
    // A structured price equal to the visible strikethrough price is the pre-sale price.
    if (
      visible?.price !== undefined &&
      visible.listPrice !== undefined &&
      Math.abs(visible.listPrice - structuredPrice.value) < 0.005 &&
      visible.price < structuredPrice.value &&
      structuredPrice.source !== "shopify-json"
    ) {
      p.price = visible.price;
      p.list_price = visible.listPrice;
      set("price", "visible-page");
    }
  } else if (visible?.price !== undefined) {
    p.price = visible.price;
    set("price", "visible-page");
  }
  if (p.list_price === null) {
    // The page's strikethrough price belongs to our price when the page shows that same price.
    const visibleAgrees = visible?.price !== undefined && p.price !== null && Math.abs(visible.price - p.price) < 0.005;
    const list = priceSource?.listPrice ?? (draft.sources["price"] === "visible-page" || visibleAgrees ? visible?.listPrice : undefined);
    if (list !== undefined && p.price !== null && list > p.price) p.list_price = list;
  }
  const currency =
    priceSource?.currency ??
    first(sourced, "currency")?.value ??
    (draft.sources["price"] === "visible-page" ? visible?.currency : undefined) ??
    visible?.currency ??
    hostCurrency;
  if (currency) {
    p.currency = currency;
    set("currency", draft.sources["price"] ?? "visible-page");
  }
}

/**
 * Availability: platform data knows the variant's stock exactly. Otherwise what the buy box
 * shows (a sold-out or in-stock statement, an enabled buy button) beats markup, which often
 * describes a default size or a template; markup decides when the page shows nothing.
 */
function mergeAvailability(draft: Draft, { sourced, visible }: MergeInput): void {
  const p = draft.product;
  const set = setter(draft);
  const platformStock = sourced.find((s) => s.source === "shopify-json" && s.signals.available !== undefined);
  const stated = first(sourced, "available");
  const offered = first(sourced, "offeredForSale");
  if (platformStock?.signals.available !== undefined) {
    p.is_available = platformStock.signals.available;
    set("is_available", "shopify-json");
  } else if (
    visible?.available !== undefined &&
    (!stated || visible.availabilityEvidence === "statement" || (visible.available && visible.availabilityEvidence === "button"))
  ) {
    // A disabled button alone often only means "choose a size first"; it does not overrule markup.
    p.is_available = visible.available;
    set("is_available", "visible-page");
  } else if (stated) {
    p.is_available = stated.value;
    set("is_available", stated.source);
  } else if (offered) {
    p.is_available = true;
    set("is_available", offered.source);
  } else if (visible?.price !== undefined && draft.sources["price"] !== undefined) {
    // A price on offer with nothing saying sold out: the page offers the item for sale.
    p.is_available = true;
    set("is_available", "visible-page");
  }
}

/**
 * Product id. A shop's own "SKU:"/"Product code:" label is what shoppers and staff quote, so it
 * outranks markup; an id that the URL repeats is confirmed twice and outranks other markup ids.
 */
function mergeProductId(draft: Draft, { sourced, visible, weakIds, canonical, pageUrl }: MergeInput): void {
  const labelledSku = visible?.labelledIds.find((l) => l.rank === 1)?.id;
  const labelledModel = visible?.labelledIds.find((l) => l.rank === 2)?.id;
  const structuredSources = new Set<ExtractionSource>(["json-ld", "microdata", "rdfa", "opengraph"]);
  const structuredSkus = sourced.filter((s) => structuredSources.has(s.source) && s.signals.productId);
  const urlConfirmed = [
    ...structuredSkus.map((s) => ({ id: s.signals.productId ?? "", source: s.source })),
    ...weakIds.map((id): { id: string; source: ExtractionSource } => ({ id, source: "json-ld" })),
  ].find((c) => urlHasId(canonical, c.id) || urlHasId(pageUrl, c.id));
  const platformSku = sourced.find((s) => s.source === "shopify-json" && s.signals.productId);
  const stateSku = sourced.find((s) => s.source === "embedded-state" && s.signals.productId);
  const urlId = productIdFromUrl(canonical) ?? productIdFromUrl(pageUrl);
  const idChoice: Array<[string | undefined, ExtractionSource]> = [
    [platformSku?.signals.productId, "shopify-json"],
    [labelledSku, "visible-page"],
    [urlConfirmed?.id, urlConfirmed?.source ?? "json-ld"],
    [structuredSkus[0]?.signals.productId, structuredSkus[0]?.source ?? "json-ld"],
    [stateSku?.signals.productId, "embedded-state"],
    [weakIds[0], "json-ld"],
    [urlId ?? undefined, "url"],
    [labelledModel, "visible-page"],
  ];
  let chosenId = idChoice.find(([id]) => id !== undefined && id !== "");
  // "HB-CF4-14W-6" where the page also names the product "HB-CF4-14W": the longer id is the
  // selected size or colour, and the product's own SKU is the one without the suffix.
  const otherIds: Array<[string | undefined, ExtractionSource]> = [
    ...idChoice,
    ...(visible?.labelledIds ?? []).map((l): [string, ExtractionSource] => [l.id, "visible-page"]),
  ];
  const base = chosenId?.[0] === undefined ? undefined : otherIds.find(([id]) => id !== undefined && isVariantOf(chosenId?.[0] ?? "", id));
  if (base) chosenId = base;
  if (chosenId?.[0]) {
    draft.product.product_id = chosenId[0];
    setter(draft)("product_id", chosenId[1]);
  }
}

/** Description: structured, else the page's own, else OpenGraph or the meta description. */
function mergeDescription(draft: Draft, { sourced, visible, meta }: MergeInput): void {
  const p = draft.product;
  const set = setter(draft);
  const description = first(
    sourced.filter((s) => s.source !== "opengraph"),
    "description",
  );
  if (description) {
    p.description = description.value;
    set("description", description.source);
  } else if (visible?.description) {
    p.description = visible.description;
    set("description", "visible-page");
  } else {
    const og = first(sourced, "description");
    const metaDescription = meta.get("description")?.[0];
    if (og) {
      p.description = og.value;
      set("description", og.source);
    } else if (metaDescription) {
      p.description = cleanText(metaDescription);
      set("description", "opengraph");
    }
  }
}

/** Images, video and the collection a source names. */
function mergeMedia(draft: Draft, { sourced, visible }: MergeInput): void {
  const p = draft.product;
  const set = setter(draft);
  const images = first(sourced, "images");
  const imageList = [...(images?.value ?? []), ...(sourced.find((s) => s.source === "opengraph")?.signals.images ?? [])];
  if (imageList.length === 0 && visible) imageList.push(...visible.images);
  if (imageList.length > 0) {
    p.media.image_urls = uniqueStrings(imageList).slice(0, 20);
    set("media.image_urls", images?.source ?? "visible-page");
  }
  const video = first(sourced, "videoUrl");
  if (video) {
    p.media.video_url = video.value;
    set("media.video_url", video.source);
  } else if (visible?.videoUrl) {
    p.media.video_url = visible.videoUrl;
    set("media.video_url", "visible-page");
  }
  const collection = first(sourced, "collection");
  if (collection) {
    p.collection = collection.value;
    set("collection", collection.source);
  }
}

/** Is `id` the product id `base` plus a short variant suffix ("-6", "_W", "/18", ".XL")? */
function isVariantOf(id: string, base: string): boolean {
  if (base.length < 4 || id.length <= base.length || !id.toLowerCase().startsWith(base.toLowerCase())) return false;
  return /^[-_./][A-Za-z0-9]{1,6}$/.test(id.slice(base.length));
}

/** Does the URL carry this id as a token ("/p3182808", "-c1852d02y-q11.html", "?sku=1049084")? */
function urlHasId(url: string, id: string): boolean {
  if (id.length < 4) return false;
  let text: string;
  try {
    const u = new URL(url);
    text = decodeURIComponent(`${u.pathname}?${u.search}`).toLowerCase();
  } catch {
    return false;
  }
  const escaped = id.toLowerCase().replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  return new RegExp(`(?:^|[^a-z0-9])[a-z]?${escaped}(?:$|[^a-z0-9])`).test(text);
}
