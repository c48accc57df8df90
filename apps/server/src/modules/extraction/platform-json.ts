import { centsToAmount, parseMachineAmount } from "./parse-price.ts";
import type { NameValue, ProductSignals } from "./product-signals.ts";
import { absoluteUrl, asArray, asText, firstText, htmlToText, isRecord, uniqueStrings } from "./text-utils.ts";

/**
 * Shopify product data: `/products/<handle>.js` (prices in cents, `available` flags) or
 * `/products/<handle>.json` (`{product: ...}`, prices as decimal strings). Themes embed the
 * `.js` shape in the page too (`ProductJson-*` scripts, `data-product-json`).
 */
export function isShopifyProduct(value: unknown): boolean {
  const product = isRecord(value) && isRecord(value["product"]) ? value["product"] : value;
  return (
    isRecord(product) &&
    Array.isArray(product["variants"]) &&
    (typeof product["title"] === "string" || typeof product["handle"] === "string")
  );
}

export function readShopifyProduct(value: unknown, pageUrl: string, currency: string | null): ProductSignals | null {
  const wrapped = isRecord(value) && isRecord(value["product"]);
  const product = wrapped && isRecord(value) ? value["product"] : value;
  if (!isRecord(product) || !Array.isArray(product["variants"])) return null;
  const variants = product["variants"].filter(isRecord);
  const wanted = variantIdFromUrl(pageUrl);
  const variant =
    variants.find((v) => wanted !== null && String(v["id"]) === wanted) ?? variants.find((v) => v["available"] === true) ?? variants[0];

  const money = (raw: unknown): number | undefined => {
    if (raw === null || raw === undefined || raw === "") return undefined;
    // The `.js` endpoint and embedded ProductJson give integer cents; `.json` gives "129.00".
    const amount =
      typeof raw === "number" && Number.isInteger(raw) && !wrapped ? centsToAmount(raw, currency) : parseMachineAmount(raw, currency);
    return amount !== null && amount > 0 ? amount : undefined;
  };

  const signals: ProductSignals = {};
  const title = asText(product["title"]);
  if (title) signals.title = title;
  const description = firstText(product["description"], product["body_html"]);
  if (description) signals.description = htmlToText(description);
  const brand = asText(product["vendor"]);
  if (brand) signals.brand = brand;
  const category = asText(product["type"] ?? product["product_type"]);
  if (category) signals.category = category;
  if (currency) signals.currency = currency;

  const price = money(variant?.["price"]) ?? money(product["price"]) ?? money(product["price_min"]);
  if (price !== undefined) signals.price = price;
  const compareAt = money(variant?.["compare_at_price"]) ?? money(product["compare_at_price"]);
  if (compareAt !== undefined && price !== undefined && compareAt > price) signals.listPrice = compareAt;

  if (variant && typeof variant["available"] === "boolean") signals.available = variant["available"];
  else if (typeof product["available"] === "boolean") signals.available = product["available"];

  const sku = asText(variant?.["sku"]);
  if (sku) signals.productId = sku;

  const images: string[] = [];
  const featured = variant?.["featured_image"];
  if (isRecord(featured)) {
    const src = absoluteUrl(featured["src"], pageUrl);
    if (src) images.push(src);
  }
  for (const image of [...asArray(product["featured_image"]), ...asArray(product["images"])]) {
    const src = absoluteUrl(isRecord(image) ? image["src"] : image, pageUrl);
    if (src) images.push(src);
  }
  if (images.length > 0) signals.images = uniqueStrings(images);

  for (const media of asArray(product["media"])) {
    if (!isRecord(media) || !/video/.test(String(media["media_type"]))) continue;
    const source = asArray(media["sources"]).find(isRecord);
    const url = absoluteUrl(source?.["url"] ?? media["embed_url"], pageUrl);
    if (url) {
      signals.videoUrl = url;
      break;
    }
  }

  const attributes: NameValue[] = [];
  const options = asArray(product["options"]);
  options.forEach((option, index) => {
    const name = isRecord(option) ? asText(option["name"]) : asText(option);
    const value = asText(variant?.[`option${index + 1}`]);
    if (name && value && !/^default title$/i.test(value)) attributes.push({ name, value });
  });
  const tags = Array.isArray(product["tags"]) ? product["tags"].map(asText).filter(Boolean).join(", ") : asText(product["tags"]);
  if (tags) attributes.push({ name: "tags", value: tags });
  if (attributes.length > 0) signals.attributes = attributes;
  return signals;
}

function variantIdFromUrl(pageUrl: string): string | null {
  try {
    return new URL(pageUrl).searchParams.get("variant");
  } catch {
    return null;
  }
}
