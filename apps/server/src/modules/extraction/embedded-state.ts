import type { CheerioAPI } from "cheerio";
import { rawText } from "./dom.ts";
import { jsonAfterPattern, parseJsonLenient } from "./json-scan.ts";
import { centsToAmount, normaliseCurrency, parseMachineAmount } from "./parse-price.ts";
import { isShopifyProduct, readShopifyProduct } from "./platform-json.ts";
import type { ProductSignals } from "./product-signals.ts";
import { availabilityFromValue } from "./product-signals.ts";
import { absoluteUrl, asArray, asText, decodeEntities, firstText, htmlToText, isRecord } from "./text-utils.ts";

export interface StateContext {
  pageUrl: string;
  hostname: string;
  /** Titles the page gives elsewhere (h1, og:title); a state object must match one. */
  titleHints: string[];
  currencyHint: string | null;
}

const MAX_SCRIPT = 4_000_000;

/** Product state that scripts and data attributes embed in the page, best readers first. */
export function embeddedStateSignals($: CheerioAPI, ctx: StateContext): ProductSignals[] {
  const found: ProductSignals[] = [];
  const push = (signals: ProductSignals | null): void => {
    if (signals !== null && Object.keys(signals).length > 0) found.push(signals);
  };
  const scripts: string[] = [];
  $("script:not([src])").each((_, el) => {
    const type = (el.attribs["type"] ?? "").toLowerCase();
    if (type.includes("ld+json") || type.includes("template") || type.includes("html")) return;
    const text = rawText(el);
    if (text.length > 20 && text.length < MAX_SCRIPT) scripts.push(text);
  });

  try {
    push(shopifyEmbedded($, scripts, ctx));
  } catch {
    /* a broken blob must not stop the other readers */
  }
  try {
    push(wooCommerceVariations($, ctx));
  } catch {
    /* ignore */
  }
  try {
    push(magentoPrices($, scripts, ctx));
  } catch {
    /* ignore */
  }
  try {
    push(bigCommerceData(scripts, ctx));
  } catch {
    /* ignore */
  }
  try {
    push(genericState($, scripts, ctx));
  } catch {
    /* ignore */
  }
  return found;
}

function shopifyEmbedded($: CheerioAPI, scripts: string[], ctx: StateContext): ProductSignals | null {
  const candidates: unknown[] = [];
  $('script[type="application/json"][id*="roduct" i], script[data-product-json], [data-product-json]').each((_, el) => {
    const raw = el.name === "script" ? rawText(el) : (el.attribs["data-product-json"] ?? "");
    const parsed = parseJsonLenient(decodeEntities(raw));
    if (parsed !== undefined) candidates.push(isRecord(parsed) && isRecord(parsed["product"]) ? parsed["product"] : parsed);
  });
  for (const product of candidates) {
    if (isShopifyProduct(product)) return readShopifyProduct(product, ctx.pageUrl, shopCurrency(scripts) ?? ctx.currencyHint);
  }
  // ShopifyAnalytics.meta / `var meta = {"product": ...}`: prices in cents, no availability.
  for (const script of scripts) {
    if (!/ShopifyAnalytics|var meta\s*=/.test(script)) continue;
    for (const meta of jsonAfterPattern(script, /(?:var\s+meta|ShopifyAnalytics\.meta)\s*=\s*/g)) {
      if (!isRecord(meta) || !isRecord(meta["product"])) continue;
      const product = meta["product"];
      const variants = asArray(product["variants"]).filter(isRecord);
      const wanted = new URL(ctx.pageUrl).searchParams.get("variant");
      const variant = variants.find((v) => wanted !== null && String(v["id"]) === wanted) ?? variants[0];
      if (!variant) continue;
      const currency = shopCurrency(scripts) ?? ctx.currencyHint;
      const signals: ProductSignals = {};
      const price = centsToAmount(variant["price"], currency);
      if (price !== null && price > 0) signals.price = price;
      if (currency) signals.currency = currency;
      const sku = asText(variant["sku"]);
      if (sku) signals.productId = sku;
      const brand = asText(product["vendor"]);
      if (brand) signals.brand = brand;
      const category = asText(product["type"]);
      if (category) signals.category = category;
      const name = asText(variant["name"]);
      if (name) signals.title = name.replace(/ - [^-]*$/, variants.length > 1 ? "" : "$&");
      if (variants.length === 1 && name) signals.title = name;
      return signals;
    }
  }
  return null;
}

