import * as cheerio from "cheerio";
import type { CheerioAPI } from "cheerio";
import type { ExtractedProduct, ExtractionSource } from "@atelier/contract";
import { extractedProductFields } from "@atelier/contract";
import { embeddedStateSignals } from "./embedded-state.ts";
import { limitNesting } from "./html-depth.ts";
import { extractJewelleryAttributes } from "./jewellery-attributes.ts";
import { PageIndex } from "./page-index.ts";
import { currencyForHost } from "./parse-price.ts";
import { readShopifyProduct } from "./platform-json.ts";
import type { NameValue, ProductSignals, SourcedSignals } from "./product-signals.ts";
import { SchemaGraph, readLooseOffer, readSchemaProduct, safeHostname } from "./schema-org.ts";
import { declaresProduct, jsonLdRoots, metaTags, microdataItems, openGraphSignals, rdfaItems } from "./structured-markup.ts";
import { cleanText, uniqueStrings } from "./text-utils.ts";
import { productIdFromUrl } from "./url-ids.ts";
import type { VisibleReading } from "./visible-page.ts";
import { readVisiblePage } from "./visible-page.ts";

export interface ExtractProductInput {
  html: string;
  /** The page's final URL (after redirects); relative links resolve against it. */
  url: string;
  /** Platform product JSON fetched separately (Shopify `/products/<handle>.js` or `.json`). */
  platformJson?: unknown;
}

/** Pages are capped by the fetcher; this guards direct callers against pathological input. */
const MAX_HTML = 6 * 1024 * 1024;

/**
 * Read everything a jeweller needs from a product page. Sources are merged best first:
 * platform JSON, JSON-LD, microdata, RDFa, OpenGraph, embedded state, then the visible page.
 * Never throws: junk in, an (empty) product out.
 */
export function extractProduct(input: ExtractProductInput): ExtractedProduct {
  try {
    return extractOrThrow(input);
  } catch {
    return finalise(emptyDraft(input.url));
  }
}

interface Draft {
  product: ExtractedProduct;
  sources: Record<string, ExtractionSource>;
}

function emptyDraft(url: string): Draft {
  return {
    product: {
      title: "",
      url,
      description: "",
      product_id: "",
      price: null,
      list_price: null,
      currency: "USD",
      jewelry_type: "Ring",
      style: "",
      collection: "",
      source_website: safeHostname(url).replace(/^www\./, ""),
      is_available: true,
      stones: [],
      dimensions: { size: "NA", width: "NA", height: "NA", length: "NA" },
      metal_details: { purity: "", weight: null, metal_type: "", metal_color: "", weight_unit: "g" },
      authentication: { certificate_type: "", certificate_number: "" },
      design_details: { band_width: "", setting_type: "", design_features: "" },
      media: { video_url: "", image_urls: [] },
      sources: {},
      missing: [],
    },
    sources: {},
  };
}

function loadHtml(html: string): CheerioAPI {
  const capped = html.length > MAX_HTML ? html.slice(0, MAX_HTML) : html;
  // htmlparser2 is several times faster than parse5 on multi-megabyte shop pages.
  return cheerio.load(limitNesting(capped), { xml: { xmlMode: false, decodeEntities: true } });
}

function safely<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}

