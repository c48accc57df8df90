import { promises as dns } from "node:dns";
import type { LookupAddress } from "node:dns";
import { BlockList, isIP } from "node:net";
import { pipeline } from "node:stream";
import type { Readable } from "node:stream";
import zlib from "node:zlib";
import { Agent, request } from "undici";
import { BadRequestError, UpstreamFailedError, UpstreamTimedOutError } from "./errors.ts";

/** The URL is malformed or points somewhere we never fetch (→ 400 with `detail`). */
export class UrlRefusedError extends BadRequestError {
  override readonly name = "UrlRefusedError";
  constructor(readonly detail: string) {
    super(detail);
  }
}

/** The shop answered badly: non-2xx, wrong content type, too big, connection failure (→ 502). */
export class UpstreamError extends UpstreamFailedError {
  override readonly name = "UpstreamError";
  constructor(
    message: string,
    readonly upstreamStatus?: number,
  ) {
    super(message);
  }
}

/** The shop did not answer within the deadline (→ 504). */
export class UpstreamTimeoutError extends UpstreamTimedOutError {
  override readonly name = "UpstreamTimeoutError";
  constructor(message = "The shop took too long to answer.") {
    super(message);
  }
}

export interface FetchedPage {
  finalUrl: string;
  status: number;
  contentType: string;
  body: string;
}

export type LookupFunction = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

export interface SafeFetcherOptions {
  /** "host:port" pairs allowed to bypass the address checks (local development, tests). */
  allowedHosts?: readonly string[];
  /** DNS resolution; tests inject one. Defaults to `dns.promises.lookup(host, {all: true})`. */
  lookup?: LookupFunction;
  timeoutMs?: number;
  maxBytes?: number;
  /** The cap for `fetchImage` (defaults to `maxBytes`). */
  maxImageBytes?: number;
  maxRedirects?: number;
  userAgent?: string;
}

export interface FetchPageOptions {
  /** "html" (default) accepts HTML and JSON; "json" accepts JSON and JavaScript (Shopify `.js`). */
  expect?: "html" | "json";
}

export interface FetchedImage {
  finalUrl: string;
  contentType: string;
  bytes: Uint8Array;
}

export interface SafeFetcher {
  fetchPage(url: string, options?: FetchPageOptions): Promise<FetchedPage>;
  /** A product photo, with the same address checks; at most `maxImageBytes`. `referer`: the product page (some CDNs want it). */
  fetchImage(url: string, options?: { referer?: string }): Promise<FetchedImage>;
}

export const DEFAULT_USER_AGENT =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

const HTML_TYPES = new Set(["text/html", "application/xhtml+xml", "application/json", "application/ld+json"]);
const JSON_TYPES = new Set(["application/json", "application/ld+json", "text/javascript", "application/javascript", "text/json"]);
const IMAGE_TYPES = new Set([
  "image/jpeg",
  "image/pjpeg",
  "image/png",
  "image/webp",
  "image/gif",
  "image/avif",
  "image/heic",
  "image/heif",
]);
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** Addresses we never connect to: loopback, private, link-local, CGNAT, multicast, reserved, documentation. */
const BLOCKED = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  BLOCKED.addSubnet(net, prefix, "ipv4");
}
for (const [net, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["::", 96],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001::", 23],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const) {
  BLOCKED.addSubnet(net, prefix, "ipv6");
}

/** Eight 16-bit groups of an IPv6 address, or null. Handles "::" and a dotted IPv4 tail. */
function ipv6Groups(address: string): number[] | null {
  let text = address
    .toLowerCase()
    .replace(/^\[|\]$/g, "")
    .replace(/%.*$/, "");
  const v4Tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4Tail?.[1]) {
    const octets = v4Tail[1].split(".").map(Number);
    if (octets.length !== 4 || octets.some((o) => !Number.isInteger(o) || o > 255)) return null;
    const [a = 0, b = 0, c = 0, d = 0] = octets;
    text = `${text.slice(0, -v4Tail[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const parse = (part: string | undefined): number[] => (part ? part.split(":").map((h) => parseInt(h, 16)) : []);
  const head = parse(halves[0]);
  const tail = parse(halves[1]);
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? head.length !== 8 : missing < 0) return null;
  const groups = [...head, ...Array<number>(halves.length === 2 ? missing : 0).fill(0), ...tail];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

function v4FromGroups(hi: number, lo: number): string {
  return `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;
}

/** True only for globally routable unicast addresses. */
export function isPublicAddress(address: string): boolean {
  const plain = address.replace(/^\[|\]$/g, "");
  const family = isIP(plain);
  if (family === 4) return !BLOCKED.check(plain, "ipv4");
  if (family !== 6) return false;
  const g = ipv6Groups(plain);
  if (g === null) return false;
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = g;
  // IPv4-mapped (::ffff:a.b.c.d) and NAT64 (64:ff9b::a.b.c.d) carry an IPv4 address: judge that.
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0xffff) return isPublicAddress(v4FromGroups(g6, g7));
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return isPublicAddress(v4FromGroups(g6, g7));
  // 6to4 embeds the IPv4 address in bits 16–47.
  if (g0 === 0x2002) return isPublicAddress(v4FromGroups(g1, g2));
  return !BLOCKED.check(plain, "ipv6");
}

