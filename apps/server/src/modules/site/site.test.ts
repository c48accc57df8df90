import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../test/helpers.ts";

describe("GET /api/site/, /robots.txt, /sitemap.xml", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      env: { CONTACT_EMAIL: "hello@aurelia.test", CONTACT_PHONE: "+91 22 4000 1234", SOCIAL_INSTAGRAM: "https://instagram.com/aurelia", SOCIAL_PINTEREST: "" },
    });
  });
  afterAll(async () => t.close());

  it("gives the contact details and only the configured social links", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/site/" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      contact_email: "hello@aurelia.test",
      contact_phone: "+91 22 4000 1234",
      socials: [{ network: "instagram", url: "https://instagram.com/aurelia" }],
    });
  });

  it("writes robots.txt and sitemap.xml with PUBLIC_URL", async () => {
    const robots = await t.app.inject({ method: "GET", url: "/robots.txt" });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers["content-type"]).toContain("text/plain");
    expect(robots.body).toContain("Sitemap: http://app.test/sitemap.xml");
    expect(robots.body).toContain("Disallow: /dashboard");

    const sitemap = await t.app.inject({ method: "GET", url: "/sitemap.xml" });
    expect(sitemap.headers["content-type"]).toContain("application/xml");
    const locs = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([
      "http://app.test/",
      "http://app.test/how-it-works",
      "http://app.test/gallery",
      "http://app.test/contact",
      "http://app.test/faq",
      "http://app.test/privacy",
      "http://app.test/terms",
    ]);
  });
});

describe("GET /api/site/ with nothing configured", () => {
  it("answers nulls and no social links", async () => {
    const t = await buildTestApp();
    try {
      const res = await t.app.inject({ method: "GET", url: "/api/site/" });
      expect(res.json()).toEqual({ contact_email: null, contact_phone: null, socials: [] });
    } finally {
      await t.close();
    }
  });
});

/** The smallest valid WebAssembly module: magic and version. */
const WASM = Buffer.from([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);

describe("serving the built web app", () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await fs.mkdtemp(path.join(os.tmpdir(), "atelier-dist-"));
    const page = (name: string) => `<!doctype html><html><head><link rel="canonical" href="%PUBLIC_URL%/${name}"></head><body>${name}</body></html>`;
    await fs.mkdir(path.join(dist, "how-it-works"));
    await fs.mkdir(path.join(dist, "assets"));
    await fs.writeFile(path.join(dist, "index.html"), page("home"));
    await fs.writeFile(path.join(dist, "app.html"), "<!doctype html><html><body><div id=root></div></body></html>");
    await fs.writeFile(path.join(dist, "how-it-works", "index.html"), page("how-it-works"));
    await fs.writeFile(path.join(dist, "assets", "app-abc.js"), "console.log('app')");
    await fs.writeFile(path.join(dist, "assets", "app-abc.js.br"), zlib.brotliCompressSync("console.log('app')"));
    // The 3D viewer's WebAssembly, as the build writes it: the file and a .gz twin (no .br).
    await fs.writeFile(path.join(dist, "assets", "reader-abc.wasm"), WASM);
    await fs.writeFile(path.join(dist, "assets", "reader-abc.wasm.gz"), zlib.gzipSync(WASM));
    await fs.writeFile(path.join(dist, "assets", "model.worker-Ab1_c.js"), "self.onmessage = () => {};");
    t = await buildTestApp({ env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(dist, { recursive: true, force: true });
  });

  it("serves the prerendered home at / with PUBLIC_URL filled in", async () => {
    const res = await t.app.inject({ method: "GET", url: "/" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(res.body).toContain('<link rel="canonical" href="http://app.test/home">');
  });

  it("serves a prerendered page, redirects its trailing-slash address, compresses when accepted", async () => {
    const plain = await t.app.inject({ method: "GET", url: "/how-it-works" });
    expect(plain.body).toContain("http://app.test/how-it-works");
    const slash = await t.app.inject({ method: "GET", url: "/how-it-works/?ref=mail" });
    expect(slash.statusCode).toBe(301);
    expect(slash.headers.location).toBe("/how-it-works?ref=mail");
    const br = await t.app.inject({ method: "GET", url: "/how-it-works", headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await t.app.inject({ method: "GET", url: "/how-it-works", headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it("answers client-side routes and raw .html requests with the app shell", async () => {
    for (const url of ["/login", "/dashboard/new-design", "/no-such-page", "/index.html"]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id=root></div>');
    }
  });

  it("serves pre-compressed assets when the browser accepts them", async () => {
    const res = await t.app.inject({ method: "GET", url: "/assets/app-abc.js", headers: { "accept-encoding": "br" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const plain = await t.app.inject({ method: "GET", url: "/assets/app-abc.js" });
    expect(plain.body).toBe("console.log('app')");
  });

  it("serves WebAssembly as application/wasm (compiled as it streams) with a script policy that allows compiling it", async () => {
    const gz = await t.app.inject({ method: "GET", url: "/assets/reader-abc.wasm", headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(gz.statusCode).toBe(200);
    expect(gz.headers["content-type"]).toBe("application/wasm");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gz.rawPayload)).toEqual(WASM);
    expect(gz.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const plain = await t.app.inject({ method: "GET", url: "/assets/reader-abc.wasm" });
    expect(plain.rawPayload).toEqual(WASM);
    const csp = String(plain.headers["content-security-policy"]);
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(csp).not.toContain("'unsafe-eval'");
    expect(csp).toContain("worker-src 'self' blob:");
  });

  it("serves the CAD model worker under its own policy, the only script allowed to build functions from strings", async () => {
    const worker = await t.app.inject({ method: "GET", url: "/assets/model.worker-Ab1_c.js" });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers["content-security-policy"]).toBe(
      "default-src 'none'; script-src 'self' 'wasm-unsafe-eval' 'unsafe-eval'; connect-src 'self' blob: data:",
    );
    const other = await t.app.inject({ method: "GET", url: "/assets/app-abc.js" });
    expect(other.headers["content-security-policy"]).not.toContain("'unsafe-eval'");
  });
});