function extractOrThrow(input: ExtractProductInput): ExtractedProduct {
  const html = typeof input.html === "string" ? input.html : "";
  const $ = loadHtml(html);
  const canonical = safely(() => canonicalUrl($, input.url), input.url);
  const hostname = safeHostname(input.url) || safeHostname(canonical);
  const hostCurrency = currencyForHost(hostname);

  const meta = safely(() => metaTags($), new Map<string, string[]>());
  const sourced: SourcedSignals[] = [];
  const weakIds: string[] = [];

  if (input.platformJson !== undefined && input.platformJson !== null) {
    const shopCurrency = safely(() => shopifyCurrency($), null) ?? hostCurrency;
    const platform = safely(() => readShopifyProduct(input.platformJson, input.url, shopCurrency), null);
    if (platform) sourced.push({ source: "shopify-json", signals: platform });
  }

  // Read only when several products compete: each query is a pass over a big page.
  const pageTitles = (): string[] =>
    safely(
      () =>
        [$("h1").first().text(), $("title").first().text(), meta.get("og:title")?.[0] ?? ""]
          .map((t) => cleanText(t).slice(0, 300))
          .filter((t) => t !== ""),
      [],
    );
  const readGraph = (graph: SchemaGraph, source: ExtractionSource): void => {
    const main = graph.mainProduct(canonical, pageTitles);
    if (main !== null) {
      const read = readSchemaProduct(graph, main, input.url);
      weakIds.push(...read.weakIds);
      if (read.signals.price === undefined) {
        const offer = graph.looseOffers()[0];
        if (offer) Object.assign(read.signals, { ...readLooseOffer(graph, offer, input.url), ...read.signals });
      }
      sourced.push({ source, signals: read.signals });
    } else {
      const offer = graph.looseOffers()[0];
      if (offer) sourced.push({ source, signals: readLooseOffer(graph, offer, input.url) });
    }
  };
  safely(() => readGraph(new SchemaGraph(jsonLdRoots($)), "json-ld"), undefined);
  safely(() => readGraph(new SchemaGraph(microdataItems($, input.url)), "microdata"), undefined);
  safely(() => readGraph(new SchemaGraph(rdfaItems($, input.url)), "rdfa"), undefined);
  const og = safely(() => openGraphSignals(meta, input.url, hostname), {});
  sourced.push({ source: "opengraph", signals: og });

  const structuredTitle = sourced.map((s) => s.signals.title).find((t) => t !== undefined) ?? null;
  const index = safely(() => new PageIndex($), null);
  const visible: VisibleReading | null =
    index === null
      ? null
      : safely(
          () => readVisiblePage($, index, { pageUrl: input.url, hostname, currencyHint: hostCurrency, knownTitle: structuredTitle }),
          null,
        );
  const titleHints = [structuredTitle, visible?.title, og.title].filter((t): t is string => typeof t === "string" && t !== "");
  const states = safely(() => embeddedStateSignals($, { pageUrl: input.url, hostname, titleHints, currencyHint: hostCurrency }), []);
  for (const state of states) sourced.push({ source: "embedded-state", signals: state });

  const draft = emptyDraft(input.url);
  merge(draft, sourced, visible, weakIds, canonical, input.url, hostCurrency, $, meta);
  fillJewellery(draft, sourced, visible);
  draft.product.sources = draft.sources;
  if (declaresProduct(meta) && draft.sources["title"] === undefined && og.title) {
    draft.product.title = og.title;
    draft.sources["title"] = "opengraph";
  }
  return finalise(draft);
}

function canonicalUrl($: CheerioAPI, fallback: string): string {
  const href = $('link[rel="canonical"]').attr("href") ?? $('meta[property="og:url"]').attr("content");
  if (!href) return fallback;
  try {
    return new URL(href, fallback).href;
  } catch {
    return fallback;
  }
}

function shopifyCurrency($: CheerioAPI): string | null {
  const m = /Shopify\.currency\s*=\s*\{[^}]*"active"\s*:\s*"([A-Z]{3})"/.exec($("script:not([src])").text().slice(0, 2_000_000));
  return m?.[1] ?? null;
}

function first<K extends keyof ProductSignals>(
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

function merge(
  draft: Draft,
  sourced: SourcedSignals[],
  visible: VisibleReading | null,
  weakIds: string[],
  canonical: string,
  pageUrl: string,
  hostCurrency: string | null,
  $: CheerioAPI,
  meta: Map<string, string[]>,
): void {
  const p = draft.product;
  const set = (field: string, source: ExtractionSource): void => {
    draft.sources[field] = source;
  };

  // Title: structured name, else the page's h1, else og/twitter, else <title>.
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
      const docTitle = cleanText($("title").first().text()).split(/\s[|–—]\s|\s-\s/)[0] ?? "";
      if (docTitle) {
        p.title = docTitle;
        set("title", "visible-page");
      }
    }
  }

  // Price: the best source that states one; currency from the same source when it names one.
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

  // Availability: platform data knows the variant's stock exactly. Otherwise what the buy box
  // shows (a sold-out or in-stock statement, an enabled buy button) beats markup, which often
  // describes a default size or a template; markup decides when the page shows nothing.
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

  // Product id. A shop's own "SKU:"/"Product code:" label is what shoppers and staff quote, so it
  // outranks markup; an id that the URL repeats is confirmed twice and outranks other markup ids.
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
    p.product_id = chosenId[0];
    set("product_id", chosenId[1]);
  }

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

