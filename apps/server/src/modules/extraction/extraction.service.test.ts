import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { extractedProductSchema } from "@atelier/contract";
import { createSafeFetcher } from "../../lib/safe-fetch.ts";
import {
  NoProductError,
  UpstreamError,
  UrlRefusedError,
  createExtractionService,
  normaliseProductUrl,
  shopifyProductEndpoint,
} from "./extraction.service.ts";

const fixtureDir = join(dirname(fileURLToPath(import.meta.url)), "fixtures");
const fixture = (name: string): string => readFileSync(join(fixtureDir, name), "utf8");

let server: Server;
let origin: string;
let port: number;
const hits = new Map<string, number>();

function hitsOf(path: string): number {
  return hits.get(path) ?? 0;
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    hits.set(path, hitsOf(path) + 1);
    const html = (body: string): void => {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(body);
    };
    switch (path) {
      case "/products/luna-halo-pendant":
        html(fixture("shopify-halo-pendant.html"));
        return;
      case "/products/luna-halo-pendant.js":
        res.writeHead(200, { "content-type": "application/javascript; charset=utf-8" });
        res.end(fixture("shopify-halo-pendant.js.json"));
        return;
      case "/products/aria-solitaire-engagement-ring":
        html(fixture("shopify-solitaire-ring.html"));
        return;
      case "/products/aria-solitaire-engagement-ring.js":
        res.writeHead(404, { "content-type": "text/html" });
        res.end("not here");
        return;
      case "/products/aria-solitaire-engagement-ring.json":
        res.writeHead(200, { "content-type": "application/json" });
        res.end(
          JSON.stringify({
            product: {
              title: "Aria Solitaire Engagement Ring",
              vendor: "Maison Aurelia",
              body_html: "<p>14K white gold four-prong solitaire with a 1.00 ct lab-grown diamond.</p>",
              variants: [
                { id: 41001, sku: "AUR-SOL-100-6", price: "1450.00", compare_at_price: "1690.00" },
                { id: 41002, sku: "AUR-SOL-150-6", price: "1980.00", compare_at_price: null },
              ],
              images: [{ src: "https://maison-aurelia.com/cdn/shop/products/aria-front.jpg" }],
            },
          }),
        );
        return;
      case "/ring":
        html(fixture("brand-tiffany-style-platinum-ring.html"));
        return;
      case "/journal/4cs":
        html(fixture("not-a-product-blog.html"));
        return;
      case "/broken":
        res.writeHead(500, { "content-type": "text/html" });
        res.end("<h1>Internal Server Error</h1>");
        return;
      default:
        res.writeHead(404, { "content-type": "text/html" });
        res.end("<h1>Not found</h1>");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => hits.clear());

function service(clock?: () => number) {
  const fetcher = createSafeFetcher({ allowedHosts: [`127.0.0.1:${port}`] });
  return createExtractionService({ fetcher, ...(clock ? { clock } : {}) });
}

describe("createExtractionService", () => {
  it("uses a Shopify store's .js product JSON over the page", async () => {
    const product = await service().extract(`${origin}/products/luna-halo-pendant`);
    expect(hitsOf("/products/luna-halo-pendant.js")).toBe(1);
    expect(product.title).toBe("Luna Halo Pendant");
    expect(product.price).toBe(890);
    expect(product.list_price).toBe(990);
    expect(product.currency).toBe("EUR");
    expect(product.product_id).toBe("BRL-PND-LUNA-18");
    expect(product.is_available).toBe(false);
    expect(product.sources["price"]).toBe("shopify-json");
    expect(product.media.image_urls[0]).toBe("https://brillare.co/cdn/shop/products/luna-rose.jpg");
    expect(product.source_website).toBe("127.0.0.1");
    expect(() => extractedProductSchema.parse(product)).not.toThrow();
  });

  it("falls back to the .json endpoint when .js fails", async () => {
    const product = await service().extract(`${origin}/products/aria-solitaire-engagement-ring?utm_source=newsletter`);
    expect(hitsOf("/products/aria-solitaire-engagement-ring.js")).toBe(1);
    expect(hitsOf("/products/aria-solitaire-engagement-ring.json")).toBe(1);
    expect(product.sources["price"]).toBe("shopify-json");
    expect(product.price).toBe(1450);
    expect(product.product_id).toBe("AUR-SOL-100-6");
    expect(product.metal_details.purity).toBe("14K");
  });

  it("extracts a plain JSON-LD product page without a second request", async () => {
    const product = await service().extract(`${origin}/ring`);
    expect(product.title).toBe("Classic Six-Prong Solitaire Engagement Ring in Platinum");
    expect(product.price).toBe(21500);
    expect(product.metal_details.metal_type).toBe("platinum");
    expect(product.authentication).toEqual({ certificate_type: "GIA", certificate_number: "2141438171" });
    expect([...hits.keys()]).toEqual(["/ring"]);
  });

  it("answers NoProductError for a page that is not a product", async () => {
    await expect(service().extract(`${origin}/journal/4cs`)).rejects.toBeInstanceOf(NoProductError);
  });

  it("passes upstream failures through as UpstreamError", async () => {
    await expect(service().extract(`${origin}/broken`)).rejects.toBeInstanceOf(UpstreamError);
  });

  it("refuses private addresses before fetching anything", async () => {
    await expect(service().extract("http://169.254.169.254/latest/meta-data/")).rejects.toBeInstanceOf(UrlRefusedError);
    await expect(service().extract("not a link")).rejects.toBeInstanceOf(UrlRefusedError);
  });

  it("caches per normalised URL for ten minutes", async () => {
    let now = 1_000_000;
    const extraction = service(() => now);
    const first = await extraction.extract(`${origin}/ring`);
    const second = await extraction.extract(`${origin}/ring#reviews`);
    const third = await extraction.extract(`${origin}/ring?utm_campaign=spring&gclid=abc`);
    expect(hitsOf("/ring")).toBe(1);
    expect(second).toEqual(first);
    expect(third).toEqual(first);
    // Callers get their own copy: changing one answer never changes the cache.
    second.title = "changed";
    expect((await extraction.extract(`${origin}/ring`)).title).toBe(first.title);
    now += 9 * 60 * 1000;
    await extraction.extract(`${origin}/ring`);
    expect(hitsOf("/ring")).toBe(1);
    now += 2 * 60 * 1000;
    await extraction.extract(`${origin}/ring`);
    expect(hitsOf("/ring")).toBe(2);
  });

  it("shares one fetch between concurrent requests for the same URL", async () => {
    const extraction = service();
    const [a, b] = await Promise.all([extraction.extract(`${origin}/ring`), extraction.extract(`${origin}/ring`)]);
    expect(a.price).toBe(b.price);
    expect(hitsOf("/ring")).toBe(1);
  });

  it("keeps the cache bounded", async () => {
    const fetcher = createSafeFetcher({ allowedHosts: [`127.0.0.1:${port}`] });
    const extraction = createExtractionService({ fetcher, maxCacheEntries: 1 });
    await extraction.extract(`${origin}/ring`);
    await extraction.extract(`${origin}/products/luna-halo-pendant`);
    await extraction.extract(`${origin}/ring`);
    expect(hitsOf("/ring")).toBe(2);
  });
});

describe("helpers", () => {
  it("normaliseProductUrl drops fragments and tracking parameters only", () => {
    expect(normaliseProductUrl("https://Shop.Example.com/products/ring?variant=4&utm_source=x&fbclid=y#top")).toBe(
      "https://shop.example.com/products/ring?variant=4",
    );
    expect(() => normaliseProductUrl("::")).toThrow(UrlRefusedError);
  });

  it("shopifyProductEndpoint needs both a Shopify page and a /products/ path", () => {
    const shopify = '<script>Shopify.shop = "x.myshopify.com";</script>';
    expect(shopifyProductEndpoint("https://x.com/collections/rings/products/aria?variant=1", shopify)).toEqual({
      js: "https://x.com/products/aria.js",
      json: "https://x.com/products/aria.json",
    });
    expect(shopifyProductEndpoint("https://x.com/products/aria", "<html>no platform</html>")).toBeNull();
    expect(shopifyProductEndpoint("https://x.com/pages/about", shopify)).toBeNull();
  });
});