/** EXTRACT_ALLOWED_HOSTS="localhost:5173,127.0.0.1:8080" → normalised "host:port" list. */
export function allowedHostsFromEnv(value: string | undefined = process.env["EXTRACT_ALLOWED_HOSTS"]): string[] {
  return (value ?? "")
    .split(",")
    .map((entry) => entry.trim().toLowerCase())
    .filter((entry) => /^(?:\[[0-9a-f:.]+\]|[a-z0-9.-]+):\d{1,5}$/.test(entry));
}

const defaultLookup: LookupFunction = async (hostname) => {
  const result: LookupAddress[] = await dns.lookup(hostname, { all: true, verbatim: true });
  return result.map((r) => ({ address: r.address, family: r.family }));
};

interface Target {
  url: URL;
  address: string;
  family: 4 | 6;
}

function effectivePort(url: URL): string {
  return url.port !== "" ? url.port : url.protocol === "https:" ? "443" : "80";
}

function parseUrl(raw: string, base?: string): URL {
  if (typeof raw !== "string" || raw.trim() === "" || raw.length > 2048) throw new UrlRefusedError("Please enter a valid product link.");
  let url: URL;
  try {
    url = base === undefined ? new URL(raw.trim()) : new URL(raw.trim(), base);
  } catch {
    throw new UrlRefusedError("Please enter a valid product link.");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new UrlRefusedError("Only http and https links can be used.");
  if (url.username !== "" || url.password !== "") throw new UrlRefusedError("Links with a user name or password cannot be used.");
  if (url.hostname === "") throw new UrlRefusedError("Please enter a valid product link.");
  url.hash = "";
  return url;
}

/** Strip brackets; undici and the DNS resolver want a bare host. */
function bareHost(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, "");
}

async function vet(url: URL, allowed: ReadonlySet<string>, lookup: LookupFunction): Promise<Target> {
  const host = bareHost(url);
  const hostPort = `${url.hostname.toLowerCase()}:${effectivePort(url)}`;
  const bypass = allowed.has(hostPort);
  if (!bypass) {
    if (url.port !== "" && url.port !== "80" && url.port !== "443") throw new UrlRefusedError("Links to unusual ports cannot be used.");
    if (/^localhost$|\.localhost$|\.local$|\.internal$|\.home\.arpa$/i.test(host)) {
      throw new UrlRefusedError("This link points to a private address.");
    }
  }
  const literal = isIP(host);
  if (literal !== 0) {
    if (!bypass && !isPublicAddress(host)) throw new UrlRefusedError("This link points to a private address.");
    return { url, address: host, family: literal === 6 ? 6 : 4 };
  }
  if (!bypass && !/^[a-z0-9.-]+$/i.test(host)) throw new UrlRefusedError("Please enter a valid product link.");
  let addresses: Array<{ address: string; family: number }>;
  try {
    addresses = await lookup(host);
  } catch {
    throw new UpstreamError("The shop's address could not be found.");
  }
  if (addresses.length === 0) throw new UpstreamError("The shop's address could not be found.");
  // Refuse when any answer is private: a name that mixes public and private answers is hostile.
  if (!bypass && addresses.some((a) => !isPublicAddress(a.address))) {
    throw new UrlRefusedError("This link points to a private address.");
  }
  const chosen = addresses[0];
  if (chosen === undefined) throw new UpstreamError("The shop's address could not be found.");
  return { url, address: chosen.address, family: isIP(chosen.address) === 6 ? 6 : 4 };
}

