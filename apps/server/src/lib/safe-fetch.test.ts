import { createServer } from "node:http";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  UpstreamError,
  UpstreamTimeoutError,
  UrlRefusedError,
  allowedHostsFromEnv,
  createSafeFetcher,
  decodeHtmlBytes,
  isPublicAddress,
} from "./safe-fetch.ts";
import type { LookupFunction } from "./safe-fetch.ts";

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

async function startServer(handler: Handler): Promise<{ server: Server; port: number; origin: string }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { server, port, origin: `http://127.0.0.1:${port}` };
}

const publicLookup: LookupFunction = () => Promise.resolve([{ address: "93.184.216.34", family: 4 }]);
const failingLookup: LookupFunction = () => Promise.reject(new Error("lookup must not be called"));
const resolvesTo =
  (...addresses: string[]): LookupFunction =>
  () =>
    Promise.resolve(addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 })));

let shop: { server: Server; port: number; origin: string };
let other: { server: Server; port: number; origin: string };
const seenHeaders: Record<string, IncomingMessage["headers"]> = {};

beforeAll(async () => {
  other = await startServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html" });
    res.end("<h1>secret internal page</h1>");
  });
  shop = await startServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    seenHeaders[url.pathname] = req.headers;
    switch (url.pathname) {
      case "/page":
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        res.end("<html><h1>Solitaire Ring</h1></html>");
        return;
      case "/gzip":
        res.writeHead(200, { "content-type": "text/html", "content-encoding": "gzip" });
        res.end(gzipSync(Buffer.from("<h1>Gzipped ring – 18K</h1>")));
        return;
      case "/bomb":
        res.writeHead(200, { "content-type": "text/html", "content-encoding": "gzip" });
        res.end(gzipSync(Buffer.alloc(200_000, 0x20)));
        return;
      case "/big":
        res.writeHead(200, { "content-type": "text/html" });
        res.end("x".repeat(5_000));
        return;
      case "/big-chunked":
        res.writeHead(200, { "content-type": "text/html", "transfer-encoding": "chunked" });
        for (let i = 0; i < 10; i++) res.write("y".repeat(1_000));
        res.end();
        return;
      case "/slow":
        setTimeout(() => {
          res.writeHead(200, { "content-type": "text/html" });
          res.end("<h1>late</h1>");
        }, 2_000).unref();
        return;
      case "/slow-body":
        res.writeHead(200, { "content-type": "text/html" });
        res.write("<h1>start");
        setTimeout(() => res.end("</h1>"), 2_000).unref();
        return;
      case "/image":
        res.writeHead(200, { "content-type": "image/png" });
        res.end(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
        return;
      case "/error":
        res.writeHead(500, { "content-type": "text/html" });
        res.end("oops");
        return;
      case "/latin1":
        res.writeHead(200, { "content-type": "text/html" });
        res.end(Buffer.from('<meta charset="iso-8859-1"><p>Boucles d\'oreilles en or jaune \u00e9l\u00e9gantes</p>', "latin1"));
        return;
      case "/script":
        res.writeHead(200, { "content-type": "text/javascript; charset=utf-8" });
        res.end('{"title":"Ring","variants":[]}');
        return;
      case "/redirect-relative":
        res.writeHead(302, { location: "/page" });
        res.end();
        return;
      case "/redirect-loop":
        res.writeHead(302, { location: "/redirect-loop" });
        res.end();
        return;
      case "/redirect-other-port":
        res.writeHead(302, { location: `${other.origin}/` });
        res.end();
        return;
      case "/redirect-metadata":
        res.writeHead(301, { location: "http://169.254.169.254/latest/meta-data/" });
        res.end();
        return;
      case "/redirect-private-name":
        res.writeHead(307, { location: "http://intranet.example.com/" });
        res.end();
        return;
      default:
        res.writeHead(404, { "content-type": "text/html" });
        res.end("missing");
    }
  });
});

afterAll(async () => {
  await new Promise((resolve) => shop.server.close(resolve));
  await new Promise((resolve) => other.server.close(resolve));
});

