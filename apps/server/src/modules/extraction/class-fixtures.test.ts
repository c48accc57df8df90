import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSafeFetcher } from "../../lib/safe-fetch.ts";
import { createExtractionService } from "./extraction.service.ts";

/**
 * The class fold of the extraction bench (`fixtures/classes`, `npm run bench:extract`): pages of
 * our own, one per way a shop page misleads an extractor, in shop styles the corpus lacks. Each is
 * served over HTTP on loopback and read through the extraction service, as a customer's link is.
 * Price and stock are the classes under test; the bench also scores the SKU.
 */
interface ClassLabel {
  class: "sale" | "recommendations" | "stock";
  style: string;
  url: string;
  price: string[];
  sku: string[];
  availability: Array<"InStock" | "OutOfStock">;
}

const dir = join(dirname(fileURLToPath(import.meta.url)), "fixtures", "classes");
const labels = JSON.parse(readFileSync(join(dir, "labels.json"), "utf8")) as Record<string, ClassLabel>;
const names = Object.keys(labels).sort();

let server: Server;
let origin = "";
let port = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    const name = new URL(req.url ?? "/", "http://x").pathname.replace(/^\/page\//, "");
    if (!names.includes(name)) {
      res.writeHead(404, { "content-type": "text/html" });
      res.end("<h1>Not found</h1>");
      return;
    }
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(readFileSync(join(dir, `${name}.html`)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe("the class fold over HTTP", () => {
  it("holds several pages of each class in several shop styles", () => {
    for (const cls of ["sale", "recommendations", "stock"] as const) {
      const pages = names.filter((n) => labels[n]?.class === cls);
      expect(pages.length).toBeGreaterThanOrEqual(4);
      expect(new Set(pages.map((n) => labels[n]?.style)).size).toBeGreaterThanOrEqual(3);
    }
  });

  it.each(names.map((n) => [n, labels[n] as ClassLabel] as const))("%s", async (name, label) => {
    const fetcher = createSafeFetcher({ allowedHosts: [`127.0.0.1:${port}`] });
    const product = await createExtractionService({ fetcher }).extract(`${origin}/page/${name}`);
    expect(product.price).not.toBeNull();
    expect(label.price.map(Number)).toContain(product.price);
    expect(product.sources["is_available"]).toBeDefined();
    expect(product.is_available ? "InStock" : "OutOfStock").toBe(label.availability[0]);
  });
});