/** An agent whose every connection goes to the vetted address (no second DNS answer to rebind). */
function pinnedAgent(target: Target): Agent {
  type LookupCallback = (err: Error | null, address: string | Array<{ address: string; family: number }>, family?: number) => void;
  return new Agent({
    connections: 1,
    pipelining: 0,
    connect: {
      lookup: (_hostname: string, options: { all?: boolean }, callback: LookupCallback) => {
        if (options.all) callback(null, [{ address: target.address, family: target.family }]);
        else callback(null, target.address, target.family);
      },
    },
  });
}

/** Drop a response body we will not read; destroying it emits an abort error nobody needs. */
function discard(body: { on(event: "error", listener: () => void): unknown; destroy(): unknown }): void {
  body.on("error", () => undefined);
  body.destroy();
}

function mediaType(contentType: string): string {
  return (contentType.split(";")[0] ?? "").trim().toLowerCase();
}

function charsetOf(contentType: string): string | null {
  const m = /charset\s*=\s*"?([\w.:-]+)"?/i.exec(contentType);
  return m?.[1] ?? null;
}

/** Decode page bytes: Content-Type charset, then BOM, then `<meta charset>`, else UTF-8. */
export function decodeHtmlBytes(bytes: Uint8Array, contentType = ""): string {
  let label = charsetOf(contentType);
  if (label === null) {
    if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) label = "utf-8";
    else if (bytes[0] === 0xff && bytes[1] === 0xfe) label = "utf-16le";
    else if (bytes[0] === 0xfe && bytes[1] === 0xff) label = "utf-16be";
  }
  if (label === null) {
    const head = new TextDecoder("latin1").decode(bytes.subarray(0, 4096));
    const meta =
      /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head) ?? /<meta[^>]+content\s*=\s*["'][^"']*charset=([\w.:-]+)/i.exec(head);
    label = meta?.[1] ?? null;
  }
  try {
    return new TextDecoder(label ?? "utf-8").decode(bytes);
  } catch {
    return new TextDecoder("utf-8").decode(bytes);
  }
}

function decompressor(encoding: string): zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress | null {
  switch (encoding.trim().toLowerCase()) {
    case "gzip":
    case "x-gzip":
      return zlib.createGunzip();
    case "deflate":
      return zlib.createInflate();
    case "br":
      return zlib.createBrotliDecompress();
    default:
      return null;
  }
}

async function readCapped(body: Readable, encoding: string, maxBytes: number, tooLarge: string): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let size = 0;
  const inflate = encoding === "" || encoding === "identity" ? null : decompressor(encoding);
  if (encoding !== "" && encoding !== "identity" && inflate === null) {
    discard(body);
    throw new UpstreamError("The shop answered in an encoding we cannot read.");
  }
  // pipeline (not pipe) so an aborted body also fails the decompressor instead of hanging it.
  const stream: Readable = inflate === null ? body : pipeline(body, inflate, () => undefined);
  try {
    for await (const chunk of stream) {
      const buffer = chunk as Buffer;
      size += buffer.length;
      if (size > maxBytes) throw new UpstreamError(tooLarge);
      chunks.push(buffer);
    }
  } catch (error) {
    discard(body);
    inflate?.destroy();
    if (error instanceof UpstreamError) throw error;
    throw new UpstreamError("The shop's answer could not be read.");
  }
  return Buffer.concat(chunks);
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new UpstreamTimeoutError());
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(new UpstreamTimeoutError());
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