function fillJewellery(draft: Draft, sourced: SourcedSignals[], visible: VisibleReading | null): void {
  const p = draft.product;
  // The chosen option names the variant on offer; lists of every metal a design comes in do not.
  const attributes: NameValue[] = [
    ...(visible?.selectedOptions ?? []),
    ...sourced.flatMap((s) => s.signals.attributes ?? []),
    ...(visible?.attributes ?? []),
  ];
  const category = first(sourced, "category")?.value;
  const zone = visible?.zoneText && !p.description.includes(visible.zoneText.slice(0, 200)) ? `\n${visible.zoneText}` : "";
  const found = extractJewelleryAttributes({
    hostname: safeHostname(p.url),
    title: p.title,
    description: `${p.description}${zone}`,
    category,
    attributes,
  });
  const src: ExtractionSource = "text-attributes";
  const set = (field: string): void => {
    draft.sources[field] = src;
  };
  if (found.jewelry_type) {
    p.jewelry_type = found.jewelry_type;
    set("jewelry_type");
  }
  if (found.style) {
    p.style = found.style;
    set("style");
  }
  if (found.collection && !p.collection) {
    p.collection = found.collection;
    set("collection");
  }
  if (found.metal_type) {
    p.metal_details.metal_type = found.metal_type;
    set("metal_details.metal_type");
  }
  if (found.metal_color) {
    p.metal_details.metal_color = found.metal_color;
    set("metal_details.metal_color");
  }
  if (found.purity) {
    p.metal_details.purity = found.purity;
    set("metal_details.purity");
  }
  if (found.weight !== undefined) {
    p.metal_details.weight = found.weight;
    set("metal_details.weight");
  }
  if (found.stones.length > 0) {
    p.stones = found.stones;
    set("stones");
  }
  if (found.certificate_type) {
    p.authentication.certificate_type = found.certificate_type;
    set("authentication.certificate_type");
  }
  if (found.certificate_number) {
    p.authentication.certificate_number = found.certificate_number;
    set("authentication.certificate_number");
  }
  for (const key of ["size", "width", "height", "length"] as const) {
    const value = found[key];
    if (value) {
      p.dimensions[key] = value;
      set(`dimensions.${key}`);
    }
  }
  if (found.band_width) {
    p.design_details.band_width = found.band_width;
    set("design_details.band_width");
  }
  if (found.setting_type) {
    p.design_details.setting_type = found.setting_type;
    set("design_details.setting_type");
  }
  if (found.design_features) {
    p.design_details.design_features = found.design_features;
    set("design_details.design_features");
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

function finalise(draft: Draft): ExtractedProduct {
  const product = draft.product;
  product.sources = draft.sources;
  product.missing = extractedProductFields.filter((field) => draft.sources[field] === undefined);
  return product;
}

/**
 * Does the extraction describe a product? Price, a structured product or a product id
 * count; a page with only a title and a picture (an article, a home page) does not.
 */
export function looksLikeProduct(product: ExtractedProduct): boolean {
  if (product.price !== null) return true;
  const structured = new Set<string>(["shopify-json", "json-ld", "microdata", "rdfa", "embedded-state"]);
  if (
    Object.entries(product.sources).some(
      ([field, source]) => ["title", "product_id", "is_available"].includes(field) && structured.has(source),
    )
  ) {
    return true;
  }
  return product.sources["product_id"] === "visible-page" && product.title !== "";
}
