import type { CheerioAPI } from "cheerio";
import type { AnyNode, Element } from "domhandler";
import { isElement, rawText, textContent, visibleText } from "./dom.ts";
import { parseJsonLenient } from "./json-scan.ts";
import { normaliseCurrency, parseMachineAmount, parsePrice } from "./parse-price.ts";
import type { ProductSignals } from "./product-signals.ts";
import { availabilityFromValue } from "./product-signals.ts";
import type { SchemaNode } from "./schema-org.ts";
import { absoluteUrl, cleanText, decodeEntities, uniqueStrings } from "./text-utils.ts";

/** Parsed JSON-LD documents of the page. */
export function jsonLdRoots($: CheerioAPI): unknown[] {
  const roots: unknown[] = [];
  $('script[type*="ld+json" i]').each((_, el) => {
    const parsed = parseJsonLenient(rawText(el));
    if (parsed !== undefined) roots.push(parsed);
  });
  return roots;
}

interface ItemSyntax {
  isScope: (el: Element) => boolean;
  props: (el: Element) => string[];
  types: (el: Element) => string[];
}

const MICRODATA: ItemSyntax = {
  isScope: (el) => "itemscope" in el.attribs,
  props: (el) => splitTokens(el.attribs["itemprop"]).map((p) => p.replace(/^.*[/#]/, "")),
  types: (el) => splitTokens(el.attribs["itemtype"]),
};

const RDFA: ItemSyntax = {
  isScope: (el) => "typeof" in el.attribs,
  props: (el) =>
    splitTokens(el.attribs["property"])
      .filter((p) => !/^(?:og|fb|twitter|product|article|al):/i.test(p))
      .map((p) => p.replace(/^.*[/#:]/, "")),
  types: (el) => splitTokens(el.attribs["typeof"]),
};

function splitTokens(value: string | undefined): string[] {
  return value === undefined ? [] : value.trim().split(/\s+/).filter(Boolean);
}

function propertyValue(el: Element, base: string): string {
  const a = el.attribs;
  if (a["content"] !== undefined) return a["content"];
  switch (el.name) {
    case "a":
    case "area":
    case "link":
      return absoluteUrl(a["href"], base) ?? a["href"] ?? "";
    case "img":
    case "audio":
    case "video":
    case "source":
    case "embed":
    case "iframe":
    case "track":
      return absoluteUrl(a["src"] ?? a["data-src"], base) ?? "";
    case "object":
      return a["data"] ?? "";
    case "data":
    case "meter":
      return a["value"] ?? cleanText(textContent(el));
    case "time":
      return a["datetime"] ?? cleanText(textContent(el));
    default:
      return a["resource"] ?? (cleanText(visibleText(el)) || cleanText(textContent(el)));
  }
}

function buildItem(scope: Element, syntax: ItemSyntax, base: string, depth: number): SchemaNode {
  const node: SchemaNode = { "@type": syntax.types(scope) };
  const add = (name: string, value: unknown): void => {
    const existing = node[name];
    if (existing === undefined) node[name] = value;
    else if (Array.isArray(existing)) existing.push(value);
    else node[name] = [existing, value];
  };
  const visit = (el: Element): void => {
    for (const child of el.children) {
      if (!isElement(child)) continue;
      const props = syntax.props(child);
      if (syntax.isScope(child)) {
        if (props.length > 0 && depth < 8) {
          const item = buildItem(child, syntax, base, depth + 1);
          for (const p of props) add(p, item);
        }
        continue;
      }
      for (const p of props) add(p, propertyValue(child, base));
      visit(child);
    }
  };
  visit(scope);
  return node;
}

function topLevelItems($: CheerioAPI, selector: string, syntax: ItemSyntax, base: string): SchemaNode[] {
  const items: SchemaNode[] = [];
  $(selector).each((_, el) => {
    if (items.length >= 200) return false;
    if (!isElement(el)) return;
    if (syntax.props(el).length > 0 && hasScopeAncestor(el, syntax)) return;
    items.push(buildItem(el, syntax, base, 0));
    return;
  });
  return items;
}

function hasScopeAncestor(el: Element, syntax: ItemSyntax): boolean {
  for (let p: AnyNode | null = el.parent; p !== null; p = p.parent) {
    if (isElement(p) && syntax.isScope(p)) return true;
  }
  return false;
}

/** Microdata items as schema.org-shaped nodes, plus itemprops that sit outside any item. */
export function microdataItems($: CheerioAPI, base: string): SchemaNode[] {
  const items = topLevelItems($, "[itemscope]", MICRODATA, base);
  const loose: SchemaNode = {};
  $("[itemprop]").each((_, el) => {
    if (hasScopeAncestor(el, MICRODATA) || MICRODATA.isScope(el)) return;
    for (const p of MICRODATA.props(el)) if (loose[p] === undefined) loose[p] = propertyValue(el, base);
  });
  if (loose["price"] !== undefined || (loose["name"] !== undefined && loose["sku"] !== undefined)) {
    items.push({ "@type": ["Product"], ...loose, offers: { "@type": ["Offer"], ...loose } });
  }
  return items;
}

export function rdfaItems($: CheerioAPI, base: string): SchemaNode[] {
  return topLevelItems($, "[typeof]", RDFA, base);
}

/** <meta property|name|itemprop=... content=...> values by lower-cased key, in page order. */
export function metaTags($: CheerioAPI): Map<string, string[]> {
  const map = new Map<string, string[]>();
  $("meta[content]").each((_, el) => {
    const key = (el.attribs["property"] ?? el.attribs["name"] ?? "").trim().toLowerCase();
    const content = el.attribs["content"];
    if (key === "" || content === undefined) return;
    const list = map.get(key) ?? [];
    list.push(decodeEntities(content).trim());
    map.set(key, list);
  });
  return map;
}

function firstMeta(meta: Map<string, string[]>, ...keys: string[]): string | undefined {
  for (const key of keys) {
    const value = meta.get(key)?.find((v) => v !== "");
    if (value !== undefined) return value;
  }
  return undefined;
}

/** OpenGraph, Facebook product and Twitter card tags. */
export function openGraphSignals(meta: Map<string, string[]>, pageUrl: string, hostname: string): ProductSignals {
  const signals: ProductSignals = {};
  const title = firstMeta(meta, "og:title", "twitter:title");
  if (title) signals.title = cleanText(title);
  const description = firstMeta(meta, "og:description", "twitter:description");
  if (description) signals.description = cleanText(description);
  const currency = normaliseCurrency(
    firstMeta(meta, "product:price:currency", "og:price:currency", "product:sale_price:currency"),
    hostname,
  );
  const sale = parseMachineAmount(firstMeta(meta, "product:sale_price:amount", "og:sale_price:amount"), currency);
  const regular = parseMachineAmount(firstMeta(meta, "product:price:amount", "og:price:amount", "product:price"), currency);
  const original = parseMachineAmount(firstMeta(meta, "product:original_price:amount"), currency);
  const price = sale !== null && sale > 0 ? sale : regular;
  if (price !== null && price > 0) signals.price = price;
  const list = sale !== null && sale > 0 && regular !== null && regular > sale ? regular : original;
  if (list !== null && price !== null && list > price) signals.listPrice = list;
  if (signals.price === undefined) {
    for (const n of ["1", "2"]) {
      if (/price|prix|preis|prezzo|precio|cena|pris/i.test(firstMeta(meta, `twitter:label${n}`) ?? "")) {
        const money = parsePrice(firstMeta(meta, `twitter:data${n}`), { hostname, currencyHint: currency });
        if (money.amount !== null && money.amount > 0) {
          signals.price = money.amount;
          if (money.currency) signals.currency = money.currency;
        }
      }
    }
  }
  if (currency) signals.currency = currency;
  const availability = availabilityFromValue(firstMeta(meta, "product:availability", "og:availability"));
  if (availability !== undefined) signals.available = availability;
  const id = firstMeta(meta, "product:retailer_item_id", "product:sku", "og:sku");
  if (id) signals.productId = id.trim();
  const brand = firstMeta(meta, "product:brand", "og:brand");
  if (brand) signals.brand = brand;
  const category = firstMeta(meta, "product:category");
  if (category) signals.category = category;
  const images = [
    ...(meta.get("og:image:secure_url") ?? []),
    ...(meta.get("og:image") ?? []),
    ...(meta.get("og:image:url") ?? []),
    ...(meta.get("twitter:image") ?? []),
    ...(meta.get("twitter:image:src") ?? []),
  ]
    .map((u) => absoluteUrl(u, pageUrl))
    .filter((u): u is string => u !== null);
  if (images.length > 0) signals.images = uniqueStrings(images);
  const video = absoluteUrl(firstMeta(meta, "og:video:secure_url", "og:video", "og:video:url"), pageUrl);
  if (video) signals.videoUrl = video;
  return signals;
}

/** Is the page declared a product page (og:type product)? */
export function declaresProduct(meta: Map<string, string[]>): boolean {
  return /product/i.test(firstMeta(meta, "og:type") ?? "");
}
