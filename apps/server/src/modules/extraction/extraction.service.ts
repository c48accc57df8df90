import type { ExtractedProduct } from "@atelier/contract";
import type { SafeFetcher } from "../../lib/safe-fetch.ts";
import { UpstreamError, UpstreamTimeoutError, UrlRefusedError } from "../../lib/safe-fetch.ts";
import { UnprocessableError } from "../../lib/errors.ts";
import { lazy } from "../../lib/lazy.ts";

/** The extractor (cheerio and its rules) is loaded on the first link, not at start-up (a failed load is retried). */
const loadExtractor = lazy(() => import("./extract-product.ts"));

export { UpstreamError, UpstreamTimeoutError, UrlRefusedError };

/** The page was fetched but does not describe a product (→ 422). */
export class NoProductError extends UnprocessableError {
  override readonly name = "NoProductError";
  constructor(readonly detail = "We could not find a product on that page.") {
    super(detail);
  }
}

export interface ExtractionServiceOptions {
  fetcher: SafeFetcher;
  /** Milliseconds since the epoch; tests pass a fake. */
  clock?: () => number;
  cacheTtlMs?: number;
  maxCacheEntries?: number;
}

export interface ExtractionService {
  extract(url: string): Promise<ExtractedProduct>;
}

/** Query parameters that only track the visitor and never change the product. */
const TRACKING_PARAM =
  /^(?:utm_\w+|gclid|gbraid|wbraid|fbclid|msclkid|mc_cid|mc_eid|_ga|_gl|igshid|ref|ref_|srsltid|_pos|_sid|_ss|yclid|dclid|trk|cmpid|campaign)$/i;

/** Cache key: lower-case host, no fragment, no tracking parameters. */
export function normaliseProductUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new UrlRefusedError("Please enter a valid product link.");
  }
  url.hash = "";
  for (const key of [...url.searchParams.keys()]) if (TRACKING_PARAM.test(key)) url.searchParams.delete(key);
  return url.href;
}

/** `/products/<handle>` (also under `/collections/<c>/products/<handle>`) on a Shopify store. */
export function shopifyProductEndpoint(pageUrl: string, html: string): { js: string; json: string } | null {
  if (!/Shopify\.shop\s*=|cdn\.shopify\.com|shopify-digital-wallet|ShopifyAnalytics/.test(html.slice(0, 1_000_000))) return null;
  let url: URL;
  try {
    url = new URL(pageUrl);
  } catch {
    return null;
  }
  const match = /\/products\/([^/?#.]+)/.exec(url.pathname);
  const handle = match?.[1];
  if (!handle) return null;
  const base = `${url.origin}/products/${handle}`;
  return { js: `${base}.js`, json: `${base}.json` };
}

interface CacheEntry {
  expires: number;
  product: ExtractedProduct;
}

export function createExtractionService(options: ExtractionServiceOptions): ExtractionService {
  const { fetcher } = options;
  const clock = options.clock ?? Date.now;
  const ttl = options.cacheTtlMs ?? 10 * 60 * 1000;
  const maxEntries = options.maxCacheEntries ?? 500;
  // In-process LRU: a Map keeps insertion order, so re-inserting on a hit moves an entry to the
  // back and the first key is the least recently used. Per instance only; several server
  // instances each keep their own (a miss costs one fetch, nothing breaks).
  const cache = new Map<string, CacheEntry>();
  const inFlight = new Map<string, Promise<ExtractedProduct>>();

  async function platformJson(pageUrl: string, html: string): Promise<unknown> {
    const endpoint = shopifyProductEndpoint(pageUrl, html);
    if (endpoint === null) return undefined;
    for (const url of [endpoint.js, endpoint.json]) {
      try {
        const response = await fetcher.fetchPage(url, { expect: "json" });
        return JSON.parse(response.body) as unknown;
      } catch {
        // The page itself is enough; the platform JSON only sharpens it.
      }
    }
    return undefined;
  }

  async function load(url: string): Promise<ExtractedProduct> {
    const page = await fetcher.fetchPage(url);
    let html = page.body;
    let platform: unknown;
    if (/json/i.test(page.contentType)) {
      // A pasted `.js`/`.json` product link: the JSON is the platform data.
      try {
        platform = JSON.parse(page.body) as unknown;
      } catch {
        platform = undefined;
      }
      html = "";
    } else {
      platform = await platformJson(page.finalUrl, html);
    }
    const { extractProduct, looksLikeProduct } = await loadExtractor();
    const product = extractProduct({ html, url: page.finalUrl, platformJson: platform });
    const empty = product.title === "" && product.price === null && product.media.image_urls.length === 0;
    if (empty || !looksLikeProduct(product)) throw new NoProductError();
    return product;
  }

  async function extract(rawUrl: string): Promise<ExtractedProduct> {
    const key = normaliseProductUrl(rawUrl);
    const now = clock();
    const hit = cache.get(key);
    if (hit !== undefined) {
      cache.delete(key);
      if (hit.expires > now) {
        cache.set(key, hit);
        return structuredClone(hit.product);
      }
    }
    const pending = inFlight.get(key);
    if (pending !== undefined) return structuredClone(await pending);
    const job = load(key);
    inFlight.set(key, job);
    try {
      const product = await job;
      cache.set(key, { expires: clock() + ttl, product });
      while (cache.size > maxEntries) {
        const oldest = cache.keys().next().value;
        if (oldest === undefined) break;
        cache.delete(oldest);
      }
      return structuredClone(product);
    } finally {
      inFlight.delete(key);
    }
  }

  return { extract };
}