function shopCurrency(scripts: string[]): string | null {
  for (const script of scripts) {
    const m = /Shopify\.currency\s*=\s*\{[^}]*"active"\s*:\s*"([A-Z]{3})"/.exec(script);
    if (m?.[1]) return m[1];
  }
  return null;
}

function wooCommerceVariations($: CheerioAPI, ctx: StateContext): ProductSignals | null {
  const form = $("form[data-product_variations]").first();
  if (form.length === 0) return null;
  const parsed = parseJsonLenient(decodeEntities(form.attr("data-product_variations") ?? ""));
  const variations = asArray(parsed).filter(isRecord);
  if (variations.length === 0) return null;
  const params = new URL(ctx.pageUrl).searchParams;
  const matches = (v: Record<string, unknown>): boolean => {
    const attrs = v["attributes"];
    if (!isRecord(attrs)) return false;
    const entries = Object.entries(attrs);
    return entries.length > 0 && entries.every(([k, val]) => params.get(k) !== null && String(val) === params.get(k));
  };
  const chosen = variations.find(matches) ?? variations.find((v) => v["is_in_stock"] === true) ?? variations[0];
  if (!chosen) return null;
  const signals: ProductSignals = {};
  const price = parseMachineAmount(chosen["display_price"], ctx.currencyHint);
  if (price !== null && price > 0) signals.price = price;
  const regular = parseMachineAmount(chosen["display_regular_price"], ctx.currencyHint);
  if (regular !== null && price !== null && regular > price) signals.listPrice = regular;
  const sku = asText(chosen["sku"]);
  if (sku) signals.productId = sku;
  const stock = variations.map((v) => v["is_in_stock"]).filter((s): s is boolean => typeof s === "boolean");
  if (stock.length > 0) signals.available = variations.find(matches) ? chosen["is_in_stock"] === true : stock.some(Boolean);
  const image = chosen["image"];
  if (isRecord(image)) {
    const src = absoluteUrl(image["full_src"] ?? image["url"] ?? image["src"], ctx.pageUrl);
    if (src) signals.images = [src];
  }
  const attrs = chosen["attributes"];
  if (isRecord(attrs)) {
    signals.attributes = Object.entries(attrs)
      .map(([k, v]) => ({ name: k.replace(/^attribute_(?:pa_)?/, "").replace(/[-_]/g, " "), value: String(v) }))
      .filter((a) => a.value !== "");
  }
  return signals;
}

function magentoPrices($: CheerioAPI, scripts: string[], ctx: StateContext): ProductSignals | null {
  const blobs: unknown[] = [];
  $('script[type="text/x-magento-init"]').each((_, el) => {
    const parsed = parseJsonLenient(rawText(el));
    if (parsed !== undefined) blobs.push(parsed);
  });
  $("[data-mage-init]").each((_, el) => {
    const raw = el.attribs["data-mage-init"] ?? "";
    if (!/price/i.test(raw)) return;
    const parsed = parseJsonLenient(decodeEntities(raw));
    if (parsed !== undefined) blobs.push(parsed);
  });
  for (const script of scripts) {
    if (script.includes('"jsonConfig"') || script.includes("priceConfig")) {
      blobs.push(...jsonAfterPattern(script, /"?(?:jsonConfig|priceConfig)"?\s*:\s*/g));
    }
  }
  let found: ProductSignals | null = null;
  let budget = 50_000;
  const visit = (value: unknown, depth: number): void => {
    if (found !== null || depth > 14 || budget-- <= 0) return;
    if (Array.isArray(value)) {
      for (const item of value) visit(item, depth + 1);
      return;
    }
    if (!isRecord(value)) return;
    const prices = isRecord(value["prices"]) ? value["prices"] : value;
    const finalPrice = prices["finalPrice"];
    if (isRecord(finalPrice) && finalPrice["amount"] !== undefined) {
      const price = parseMachineAmount(finalPrice["amount"], ctx.currencyHint);
      if (price !== null && price > 0) {
        const signals: ProductSignals = { price };
        const old = prices["oldPrice"] ?? prices["regularPrice"];
        const list = isRecord(old) ? parseMachineAmount(old["amount"], ctx.currencyHint) : null;
        if (list !== null && list > price) signals.listPrice = list;
        const currency = normaliseCurrency(
          firstText(value["currencyCode"], (value["priceFormat"] as Record<string, unknown> | undefined)?.["currency"]),
          ctx.hostname,
        );
        if (currency) signals.currency = currency;
        found = signals;
        return;
      }
    }
    for (const child of Object.values(value)) if (typeof child === "object" && child !== null) visit(child, depth + 1);
  };
  for (const blob of blobs) visit(blob, 0);
  return found;
}

