import { titleTokens, tokenJaccard, tokenOverlap } from "./embedded-state.ts";
import { normaliseCurrency, parseMachineAmount } from "./parse-price.ts";
import type { NameValue, ProductSignals } from "./product-signals.ts";
import { availabilityFromValue } from "./product-signals.ts";
import { absoluteUrl, asArray, asText, firstText, htmlToText, isRecord, uniqueStrings } from "./text-utils.ts";

export type SchemaNode = Record<string, unknown>;

/** schema.org product signals plus the weaker identifiers kept apart from `sku`. */
export interface SchemaProduct {
  signals: ProductSignals;
  /** productID / mpn / gtin: used only when nothing better names the product. */
  weakIds: string[];
}

const PRODUCT_TYPES = new Set([
  "product",
  "productgroup",
  "individualproduct",
  "productmodel",
  "someproducts",
  "vehicle",
  "car",
  "motorcycle",
  "book",
  "jewelry",
]);
const OFFER_TYPES = new Set(["offer", "aggregateoffer"]);
/** Keys under which a Product describes some other product. */
const RELATED_KEYS = new Set([
  "isrelatedto",
  "issimilarto",
  "isaccessoryorsparepartfor",
  "isconsumablefor",
  "itemlistelement",
  "mentions",
  "hasPart".toLowerCase(),
  "itemreviewed",
  "about",
  "subjectof",
  "review",
  "itemoffered",
]);