export function createSafeFetcher(options: SafeFetcherOptions = {}): SafeFetcher {
  const allowed = new Set((options.allowedHosts ?? []).map((h) => h.trim().toLowerCase()));
  const lookup = options.lookup ?? defaultLookup;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxBytes = options.maxBytes ?? 5 * 1024 * 1024;
  const maxImageBytes = options.maxImageBytes ?? maxBytes;
  const maxRedirects = options.maxRedirects ?? 5;
  const userAgent = options.userAgent ?? DEFAULT_USER_AGENT;

  /** What one kind of fetch accepts, and what it says when the answer is not that. */
  interface Want {
    types: ReadonlySet<string>;
    accept: string;
    referer?: string | undefined;
    maxBytes: number;
    wrongType: string;
    tooLarge: string;
  }

  /** GET with every address check, redirect by redirect; the body is read within the size cap. */
  async function fetchBytes(
    rawUrl: string,
    want: Want,
  ): Promise<{ finalUrl: string; status: number; contentType: string; bytes: Uint8Array }> {
    let url = parseUrl(rawUrl);
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    const agents: Agent[] = [];
    try {
      for (let hop = 0; ; hop++) {
        const target = await abortable(vet(url, allowed, lookup), controller.signal);
        if (controller.signal.aborted) throw new UpstreamTimeoutError();
        const agent = pinnedAgent(target);
        agents.push(agent);
        let response: Awaited<ReturnType<typeof request>>;
        try {
          response = await request(url, {
            method: "GET",
            dispatcher: agent,
            signal: controller.signal,
            headers: {
              "user-agent": userAgent,
              accept: want.accept,
              "accept-language": "en-US,en;q=0.9",
              "accept-encoding": "gzip, deflate, br",
              "upgrade-insecure-requests": "1",
              ...(want.referer ? { referer: want.referer } : {}),
            },
          });
        } catch (error) {
          if (controller.signal.aborted) throw new UpstreamTimeoutError();
          throw new UpstreamError(`The shop could not be reached (${(error as Error).message}).`);
        }
        const { statusCode, headers, body } = response;
        const header = (name: string): string => {
          const value = headers[name];
          return Array.isArray(value) ? (value[0] ?? "") : (value ?? "");
        };
        if (REDIRECT_STATUSES.has(statusCode)) {
          discard(body);
          const location = header("location");
          if (location === "") throw new UpstreamError("The shop redirected without a destination.", statusCode);
          if (hop >= maxRedirects) throw new UpstreamError("The shop redirected too many times.", statusCode);
          url = parseUrl(location, url.href);
          continue;
        }
        if (statusCode < 200 || statusCode >= 300) {
          discard(body);
          throw new UpstreamError(`The shop answered with status ${statusCode}.`, statusCode);
        }
        const contentType = header("content-type");
        if (!want.types.has(mediaType(contentType))) {
          discard(body);
          throw new UpstreamError(want.wrongType, statusCode);
        }
        const declared = Number(header("content-length"));
        const encoding = header("content-encoding");
        if ((encoding === "" || encoding === "identity") && Number.isFinite(declared) && declared > want.maxBytes) {
          discard(body);
          throw new UpstreamError(want.tooLarge, statusCode);
        }
        let bytes: Uint8Array;
        try {
          bytes = await readCapped(body, encoding, want.maxBytes, want.tooLarge);
        } catch (error) {
          if (controller.signal.aborted) throw new UpstreamTimeoutError();
          throw error;
        }
        if (controller.signal.aborted) throw new UpstreamTimeoutError();
        return { finalUrl: url.href, status: statusCode, contentType, bytes };
      }
    } catch (error) {
      if (error instanceof UrlRefusedError || error instanceof UpstreamError || error instanceof UpstreamTimeoutError) throw error;
      if (controller.signal.aborted) throw new UpstreamTimeoutError();
      throw new UpstreamError("The shop could not be reached.");
    } finally {
      clearTimeout(timer);
      for (const agent of agents) void agent.destroy().catch(() => undefined);
    }
  }

  async function fetchPage(rawUrl: string, fetchOptions: FetchPageOptions = {}): Promise<FetchedPage> {
    const json = fetchOptions.expect === "json";
    const { finalUrl, status, contentType, bytes } = await fetchBytes(rawUrl, {
      types: json ? JSON_TYPES : HTML_TYPES,
      accept: json
        ? "application/json, text/javascript, */*;q=0.1"
        : "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8",
      maxBytes,
      wrongType: "The link is not a web page.",
      tooLarge: "The product page is too large.",
    });
    return { finalUrl, status, contentType, body: decodeHtmlBytes(bytes, contentType) };
  }

  async function fetchImage(rawUrl: string, imageOptions: { referer?: string } = {}): Promise<FetchedImage> {
    const { finalUrl, contentType, bytes } = await fetchBytes(rawUrl, {
      types: IMAGE_TYPES,
      accept: "image/avif,image/webp,image/png,image/jpeg,image/*;q=0.8",
      referer: imageOptions.referer,
      maxBytes: maxImageBytes,
      wrongType: "The link is not an image.",
      tooLarge: "The image is too large.",
    });
    return { finalUrl, contentType, bytes };
  }

  return { fetchPage, fetchImage };
}