function fetcherFor(extra: Partial<Parameters<typeof createSafeFetcher>[0]> = {}) {
  return createSafeFetcher({ allowedHosts: [`127.0.0.1:${shop.port}`], lookup: publicLookup, ...extra });
}

describe("isPublicAddress", () => {
  it.each([
    ["8.8.8.8", true],
    ["93.184.216.34", true],
    ["2606:4700:4700::1111", true],
    ["::ffff:8.8.8.8", true],
    ["127.0.0.1", false],
    ["127.255.255.254", false],
    ["10.20.30.40", false],
    ["172.16.0.1", false],
    ["172.31.255.255", false],
    ["192.168.0.10", false],
    ["169.254.169.254", false],
    ["100.64.0.1", false],
    ["100.127.255.255", false],
    ["224.0.0.251", false],
    ["239.255.255.250", false],
    ["0.0.0.0", false],
    ["255.255.255.255", false],
    ["240.0.0.1", false],
    ["192.0.2.1", false],
    ["198.18.0.1", false],
    ["::1", false],
    ["::", false],
    ["fe80::1", false],
    ["fc00::1", false],
    ["fd12:3456:789a::1", false],
    ["ff02::1", false],
    ["::ffff:127.0.0.1", false],
    ["::ffff:7f00:1", false],
    ["::ffff:10.0.0.1", false],
    ["::ffff:192.168.1.1", false],
    ["64:ff9b::10.0.0.1", false],
    ["64:ff9b::a9fe:a9fe", false],
    ["2002:c0a8:0101::1", false],
    ["2001:db8::1", false],
    ["not-an-ip", false],
  ])("%s → %s", (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

describe("createSafeFetcher refuses addresses it must never fetch", () => {
  const fetcher = createSafeFetcher({ lookup: failingLookup });
  it.each([
    ["loopback v4", "http://127.0.0.1/"],
    ["loopback v4 elsewhere in 127/8", "http://127.8.9.10/"],
    ["loopback v6", "http://[::1]/"],
    ["private 10/8", "http://10.0.0.1/"],
    ["private 172.16/12", "http://172.20.1.1/"],
    ["private 192.168/16", "https://192.168.1.1/"],
    ["link-local", "http://169.254.10.20/"],
    ["cloud metadata", "http://169.254.169.254/latest/meta-data/"],
    ["link-local v6", "http://[fe80::1]/"],
    ["CGNAT", "http://100.64.1.2/"],
    ["multicast", "http://224.0.0.1/"],
    ["unspecified v4", "http://0.0.0.0/"],
    ["unspecified v6", "http://[::]/"],
    ["broadcast", "http://255.255.255.255/"],
    ["reserved", "http://240.1.2.3/"],
    ["unique-local v6", "http://[fd00::1]/"],
    ["IPv4-mapped loopback", "http://[::ffff:127.0.0.1]/"],
    ["IPv4-mapped private", "http://[::ffff:192.168.0.1]/"],
    ["NAT64 of private", "http://[64:ff9b::10.1.1.1]/"],
    ["hex integer", "http://0x7f000001/"],
    ["decimal integer", "http://2130706433/"],
    ["short form", "http://127.1/"],
    ["octal", "http://0177.0.0.1/"],
    ["mixed octal/hex", "http://0x7f.0.0.01/"],
    ["localhost name", "http://localhost/"],
    ["port 8080", "http://example.com:8080/"],
    ["port 22", "https://example.com:22/"],
    ["ftp scheme", "ftp://example.com/ring.html"],
    ["file scheme", "file:///etc/passwd"],
    ["javascript scheme", "javascript:alert(1)"],
    ["credentials", "https://user:secret@example.com/"],
    ["malformed", "not a url"],
    ["empty", ""],
  ])("%s (%s)", async (_label, url) => {
    await expect(fetcher.fetchPage(url)).rejects.toBeInstanceOf(UrlRefusedError);
  });

  it("refuses a host name that resolves to a private address", async () => {
    const privateName = createSafeFetcher({ lookup: resolvesTo("10.1.2.3") });
    await expect(privateName.fetchPage("https://shop.example.com/ring")).rejects.toBeInstanceOf(UrlRefusedError);
  });

  it("refuses a name whose answers mix public and private addresses", async () => {
    const mixed = createSafeFetcher({ lookup: resolvesTo("93.184.216.34", "127.0.0.1") });
    await expect(mixed.fetchPage("https://shop.example.com/ring")).rejects.toBeInstanceOf(UrlRefusedError);
  });

  it("refuses a name that resolves to an IPv4-mapped loopback address", async () => {
    const mapped = createSafeFetcher({ lookup: resolvesTo("::ffff:127.0.0.1") });
    await expect(mapped.fetchPage("https://shop.example.com/ring")).rejects.toBeInstanceOf(UrlRefusedError);
  });

  it("only an exact host:port in allowedHosts bypasses the checks", async () => {
    const otherPort = createSafeFetcher({ allowedHosts: [`127.0.0.1:${shop.port + 1}`], lookup: failingLookup });
    await expect(otherPort.fetchPage(`${shop.origin}/page`)).rejects.toBeInstanceOf(UrlRefusedError);
    const otherHost = createSafeFetcher({ allowedHosts: [`localhost:${shop.port}`], lookup: failingLookup });
    await expect(otherHost.fetchPage(`${shop.origin}/page`)).rejects.toBeInstanceOf(UrlRefusedError);
  });
});

describe("createSafeFetcher against a loopback shop allowed for the test", () => {
  it("fetches an HTML page with browser-like headers", async () => {
    const page = await fetcherFor().fetchPage(`${shop.origin}/page`);
    expect(page.status).toBe(200);
    expect(page.contentType).toContain("text/html");
    expect(page.body).toContain("Solitaire Ring");
    expect(page.finalUrl).toBe(`${shop.origin}/page`);
    const headers = seenHeaders["/page"];
    expect(headers?.["user-agent"]).toMatch(/Chrome\/\d+/);
    expect(headers?.["accept-language"]).toBe("en-US,en;q=0.9");
    expect(headers?.["accept"]).toContain("text/html");
  });

  it("connects to the vetted address while keeping the host name in the Host header", async () => {
    let lookups = 0;
    const fetcher = createSafeFetcher({
      allowedHosts: [`shop.test:${shop.port}`],
      lookup: () => {
        lookups++;
        return Promise.resolve([{ address: "127.0.0.1", family: 4 }]);
      },
    });
    const page = await fetcher.fetchPage(`http://shop.test:${shop.port}/page`);
    expect(page.body).toContain("Solitaire Ring");
    expect(lookups).toBe(1);
    expect(seenHeaders["/page"]?.host).toBe(`shop.test:${shop.port}`);
  });

  it("decompresses gzip", async () => {
    const page = await fetcherFor().fetchPage(`${shop.origin}/gzip`);
    expect(page.body).toBe("<h1>Gzipped ring – 18K</h1>");
  });

  it("follows a relative redirect and reports the final URL", async () => {
    const page = await fetcherFor().fetchPage(`${shop.origin}/redirect-relative`);
    expect(page.finalUrl).toBe(`${shop.origin}/page`);
    expect(page.body).toContain("Solitaire Ring");
  });

  it("refuses a redirect to a loopback port that is not allowed", async () => {
    await expect(fetcherFor().fetchPage(`${shop.origin}/redirect-other-port`)).rejects.toBeInstanceOf(UrlRefusedError);
  });

  it("refuses a redirect to the cloud metadata address", async () => {
    await expect(fetcherFor().fetchPage(`${shop.origin}/redirect-metadata`)).rejects.toBeInstanceOf(UrlRefusedError);
  });

  it("refuses a redirect to a name that resolves privately", async () => {
    const fetcher = fetcherFor({ lookup: resolvesTo("192.168.10.10") });
    await expect(fetcher.fetchPage(`${shop.origin}/redirect-private-name`)).rejects.toBeInstanceOf(UrlRefusedError);
  });

  it("gives up after too many redirects", async () => {
    await expect(fetcherFor({ maxRedirects: 3 }).fetchPage(`${shop.origin}/redirect-loop`)).rejects.toBeInstanceOf(UpstreamError);
  });

  it("refuses a page larger than the limit (declared length)", async () => {
    await expect(fetcherFor({ maxBytes: 1_000 }).fetchPage(`${shop.origin}/big`)).rejects.toBeInstanceOf(UpstreamError);
  });

  it("refuses a streamed page once it passes the limit", async () => {
    await expect(fetcherFor({ maxBytes: 2_500 }).fetchPage(`${shop.origin}/big-chunked`)).rejects.toThrow(/too large/);
  });

  it("counts the limit after decompression (gzip bomb)", async () => {
    await expect(fetcherFor({ maxBytes: 10_000 }).fetchPage(`${shop.origin}/bomb`)).rejects.toThrow(/too large/);
  });

  it("times out a slow shop", async () => {
    const started = Date.now();
    await expect(fetcherFor({ timeoutMs: 150 }).fetchPage(`${shop.origin}/slow`)).rejects.toBeInstanceOf(UpstreamTimeoutError);
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it("times out a body that never finishes", async () => {
    await expect(fetcherFor({ timeoutMs: 150 }).fetchPage(`${shop.origin}/slow-body`)).rejects.toBeInstanceOf(UpstreamTimeoutError);
  });

  it("refuses content that is not HTML or JSON", async () => {
    await expect(fetcherFor().fetchPage(`${shop.origin}/image`)).rejects.toThrow(/not a web page/);
  });

  it("accepts JavaScript-typed JSON only when JSON is expected", async () => {
    await expect(fetcherFor().fetchPage(`${shop.origin}/script`)).rejects.toBeInstanceOf(UpstreamError);
    const page = await fetcherFor().fetchPage(`${shop.origin}/script`, { expect: "json" });
    expect(JSON.parse(page.body)).toEqual({ title: "Ring", variants: [] });
  });

  it("maps a 5xx answer to UpstreamError with the status", async () => {
    const error = await fetcherFor()
      .fetchPage(`${shop.origin}/error`)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect((error as UpstreamError).upstreamStatus).toBe(500);
  });

  it("fetches an image as bytes, sending the product page as referer", async () => {
    const image = await fetcherFor().fetchImage(`${shop.origin}/image`, { referer: `${shop.origin}/page` });
    expect(image.contentType).toBe("image/png");
    expect([...image.bytes]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    expect(seenHeaders["/image"]?.referer).toBe(`${shop.origin}/page`);
    expect(seenHeaders["/image"]?.accept).toContain("image/");
  });

  it("refuses a web page where an image is expected, and an image over the image limit", async () => {
    await expect(fetcherFor().fetchImage(`${shop.origin}/page`)).rejects.toThrow("The link is not an image.");
    await expect(fetcherFor({ maxImageBytes: 2 }).fetchImage(`${shop.origin}/image`)).rejects.toThrow("The image is too large.");
  });

  it("applies the same address checks to images, redirects included", async () => {
    await expect(
      createSafeFetcher({ lookup: failingLookup }).fetchImage("http://169.254.169.254/latest/meta-data/"),
    ).rejects.toBeInstanceOf(UrlRefusedError);
    await expect(fetcherFor().fetchImage(`${shop.origin}/redirect-metadata`)).rejects.toBeInstanceOf(UrlRefusedError);
  });

  it("decodes by <meta charset>", async () => {
    const page = await fetcherFor().fetchPage(`${shop.origin}/latin1`);
    expect(page.body).toContain("or jaune élégantes");
  });
});

describe("helpers", () => {
  it("decodeHtmlBytes prefers the Content-Type charset", () => {
    const bytes = Buffer.from("Caf\u00e9", "latin1");
    expect(decodeHtmlBytes(bytes, "text/html; charset=windows-1252")).toBe("Café");
    expect(decodeHtmlBytes(Buffer.from("Café"), "text/html")).toBe("Café");
  });

  it("allowedHostsFromEnv keeps only host:port entries", () => {
    expect(allowedHostsFromEnv(" 127.0.0.1:5173, localhost:8080 ,evil.com, [::1]:3000,")).toEqual([
      "127.0.0.1:5173",
      "localhost:8080",
      "[::1]:3000",
    ]);
    expect(allowedHostsFromEnv("")).toEqual([]);
  });
});
