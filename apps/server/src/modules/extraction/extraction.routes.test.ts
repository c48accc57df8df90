import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PUBLIC_QUOTE_LIMITS } from "../../lib/public-throttle.ts";
import { authedInject, buildTestApp, randomIp, signUp, type TestApp } from "../../test/helpers.ts";

const PRODUCT_PAGE = `<!doctype html><html><head><title>Aurora Solitaire</title>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Aurora Solitaire Ring","sku":"AUR-18RG-050",
"description":"An 18K rose gold solitaire with a 0.50 ct round diamond, G colour, VS1 clarity, GIA certified. Metal weight 3.2 g.",
"image":["/img/aurora-1.jpg","https://cdn.example.com/aurora-2.jpg"],
"offers":{"@type":"Offer","price":"1299.00","priceCurrency":"USD","availability":"https://schema.org/InStock"}}</script>
</head><body><h1>Aurora Solitaire Ring</h1><p class="price">$1,299.00</p><button>Add to cart</button></body></html>`;

const BLOG_PAGE = `<!doctype html><html><head><title>How to clean silver</title></head><body><article><h1>How to clean silver</h1><p>Warm water and a soft cloth.</p></article></body></html>`;

let t: TestApp;
let server: http.Server;
let origin = "";
let hits = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits += 1;
    if (req.url === "/ring") res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(PRODUCT_PAGE);
    else if (req.url === "/blog") res.writeHead(200, { "content-type": "text/html" }).end(BLOG_PAGE);
    else if (req.url === "/broken") res.writeHead(500, { "content-type": "text/html" }).end("oops");
    else if (req.url === "/to-private") res.writeHead(302, { location: "http://10.0.0.7/ring" }).end();
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  t = await buildTestApp({ env: { EXTRACT_ALLOWED_HOSTS: `127.0.0.1:${port}` } });
});
afterAll(async () => {
  await t.close();
  await new Promise((r) => server.close(r));
});

const scrape = (token: string, url: unknown) => authedInject(t, token, { method: "POST", url: "/api/scrape/", payload: { url } });

describe("POST /api/scrape/", () => {
  it("needs a signed-in user", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/scrape/", payload: { url: `${origin}/ring` } });
    expect(res.statusCode).toBe(401);
  });

  it("returns the extracted product with its sources and what is missing", async () => {
    const { token } = await signUp(t);
    const res = await scrape(token, `${origin}/ring`);
    expect(res.statusCode).toBe(200);
    const body = res.json<Record<string, unknown> & { media: { image_urls: string[] }; metal_details: Record<string, unknown>; sources: Record<string, string>; missing: string[] }>();
    expect(body).toMatchObject({ title: "Aurora Solitaire Ring", price: 1299, currency: "USD", product_id: "AUR-18RG-050", is_available: true, url: `${origin}/ring` });
    expect(body.media.image_urls).toEqual([`${origin}/img/aurora-1.jpg`, "https://cdn.example.com/aurora-2.jpg"]);
    expect(body.metal_details).toMatchObject({ purity: "18K", metal_color: "rose", weight: 3.2, weight_unit: "g" });
    expect(body.sources.price).toBe("json-ld");
    expect(Array.isArray(body.missing)).toBe(true);
  });

  it("answers a clear 400 for an empty link", async () => {
    const { token } = await signUp(t);
    const res = await scrape(token, "  ");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ url: ["Please enter a product link"] });
  });

  it.each(["http://127.0.0.1:9/ring", "http://10.0.0.7/ring", "http://169.254.169.254/latest/meta-data/", "file:///etc/passwd", "not a url", "http://2130706433/"])(
    "refuses %s with 400 {detail}",
    async (url) => {
      const { token } = await signUp(t);
      const res = await scrape(token, url);
      expect(res.statusCode).toBe(400);
      expect(typeof res.json<{ detail: string }>().detail).toBe("string");
    },
  );

  it("refuses a redirect to a private address", async () => {
    const { token } = await signUp(t);
    const res = await scrape(token, `${origin}/to-private`);
    expect(res.statusCode).toBe(400);
  });

  it("answers 502 when the shop fails and 422 when the page has no product", async () => {
    const { token } = await signUp(t);
    expect((await scrape(token, `${origin}/broken`)).statusCode).toBe(502);
    const none = await scrape(token, `${origin}/blog`);
    expect(none.statusCode).toBe(422);
    expect(none.json()).toEqual({ detail: expect.any(String) as string });
  });

  it("caches a page for a while and throttles each user", async () => {
    const { token } = await signUp(t);
    const before = hits;
    await scrape(token, `${origin}/ring?utm_source=newsletter`);
    await scrape(token, `${origin}/ring`);
    expect(hits - before).toBeLessThanOrEqual(1);
    let last = 0;
    for (let i = 0; i < 30; i++) last = (await scrape(token, `${origin}/ring`)).statusCode;
    expect(last).toBe(429);
  });
});

const publicScrape = (url: unknown, remoteAddress = randomIp()) =>
  t.app.inject({ method: "POST", url: "/api/public/scrape/", payload: { url }, remoteAddress });

describe("POST /api/public/scrape/ (no account)", () => {
  it("returns the extracted product to a visitor", async () => {
    const res = await publicScrape(`${origin}/ring`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ title: "Aurora Solitaire Ring", price: 1299, currency: "USD", url: `${origin}/ring` });
  });

  it("validates the body with the contract", async () => {
    const empty = await publicScrape("  ");
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ url: ["Please enter a product link"] });
    const missing = await t.app.inject({ method: "POST", url: "/api/public/scrape/", payload: {}, remoteAddress: randomIp() });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json<Record<string, unknown>>())).toEqual(["url"]);
  });

  it.each([
    "http://127.0.0.1:9/ring",
    "http://10.0.0.7/ring",
    "http://169.254.169.254/latest/meta-data/",
    "http://[::1]/ring",
    "file:///etc/passwd",
    "http://2130706433/",
  ])("keeps the safe fetcher's rules: refuses %s with 400 {detail}", async (url) => {
    const res = await publicScrape(url);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: expect.any(String) as string });
  });

  it("refuses a redirect to a private address", async () => {
    const res = await publicScrape(`${origin}/to-private`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: expect.any(String) as string });
  });

  it("throttles each client address with a clear 429; another address still gets through", async () => {
    const ip = randomIp();
    for (let i = 0; i < PUBLIC_QUOTE_LIMITS.scrape.max; i++) expect((await publicScrape(`${origin}/ring`, ip)).statusCode).toBe(200);
    const throttled = await publicScrape(`${origin}/ring`, ip);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toEqual({
      detail: "Too many instant quotes from your network. Please try again in 60 minutes, or sign in to continue.",
    });
    expect(throttled.headers["retry-after"]).toBe("3600");
    // Refused links count too: a visitor cannot probe addresses past the limit.
    expect((await publicScrape("http://10.0.0.7/ring", ip)).statusCode).toBe(429);
    expect((await publicScrape(`${origin}/ring`, randomIp())).statusCode).toBe(200);
  });
});
