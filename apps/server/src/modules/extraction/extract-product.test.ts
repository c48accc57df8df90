import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { extractedProductSchema } from "@atelier/contract";
import { decodeHtmlBytes } from "../../lib/safe-fetch.ts";
import { extractProduct, looksLikeProduct } from "./extract-product.ts";

const fixtureDir = join(dirname(fileURLToPath(import.meta.url)), "fixtures");

type Matcher = string | number | boolean | null | { contains: string } | { startsWith: string };

interface FixtureCase {
  fixture: string;
  url: string;
  platformJson?: string;
  note?: string;
  expect: Record<string, Matcher>;
}

const cases = JSON.parse(readFileSync(join(fixtureDir, "expected.json"), "utf8")) as FixtureCase[];

function readFixture(name: string): string {
  return decodeHtmlBytes(readFileSync(join(fixtureDir, name)));
}

function valueAt(value: unknown, path: string): unknown {
  let current: unknown = value;
  for (const key of path.split(".")) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

function run(c: FixtureCase) {
  const platformJson = c.platformJson ? (JSON.parse(readFixture(c.platformJson)) as unknown) : undefined;
  return extractProduct({ html: readFixture(c.fixture), url: c.url, platformJson });
}

describe("extractProduct on the jewellery fixtures", () => {
  it("has at least 30 product fixtures", () => {
    expect(new Set(cases.map((c) => c.fixture)).size).toBeGreaterThanOrEqual(30);
  });

  describe.each(cases.map((c) => [`${c.fixture}${c.platformJson ? " + platform JSON" : ""}`, c] as const))("%s", (_name, c) => {
    const product = run(c);

    it.each(Object.entries(c.expect))("%s", (path, matcher) => {
      const actual = valueAt(product, path);
      if (matcher !== null && typeof matcher === "object") {
        if ("contains" in matcher) expect(String(actual)).toContain(matcher.contains);
        else expect(String(actual)).toMatch(new RegExp(`^${matcher.startsWith.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
      } else if (typeof matcher === "number") {
        expect(actual).toBeCloseTo(matcher, 3);
      } else {
        expect(actual).toBe(matcher);
      }
    });

    it("matches the contract schema, with absolute image URLs and honest bookkeeping", () => {
      expect(() => extractedProductSchema.parse(product)).not.toThrow();
      expect(product.media.image_urls.length).toBeGreaterThan(0);
      for (const image of product.media.image_urls) expect(image).toMatch(/^https?:\/\/[^/]+\//);
      expect(looksLikeProduct(product)).toBe(true);
      for (const field of product.missing) expect(product.sources[field]).toBeUndefined();
      expect(product.missing).not.toContain("price");
      expect(product.sources["price"]).toBeDefined();
    });
  });
});

describe("extractProduct edge cases", () => {
  it("does not take a blog post for a product", () => {
    const product = extractProduct({ html: readFixture("not-a-product-blog.html"), url: "https://maison-aurelia.com/journal/4cs" });
    expect(product.price).toBeNull();
    expect(looksLikeProduct(product)).toBe(false);
  });

  it("falls back to the first in-stock variant when the URL selects none", () => {
    const product = extractProduct({
      html: readFixture("jsonld-productgroup-variants.html"),
      url: "https://bandsmith.com/wedding-bands/classic-comfort-fit-platinum",
    });
    expect(product.price).toBe(1180);
  });

  it("never throws on junk and returns the spec defaults", () => {
    for (const html of ["", "<<<>>>", "<html><body><h1>", "\u0000\u0001binary", '<script>var x = {"price": </script>', "{}"]) {
      const product = extractProduct({ html, url: "https://example.com/x" });
      expect(product.currency).toBe("USD");
      expect(product.jewelry_type).toBe("Ring");
      expect(product.is_available).toBe(true);
      expect(product.dimensions).toEqual({ size: "NA", width: "NA", height: "NA", length: "NA" });
      expect(product.metal_details.weight_unit).toBe("g");
      expect(product.missing).toContain("price");
    }
    expect(() => extractProduct({ html: "<p>x</p>", url: "not a url" })).not.toThrow();
  });

  it("handles a 5 MB page quickly", () => {
    const filler =
      '<div class="row"><span class="label">Lorem ipsum dolor sit amet</span><a href="/p/1">Other item £12.00</a></div>\n'.repeat(45_000);
    const html = `<html><body><h1>Big Page Ring</h1><p class="price">£99.00</p><button>Add to cart</button>${filler}</body></html>`;
    expect(html.length).toBeGreaterThan(4_500_000);
    const started = performance.now();
    const product = extractProduct({ html, url: "https://shop.example.co.uk/big" });
    expect(performance.now() - started).toBeLessThan(8_000);
    expect(product.title).toBe("Big Page Ring");
    expect(product.price).toBe(99);
  });

  it("survives hostile nesting in linear time", () => {
    const html = `${"<div>".repeat(200_000)}<p>x</p>${"</div>".repeat(200_000)}<h1>Deep Ring</h1><p class="price">$10.00</p>`;
    const started = performance.now();
    const product = extractProduct({ html, url: "https://shop.example.com/deep" });
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(product.title).toBe("Deep Ring");
  });

  it("reads Shopify .json (decimal strings) as well as .js (cents)", () => {
    const platformJson = {
      product: {
        title: "Bezel Set Studs",
        body_html: "<p>14k yellow gold bezel studs with 0.50 ctw diamonds.</p>",
        vendor: "Orla",
        variants: [{ id: 1, sku: "ORL-BZ-50", price: "640.00", compare_at_price: "720.00" }],
        images: [{ src: "https://cdn.shopify.com/s/files/1/bezel.jpg" }],
      },
    };
    const product = extractProduct({ html: "<html></html>", url: "https://orla.example/products/bezel-set-studs", platformJson });
    expect(product.price).toBe(640);
    expect(product.list_price).toBe(720);
    expect(product.product_id).toBe("ORL-BZ-50");
    expect(product.jewelry_type).toBe("Earrings");
    expect(product.design_details.setting_type).toContain("Bezel");
  });
});