function bigCommerceData(scripts: string[], ctx: StateContext): ProductSignals | null {
  for (const script of scripts) {
    if (!script.includes("BCData")) continue;
    for (const data of jsonAfterPattern(script, /BCData\s*=\s*/g)) {
      if (!isRecord(data) || !isRecord(data["product_attributes"])) continue;
      const attrs = data["product_attributes"];
      const signals: ProductSignals = {};
      const sku = asText(attrs["sku"]);
      if (sku) signals.productId = sku;
      const price = isRecord(attrs["price"]) ? attrs["price"] : {};
      const pick = (key: string): { value: number | null; currency: string | null } => {
        const entry = price[key];
        if (!isRecord(entry)) return { value: null, currency: null };
        return {
          value: parseMachineAmount(entry["value"], ctx.currencyHint),
          currency: normaliseCurrency(entry["currency"], ctx.hostname),
        };
      };
      const now = [pick("with_tax"), pick("without_tax")].find((p) => p.value !== null && p.value > 0);
      if (now?.value) signals.price = now.value;
      if (now?.currency) signals.currency = now.currency;
      const rrp = [pick("rrp_with_tax"), pick("rrp_without_tax"), pick("non_sale_price_with_tax"), pick("non_sale_price_without_tax")].find(
        (p) => p.value !== null && now?.value !== null && now?.value !== undefined && p.value > now.value,
      );
      if (rrp?.value) signals.listPrice = rrp.value;
      const inStock = attrs["instock"] ?? attrs["purchasable"];
      if (typeof inStock === "boolean") signals.available = inStock;
      return signals;
    }
  }
  return null;
}

const STATE_PATTERN =
  /(?:window\.|var\s+|let\s+|const\s+)?(?:__[A-Z0-9_]+__|__[a-zA-Z]+(?:State|Context)|(?:initial|preloaded|app|page|product)(?:State|Data|Props)|dataLayer|digitalData|utag_data|productData|product)\s*=\s*/gi;