export function typeNames(node: SchemaNode): string[] {
  return asArray(node["@type"] ?? node["type"])
    .filter((t): t is string => typeof t === "string")
    .map((t) => t.replace(/^.*[/#:]/, "").toLowerCase());
}

function isProductNode(node: SchemaNode): boolean {
  return typeNames(node).some((t) => PRODUCT_TYPES.has(t));
}

interface FoundNode {
  node: SchemaNode;
  related: boolean;
  order: number;
}

/** Walk parsed documents; index nodes by @id so references resolve. */
export class SchemaGraph {
  readonly nodes: FoundNode[] = [];
  private readonly byId = new Map<string, SchemaNode>();

  constructor(roots: unknown[]) {
    let order = 0;
    const visit = (value: unknown, related: boolean, depth: number): void => {
      if (depth > 12) return;
      if (Array.isArray(value)) {
        for (const item of value) visit(item, related, depth + 1);
        return;
      }
      if (!isRecord(value)) return;
      const id = typeof value["@id"] === "string" ? value["@id"] : null;
      if (id !== null && Object.keys(value).length > 1 && !this.byId.has(id)) this.byId.set(id, value);
      if (typeNames(value).length > 0) this.nodes.push({ node: value, related, order: order++ });
      for (const [key, child] of Object.entries(value)) {
        if (typeof child !== "object" || child === null) continue;
        visit(child, related || RELATED_KEYS.has(key.toLowerCase()), depth + 1);
      }
    };
    for (const root of roots) visit(root, false, 0);
  }

  resolve(value: unknown): unknown {
    if (isRecord(value) && typeof value["@id"] === "string" && Object.keys(value).length === 1) {
      return this.byId.get(value["@id"]) ?? value;
    }
    return value;
  }

  get(node: SchemaNode, key: string): unknown {
    const raw = node[key] ?? node[`schema:${key}`];
    if (Array.isArray(raw)) return raw.map((item) => this.resolve(item));
    return this.resolve(raw);
  }

  /**
   * The product the page is about: not a related item, with offers, matching the URL, named like
   * the page (its h1 and <title>). Headers, promos and "deal of the day" widgets ship Product
   * blocks of their own, often before the page's; document order alone picks theirs.
   */
  mainProduct(pageUrl: string, pageTitles: () => readonly string[] = () => []): SchemaNode | null {
    const page = comparableUrl(pageUrl);
    let titleSets: Array<Set<string>> | null = null;
    const candidates = this.nodes.filter((f) => !f.related && isProductNode(f.node)).length;
    const titles = (): Array<Set<string>> =>
      (titleSets ??=
        candidates > 1
          ? pageTitles()
              .map(titleTokens)
              .filter((t) => t.size > 0)
          : []);
    let best: { node: SchemaNode; score: number; order: number } | null = null;
    const variantsOfGroups = new Set<SchemaNode>();
    for (const { node } of this.nodes) {
      if (!typeNames(node).includes("productgroup")) continue;
      for (const variant of asArray(this.get(node, "hasVariant"))) if (isRecord(variant)) variantsOfGroups.add(variant);
    }
    for (const found of this.nodes) {
      const { node } = found;
      if (variantsOfGroups.has(node)) continue;
      const product = isProductNode(node);
      const offers = asArray(this.get(node, "offers")).filter(isRecord);
      if (!product && offers.length === 0) continue;
      if (!product && typeNames(node).some((t) => OFFER_TYPES.has(t))) continue;
      let score = product ? 4 : 1;
      if (offers.length > 0 || this.get(node, "hasVariant") !== undefined) score += 2;
      if (firstText(node["name"]) !== null) score += 1;
      if (found.related) score -= 6;
      const nodeUrl = firstText(node["url"], node["@id"]);
      if (nodeUrl !== null && page !== null && comparableUrl(absoluteUrl(nodeUrl, pageUrl) ?? "") === page) score += 2;
      const name = firstText(node["name"]);
      if (name !== null && titles().length > 0) {
        const tokens = titleTokens(name);
        const agreement = Math.max(...titles().map((t) => tokenOverlap(tokens, t)));
        // Containment ties a near namesake ("… piccoli …" in a tile before the product) with the
        // page's own name; the name closest to the whole title breaks the tie.
        if (agreement >= 0.5) score += 2 * agreement + 0.5 * Math.max(...titles().map((t) => tokenJaccard(tokens, t)));
      }
      if (best === null || score > best.score) best = { node, score, order: found.order };
    }
    return best === null || best.score < 2 ? null : best.node;
  }

  /** Offers straight on the page without any product around them (some listings do that). */
  looseOffers(): SchemaNode[] {
    return this.nodes.filter((f) => !f.related && typeNames(f.node).some((t) => OFFER_TYPES.has(t))).map((f) => f.node);
  }
}

function comparableUrl(url: string): string | null {
  try {
    const u = new URL(url);
    return `${u.hostname.replace(/^www\./, "")}${u.pathname.replace(/\/+$/, "")}`.toLowerCase();
  } catch {
    return null;
  }
}

interface OfferReading {
  price?: number;
  listPrice?: number;
  currency?: string;
  available?: boolean;
  sku?: string;
  url?: string;
  /** The offer states only a list price ("StrikethroughPrice"/"ListPrice" equal to its price). */
  listOnly?: boolean;
}

function readOffer(graph: SchemaGraph, offer: SchemaNode, hostname: string): OfferReading[] {
  const types = typeNames(offer);
  const nested = asArray(graph.get(offer, "offers")).filter(isRecord);
  const currency = normaliseCurrency(firstText(offer["priceCurrency"]), hostname) ?? undefined;
  const reading: OfferReading = {
    ...(currency ? { currency } : {}),
    ...optional("available", availabilityFromValue(firstText(offer["availability"]))),
    ...optional("sku", firstText(offer["sku"]) ?? undefined),
    ...optional("url", firstText(offer["url"]) ?? undefined),
  };
  let price = positive(parseMachineAmount(firstScalar(offer["price"]), currency));
  for (const spec of asArray(graph.get(offer, "priceSpecification")).filter(isRecord)) {
    const specPrice = positive(parseMachineAmount(firstScalar(spec["price"]), currency));
    if (specPrice === undefined) continue;
    // Instalments, subscriptions and unit prices (per month, per 100 g) are not the price of the item.
    if (
      spec["billingDuration"] !== undefined ||
      spec["billingIncrement"] !== undefined ||
      spec["referenceQuantity"] !== undefined ||
      /installment|instalment|subscription|downpayment|activationfee|cleaningfee|distributionfee/i.test(
        firstText(spec["priceComponentType"]) ?? "",
      )
    )
      continue;
    const priceType = (firstText(spec["priceType"]) ?? "").toLowerCase();
    const specCurrency = normaliseCurrency(firstText(spec["priceCurrency"]), hostname);
    if (specCurrency && !reading.currency) reading.currency = specCurrency;
    if (/list|strikethrough|msrp|srp|regular|original/.test(priceType)) reading.listPrice = specPrice;
    else if (price === undefined) price = specPrice;
  }
  if (price === undefined && types.includes("aggregateoffer")) {
    price = positive(parseMachineAmount(firstScalar(offer["lowPrice"]), currency));
  }
  if (price !== undefined) reading.price = price;
  // Some shops list the pre-sale price as an offer of its own, typed as a strikethrough or list
  // price, beside the offer at the sale price.
  if (price !== undefined && reading.listPrice !== undefined && Math.abs(price - reading.listPrice) < 0.005) reading.listOnly = true;
  if (nested.length === 0) return [reading];
  const inner = nested.flatMap((n) => readOffer(graph, n, hostname));
  return reading.price !== undefined ? [reading, ...inner] : inner.length > 0 ? inner : [reading];
}

function optional<K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, V>);
}

function positive(value: number | null): number | undefined {
  return value !== null && value > 0 ? value : undefined;
}

function firstScalar(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : value;
}

/** Does the page URL select this variant (?variant=, ?sku=, path)? */
function urlSelects(pageUrl: string, ids: Array<string | undefined>, url: string | undefined): boolean {
  let page: URL;
  try {
    page = new URL(pageUrl);
  } catch {
    return false;
  }
  const params = [...page.searchParams.values()].map((v) => v.toLowerCase());
  for (const id of ids) {
    if (id && params.includes(id.toLowerCase())) return true;
  }
  if (url && page.search !== "") {
    const abs = absoluteUrl(url, pageUrl);
    if (abs !== null && new URL(abs).search === page.search && new URL(abs).pathname === page.pathname) return true;
  }
  return false;
}

function imageUrls(graph: SchemaGraph, value: unknown, base: string): string[] {
  const urls: string[] = [];
  for (const item of asArray(value)) {
    const resolved = graph.resolve(item);
    const raw = isRecord(resolved) ? (resolved["contentUrl"] ?? resolved["url"] ?? resolved["thumbnailUrl"]) : resolved;
    for (const candidate of asArray(raw)) {
      const abs = absoluteUrl(candidate, base);
      if (abs !== null) urls.push(abs);
    }
  }
  return uniqueStrings(urls);
}

function readAttributes(graph: SchemaGraph, node: SchemaNode): NameValue[] {
  const attributes: NameValue[] = [];
  for (const prop of asArray(graph.get(node, "additionalProperty"))) {
    if (!isRecord(prop)) continue;
    const name = firstText(prop["name"], prop["propertyID"]);
    const value = firstText(prop["value"], prop["valueReference"]);
    if (name && value) attributes.push({ name, value: [value, firstText(prop["unitText"], prop["unitCode"])].filter(Boolean).join(" ") });
  }
  for (const key of ["material", "color", "size", "weight", "width", "height", "depth", "pattern", "category", "model"]) {
    const raw = graph.get(node, key);
    for (const item of asArray(raw)) {
      if (isRecord(item)) {
        const value = firstText(item["value"], item["name"]);
        if (value) attributes.push({ name: key, value: [value, firstText(item["unitText"], item["unitCode"])].filter(Boolean).join(" ") });
      } else {
        const value = asText(item);
        if (value) attributes.push({ name: key, value });
      }
    }
  }
  return attributes;
}

function cleanId(value: string | null): string | undefined {
  if (value === null) return undefined;
  const id = value.replace(/^(?:sku|mpn|gtin\d*|isbn|ean|upc)\s*:\s*/i, "").trim();
  return id === "" || id.length > 64 ? undefined : id;
}

/** Read a schema.org Product / ProductGroup node (from JSON-LD, microdata or RDFa). */
export function readSchemaProduct(graph: SchemaGraph, product: SchemaNode, pageUrl: string): SchemaProduct {
  const hostname = safeHostname(pageUrl);
  const signals: ProductSignals = {};
  const title = firstText(product["name"], product["headline"]);
  if (title) signals.title = title;
  const description = firstText(product["description"]);
  if (description) signals.description = htmlToText(description);
  const brand = firstText(graph.get(product, "brand"), graph.get(product, "manufacturer"));
  if (brand) signals.brand = brand;
  const category = firstText(product["category"]);
  if (category) signals.category = category;

  const variants = asArray(graph.get(product, "hasVariant")).filter(isRecord);
  const selectedVariant = variants.find((v) =>
    urlSelects(pageUrl, [firstText(v["sku"]) ?? undefined, firstText(v["productID"]) ?? undefined], firstText(v["url"]) ?? undefined),
  );

  const offers: OfferReading[] = [];
  for (const offer of asArray(graph.get(product, "offers")).filter(isRecord)) offers.push(...readOffer(graph, offer, hostname));
  const variantOffers: Array<{ variant: SchemaNode; offer: OfferReading }> = [];
  for (const variant of variants) {
    for (const offer of asArray(graph.get(variant, "offers")).filter(isRecord)) {
      for (const reading of readOffer(graph, offer, hostname)) variantOffers.push({ variant, offer: reading });
    }
  }

  let chosen: OfferReading | undefined;
  let chosenVariant: SchemaNode | undefined = selectedVariant;
  if (selectedVariant) {
    chosen = variantOffers.find((v) => v.variant === selectedVariant)?.offer;
  }
  if (!chosen) {
    chosen = offers.find((o) => urlSelects(pageUrl, [o.sku], o.url) && o.price !== undefined);
  }
  const urlChosen = chosen !== undefined;
  const everyOffer = [...offers, ...variantOffers.map((v) => v.offer)];
  // An offer that only states the list price is not on sale when another offer has a price.
  const current = everyOffer.filter((o) => o.listOnly !== true && o.price !== undefined);
  const listOnly = current.length > 0 ? everyOffer.filter((o) => o.listOnly === true) : [];
  if (!chosen) {
    const all = everyOffer.filter((o) => !listOnly.includes(o));
    chosen = all.find((o) => o.price !== undefined && o.available !== false) ?? all.find((o) => o.price !== undefined) ?? all[0];
    if (chosen && !offers.includes(chosen)) chosenVariant = variantOffers.find((v) => v.offer === chosen)?.variant;
  }
  if (chosen?.price !== undefined) signals.price = chosen.price;
  // Offers that can be bought: a sold-out variant's price shown beside a disabled button is not the offer.
  const offerPrices = everyOffer
    .filter((o) => o.available !== false && !listOnly.includes(o))
    .map((o) => o.price)
    .filter((x): x is number => x !== undefined);
  if (offerPrices.length > 1) signals.offerPrices = offerPrices.slice(0, 200);
  if (urlChosen) signals.selectedByUrl = true;
  const listPrice = chosen?.listPrice ?? listOnly.map((o) => o.price).find((x): x is number => x !== undefined);
  if (listPrice !== undefined && listPrice > (chosen?.price ?? 0)) signals.listPrice = listPrice;
  const currency = chosen?.currency ?? offers.find((o) => o.currency)?.currency;
  if (currency) signals.currency = currency;

  const allOffers = [...offers, ...variantOffers.map((v) => v.offer)];
  const stated = (selectedVariant ? variantOffers.filter((v) => v.variant === selectedVariant).map((v) => v.offer) : allOffers)
    .map((o) => o.available)
    .filter((a): a is boolean => a !== undefined);
  if (stated.length > 0) signals.available = stated.some(Boolean);
  else if (chosen?.price !== undefined) signals.offeredForSale = true;

  const idSource = selectedVariant ?? product;
  // A ProductGroup names the product in productGroupID; its variants' SKUs add a size or colour.
  const groupId = selectedVariant ? undefined : cleanId(firstText(product["productGroupID"], product["inProductGroupWithID"]));
  const sku = cleanId(firstText(idSource["sku"])) ?? groupId ?? cleanId(chosen?.sku ?? null);
  const weakIds = [
    cleanId(firstText(idSource["productID"])),
    cleanId(firstText(idSource["mpn"])),
    cleanId(firstText(idSource["gtin13"], idSource["gtin"], idSource["gtin14"], idSource["gtin12"], idSource["gtin8"], idSource["isbn"])),
  ].filter((id): id is string => id !== undefined);
  if (sku) signals.productId = sku;
  else if (!selectedVariant && chosenVariant && chosenVariant !== product) {
    const variantSku = cleanId(firstText(chosenVariant["sku"]));
    if (variantSku && variants.length === 1) signals.productId = variantSku;
  }

  const images = [
    ...imageUrls(graph, graph.get(selectedVariant ?? product, "image"), pageUrl),
    ...(selectedVariant ? imageUrls(graph, graph.get(product, "image"), pageUrl) : []),
    ...variants.flatMap((v) => imageUrls(graph, graph.get(v, "image"), pageUrl)),
  ];
  if (images.length > 0) signals.images = uniqueStrings(images);
  const video = asArray(graph.get(product, "video"))
    .map((v) => graph.resolve(v))
    .find(isRecord);
  if (video) {
    const videoUrl = absoluteUrl(firstText(video["contentUrl"], video["embedUrl"], video["url"]), pageUrl);
    if (videoUrl) signals.videoUrl = videoUrl;
  }
  const attributes = [...readAttributes(graph, product), ...(selectedVariant ? readAttributes(graph, selectedVariant) : [])];
  if (attributes.length > 0) signals.attributes = attributes;
  return { signals, weakIds: uniqueStrings(weakIds) };
}

/** A bare Offer on a page without a product node (classifieds, events). */
export function readLooseOffer(graph: SchemaGraph, offer: SchemaNode, pageUrl: string): ProductSignals {
  const [reading] = readOffer(graph, offer, safeHostname(pageUrl));
  const signals: ProductSignals = {};
  if (reading?.price !== undefined) signals.price = reading.price;
  if (reading?.currency) signals.currency = reading.currency;
  if (reading?.available !== undefined) signals.available = reading.available;
  else if (reading?.price !== undefined) signals.offeredForSale = true;
  return signals;
}

export function safeHostname(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return "";
  }
}
