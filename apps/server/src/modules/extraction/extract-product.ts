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
import type { Draft } from "./merge-signals.ts";
import { first, mergeSignals } from "./merge-signals.ts";
import type { NameValue, SourcedSignals } from "./product-signals.ts";
import { SchemaGraph, readLooseOffer, readSchemaProduct, safeHostname } from "./schema-org.ts";
import { declaresProduct, jsonLdRoots, metaTags, microdataItems, openGraphSignals, rdfaItems } from "./structured-markup.ts";
import { cleanText } from "./text-utils.ts";
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
  mergeSignals(draft, {
    sourced,
    visible,
    weakIds,
    canonical,
    pageUrl: input.url,
    hostCurrency,
    meta,
    documentTitle: () => $("title").first().text(),
  });
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