/** `__NEXT_DATA__`, `window.__INITIAL_STATE__`, dataLayer and friends: look for the page's product. */
function genericState($: CheerioAPI, scripts: string[], ctx: StateContext): ProductSignals | null {
  const blobs: unknown[] = [];
  $('script#__NEXT_DATA__, script[type="application/json"]').each((_, el) => {
    const parsed = parseJsonLenient(rawText(el));
    if (parsed !== undefined) blobs.push(parsed);
  });
  for (const script of scripts) {
    STATE_PATTERN.lastIndex = 0;
    blobs.push(...jsonAfterPattern(script, STATE_PATTERN));
    if (script.includes("dataLayer.push(") || script.includes("gtag(")) {
      blobs.push(...jsonAfterPattern(script, /(?:dataLayer\.push\(|gtag\(\s*['"]event['"]\s*,\s*['"]view_item['"]\s*,)\s*/g));
    }
  }
  if (blobs.length === 0) return null;
  const titles = ctx.titleHints.map(tokens).filter((t) => t.size > 0);
  const fullTitles = ctx.titleHints.map(tokensWithDigits).filter((t) => t.size > 0);
  let best: { signals: ProductSignals; score: number } | null = null;
  let budget = 200_000;
  const visit = (value: unknown, depth: number, related: boolean): void => {
    if (depth > 30 || budget-- <= 0) return;
    if (Array.isArray(value)) {
      for (const item of value) visit(item, depth + 1, related);
      return;
    }
    if (!isRecord(value)) return;
    const candidate = readStateProduct(value, ctx, titles, fullTitles);
    // Recommendations and recently viewed items sit in the same state, often first, with names
    // as close to the page's as its own ("… 5 ct" beside "… 3 ct").
    if (candidate !== null && related) candidate.score -= 5;
    if (candidate !== null && (best === null || candidate.score > best.score)) best = candidate;
    for (const [key, child] of Object.entries(value)) {
      if (typeof child === "object" && child !== null) visit(child, depth + 1, related || RELATED_STATE_KEY.test(key));
    }
  };
  for (const blob of blobs) visit(blob, 0, false);
  return best === null ? null : (best as { signals: ProductSignals }).signals;
}

const RELATED_STATE_KEY =
  /recommend|related|similar|upsell|up_sell|crosssell|cross_sell|recently|viewed|alsoBought|also_bought|bundle|accessor|complete_?the_?look|youMayAlsoLike|carousel|suggest/i;
const NAME_KEYS = ["name", "title", "productName", "product_name", "displayName", "itemName", "item_name"];
const PRICE_KEYS = [
  "salePrice",
  "sale_price",
  "final_price",
  "special_price",
  "selling_price",
  "sellingPrice",
  "finalPrice",
  "currentPrice",
  "specialPrice",
  "priceNow",
  "nowPrice",
  "offerPrice",
  "price",
  "displayPrice",
  "unitPrice",
];
const LIST_KEYS = [
  "listPrice",
  "originalPrice",
  "regularPrice",
  "wasPrice",
  "oldPrice",
  "compareAtPrice",
  "list_price",
  "original_price",
  "regular_price",
  "was_price",
  "old_price",
  "compare_at_price",
  "msrp",
  "mrp",
  "rrp",
  "basePrice",
];
// PrestaShop names the SKU "reference", SAP Commerce and many custom back ends "code".
const SKU_KEYS = [
  "sku",
  "skuId",
  "skuCode",
  "productCode",
  "articleNumber",
  "articleNo",
  "itemNumber",
  "item_number",
  "mpn",
  "reference",
  "code",
];
const STOCK_KEYS = [
  "availability",
  "available",
  "isAvailable",
  "availableForSale",
  "inStock",
  "isInStock",
  "isOnStock",
  "in_stock",
  "stockStatus",
  "stock_status",
];
const VARIANT_KEYS = ["selectedVariant", "variant", "masterVariant", "defaultVariant", "currentVariant"];
const SOLD_OUT_KEYS = ["soldOut", "isSoldOut", "outOfStock", "isOutOfStock", "sold_out"];

function readStateProduct(
  obj: Record<string, unknown>,
  ctx: StateContext,
  titles: Array<Set<string>>,
  fullTitles: Array<Set<string>> = titles,
): { signals: ProductSignals; score: number } | null {
  const name = firstText(...NAME_KEYS.map((k) => obj[k]));
  if (name === null || name.length > 300) return null;
  const variant = VARIANT_KEYS.map((k) => obj[k]).find(isRecord);
  // The prices sit on the product, on its selected variant (Shopify Storefront API), or in a
  // price range of regular and final prices (Magento GraphQL).
  const priced = [obj, variant, priceRange(obj)].find(
    (o): o is Record<string, unknown> => o !== undefined && PRICE_KEYS.some((k) => o[k] !== undefined && o[k] !== null),
  );
  if (priced === undefined) return null;
  const priceKey = PRICE_KEYS.find((k) => priced[k] !== undefined && priced[k] !== null) ?? "price";
  const match = titles.length === 0 ? 0 : Math.max(...titles.map((t) => overlap(tokens(name), t)));
  if (match < 0.7) return null;
  const priceObject = priced[priceKey];
  const nestedCurrency = isRecord(priceObject) ? firstText(priceObject["currencyCode"], priceObject["currency"]) : null;
  const currency =
    normaliseCurrency(firstText(obj["currency"], obj["currencyCode"], obj["priceCurrency"]) ?? nestedCurrency, ctx.hostname) ??
    ctx.currencyHint;
  const price = readMoney(priced[priceKey], currency);
  if (price === null || price <= 0) return null;
  const signals: ProductSignals = { title: name, price };
  if (currency) signals.currency = currency;
  // Beside a sale price, the plain "price" is the price before the sale.
  const listKey =
    LIST_KEYS.find((k) => priced[k] !== undefined) ?? (priceKey !== "price" && priced["price"] !== undefined ? "price" : undefined);
  const list = listKey ? readMoney(priced[listKey], currency) : null;
  if (list !== null && list > price) signals.listPrice = list;
  // Containment ties ("Tennis Bracelet" is in both "Tennis Bracelet 3 ct" and "… 5 ct"); the name
  // that shares the most of both sides, digits included, is the page's.
  let score = match * 10 + Math.max(0, ...fullTitles.map((t) => jaccard(tokensWithDigits(name), t))) * 2;
  const sku = firstText(...SKU_KEYS.map((k) => obj[k])) ?? (variant ? firstText(...SKU_KEYS.map((k) => variant[k])) : null);
  if (sku && sku.length <= 64) {
    signals.productId = sku;
    score += 2;
  } else {
    const id = firstText(obj["id"], obj["productId"], obj["product_id"], obj["item_id"]);
    if (id && id.length >= 4 && ctx.pageUrl.includes(id)) {
      signals.productId = id;
      score += 2;
    }
  }
  for (const key of STOCK_KEYS) {
    const raw = obj[key] ?? variant?.[key];
    const nested = isRecord(raw) ? STOCK_KEYS.map((k) => raw[k]).find((v) => typeof v === "boolean" || typeof v === "string") : raw;
    const available = availabilityFromValue(nested);
    if (available !== undefined) {
      signals.available = available;
      break;
    }
  }
  if (signals.available === undefined) {
    for (const key of SOLD_OUT_KEYS) {
      if (typeof obj[key] === "boolean") {
        signals.available = !obj[key];
        break;
      }
    }
  }
  const brand = firstText(obj["brand"], obj["vendor"], obj["manufacturer"]);
  if (brand) signals.brand = brand;
  const images = [obj["images"], obj["image"], variant?.["images"], variant?.["image"]]
    .flatMap((v) => asArray(v))
    .map((img) => absoluteUrl(isRecord(img) ? (img["url"] ?? img["src"]) : img, ctx.pageUrl))
    .filter((u): u is string => u !== null);
  if (images.length > 0) signals.images = [...new Set(images)].slice(0, 12);
  const description = firstText(obj["description"], obj["longDescription"], obj["shortDescription"]);
  if (description && description.length > 20) signals.description = htmlToText(description);
  return { signals, score };
}

/** Magento GraphQL's `price_range.minimum_price` ({ final_price, regular_price }), else null. */
function priceRange(obj: Record<string, unknown>): Record<string, unknown> | undefined {
  const range = obj["price_range"] ?? obj["priceRange"];
  if (!isRecord(range)) return undefined;
  const minimum = range["minimum_price"] ?? range["minimumPrice"];
  return isRecord(minimum) ? minimum : undefined;
}

function readMoney(value: unknown, currency: string | null): number | null {
  if (isRecord(value)) {
    if (value["centAmount"] !== undefined) return centsToAmount(value["centAmount"], currency);
    const inner = value["value"] ?? value["amount"] ?? value["now"] ?? value["current"] ?? value["raw"] ?? value["price"];
    return inner === undefined ? null : readMoney(inner, currency);
  }
  return parseMachineAmount(value, currency);
}

function tokens(text: string): Set<string> {
  return new Set(
    text
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .split(/[^\p{L}\p{N}]+/u)
      .filter((t) => t.length >= 2),
  );
}

function tokensWithDigits(text: string): Set<string> {
  return new Set(
    text
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .split(/[^\p{L}\p{N}]+/u)
      .filter((t) => t.length >= 2 || /\d/.test(t)),
  );
}

function jaccard(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const t of a) if (b.has(t)) shared++;
  const union = a.size + b.size - shared;
  return union === 0 ? 0 : shared / union;
}

function overlap(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  // One-word names ("Ring") match too much; they must equal the other side.
  if (Math.min(a.size, b.size) < 2) return a.size === b.size && [...a].every((t) => b.has(t)) ? 1 : 0;
  let shared = 0;
  for (const t of a) if (b.has(t)) shared++;
  return shared / Math.min(a.size, b.size);
}

export function titleTokens(text: string): Set<string> {
  return tokens(text);
}
export function tokenOverlap(a: Set<string>, b: Set<string>): number {
  return overlap(a, b);
}
export function tokenJaccard(a: Set<string>, b: Set<string>): number {
  return jaccard(a, b);
}
