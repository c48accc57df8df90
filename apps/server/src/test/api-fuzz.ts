/**
 * A fuzzer that walks every operation of the served OpenAPI document and sends it generated bad
 * input: payloads (schema-shaped objects with hostile values, arbitrary JSON, broken JSON, deep
 * nesting, `__proto__` keys, broken multipart), bad path parameters, bad query strings and bad
 * content types, signed in and anonymous. Every answer must be below 500, say application/json,
 * and (for 4xx) have one of the spec's error shapes. New routes are covered as soon as they are
 * in the document. Used by api-fuzz.test.ts (bounded, in `npm test`) and `npm run fuzz` (long).
 */
import fc from "fast-check";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { randomIp, type TestApp } from "./helpers.ts";

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  format?: string;
};

interface Operation {
  method: string;
  /** The path template, e.g. `/api/designs/{id}/`. */
  path: string;
  pathParams: string[];
  queryParams: string[];
  bodySchema: JsonSchema | undefined;
}

export interface FuzzRequest {
  op: string;
  method: string;
  url: string;
  signedIn: boolean;
  headers: Record<string, string>;
  payload: string | Buffer | undefined;
  kind: string;
}

export interface FuzzStats {
  requests: number;
  byStatus: Map<number, number>;
  byOperation: Map<string, number>;
  failures: string[];
}

/** The operations of the document, minus the ones that are not input-driven (docs, health). */
export async function loadOperations(t: TestApp): Promise<Operation[]> {
  const doc = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json<{
    paths: Record<string, Record<string, { parameters?: { in: string; name: string }[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>>;
  }>();
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const params = op.parameters ?? [];
      ops.push({
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === "path").map((p) => p.name),
        queryParams: params.filter((p) => p.in === "query").map((p) => p.name),
        bodySchema: op.requestBody?.content?.["application/json"]?.schema,
      });
    }
  }
  return ops;
}

// ---- values -------------------------------------------------------------------------------

const nastyString = fc.oneof(
  fc.string(),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  // Lone surrogates: JSON.stringify writes them as "\ud800" escapes, which JSON.parse turns back into unencodable strings.
  fc.constantFrom("\u0000", "a\u0000b", "a\u0000b@example.com", "\ud800", "x\ud800y", "\udc00x", "a\udbff\ud800b", "\uffff", " ", "", "null", "%00", "../../etc/passwd", "<script>", "'; drop table users; --"),
  fc.nat({ max: 300_000 }).map((n) => "x".repeat(n)),
  fc.constantFrom("http://127.0.0.1:1/x", "http://\u0000/", "javascript:alert(1)", "ftp://example.com/", "http://[::1]/"),
);
const nastyNumber = fc.oneof(fc.integer(), fc.double({ noNaN: true }), fc.constantFrom(0, -1, 1e308, -1e308, 2 ** 53 + 1, 0.1, 1e-308));
/**
 * Huge figures: what jewellery cannot be but a number column holds (a 1 000 000 g ring, 2 000 000
 * stones), as numbers and as the texts of a link save. Stored once, such a row broke every list.
 */
const hugeFigure = fc.oneof(fc.constantFrom(1_000_000, 999_999_999.99, 1e9, 1e10, 2 ** 31, 2 ** 53 - 1, -5), fc.integer({ min: 10_000, max: 2_000_000_000 }));
const hugeFigureText = fc
  .tuple(hugeFigure, fc.constantFrom("", " g", " kg", " ct", " mm", " USD", " lakh", " x Diamond 400 ct D IF"))
  .map(([n, unit]) => `${n}${unit}`);
const nastyScalar = fc.oneof(nastyString, nastyNumber, fc.boolean(), fc.constant(null));
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: nastyScalar },
  { weight: 1, arbitrary: fc.array(nastyScalar, { maxLength: 60 }) },
  { weight: 1, arbitrary: fc.dictionary(nastyString, nastyScalar, { maxKeys: 5 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
);

function typesOf(schema: JsonSchema): string[] {
  if (schema.anyOf ?? schema.oneOf) return (schema.anyOf ?? schema.oneOf ?? []).flatMap(typesOf);
  return Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
}

/** A value of the schema's type and shape most of the time, so validation passes often enough to reach the service. */
function shaped(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return nastyValue;
  const plausible: fc.Arbitrary<unknown>[] = [];
  if (schema.enum?.length) plausible.push(fc.constantFrom(...schema.enum));
  for (const type of typesOf(schema)) {
    if (type === "string") {
      plausible.push(
        schema.format === "email"
          ? fc.emailAddress()
          : fc.oneof(
              fc.constantFrom("Ring", "a@example.com", "Velvet-Garnet-42", "00000000-0000-4000-8000-000000000000", "Ring x\ud800y"),
              fc.string({ maxLength: 20 }),
              hugeFigureText,
            ),
      );
    } else if (type === "number" || type === "integer") plausible.push(fc.oneof(fc.integer({ min: 0, max: 1000 }), hugeFigure));
    else if (type === "boolean") plausible.push(fc.boolean());
    else if (type === "array") plausible.push(fc.array(shaped(schema.items, depth + 1), { maxLength: 3 }));
    else if (type === "object" && schema.properties) plausible.push(shapedObject(schema, depth + 1));
  }
  if (plausible.length === 0) return nastyValue;
  return fc.oneof({ weight: 3, arbitrary: fc.oneof(...plausible) }, { weight: 1, arbitrary: nastyValue });
}

function shapedObject(schema: JsonSchema, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const props = schema.properties ?? {};
  return fc.record(Object.fromEntries(Object.entries(props).map(([k, s]) => [k, shaped(s, depth)])), { requiredKeys: [] });
}

/** Field names of every JSON body in the document: the guesses for operations without a declared body (multipart). */
function knownFields(ops: Operation[]): Record<string, JsonSchema> {
  const fields: Record<string, JsonSchema> = { name: { type: "string" }, description: { type: "string" }, url: { type: "string" }, stones: { type: "array" } };
  // The design form's figures (its body is multipart, not in the document): numbers in the form, texts in a link save.
  const figure: JsonSchema = { type: ["number", "string"] };
  const stone: JsonSchema = { type: "object", properties: { stone_type: { type: "string" }, stone_carat: figure, quantity: { type: "integer" } } };
  Object.assign(fields, { weight: figure, band_width: figure, length: figure, budget: figure, stones: { type: ["array", "string"], items: stone } });
  for (const op of ops) Object.assign(fields, op.bodySchema?.properties ?? {});
  return fields;
}

// ---- bodies -------------------------------------------------------------------------------

const deepText = fc.integer({ min: 33, max: 6000 }).chain((n) =>
  fc.constantFrom(`${"[".repeat(n)}${"]".repeat(n)}`, `${'{"a":'.repeat(n)}1${"}".repeat(n)}`, `{"name":${"[".repeat(n)}${"]".repeat(n)}}`),
);
const protoText = fc.constantFrom('{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"x":1}}}', '{"a":{"__proto__":[]}}');

function jsonPayloads(bodySchema: JsonSchema): fc.Arbitrary<{ kind: string; text: string }> {
  return fc.oneof(
    { weight: 5, arbitrary: shapedObject(bodySchema).map((v) => ({ kind: "shaped JSON", text: JSON.stringify(v) })) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 5 }).map((v) => ({ kind: "arbitrary JSON", text: JSON.stringify(v) })) },
    { weight: 1, arbitrary: fc.string({ maxLength: 200 }).map((text) => ({ kind: "broken JSON", text })) },
    { weight: 1, arbitrary: deepText.map((text) => ({ kind: "deep JSON", text })) },
    { weight: 1, arbitrary: protoText.map((text) => ({ kind: "__proto__ JSON", text })) },
    { weight: 1, arbitrary: fc.constantFrom("", " ", "null", "[]", '"x"', "{}", "{", "\u0000").map((text) => ({ kind: "edge JSON", text })) },
  );
}

const BOUNDARY = "fuzzb0undary";
function multipartPayloads(fields: JsonSchema): fc.Arbitrary<{ kind: string; type: string; body: Buffer }> {
  const part = (name: string, value: string | Buffer, extra = "") =>
    Buffer.concat([Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${extra}\r\n\r\n`), Buffer.from(value), Buffer.from("\r\n")]);
  const dataText = fc.oneof(jsonPayloads(fields).map((p) => p.text), fc.string());
  const image = fc.oneof(
    fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.from(b)),
    fc.constant(Buffer.from("89504e470d0a1a0a0000000d49484452", "hex")),
    fc.constant(Buffer.from("ffd8ffe000104a464946", "hex")),
  );
  return fc
    .record({
      data: fc.option(dataText, { nil: undefined }),
      dataAsJsonPart: fc.boolean(),
      images: fc.array(image, { maxLength: 3 }),
      strayFile: fc.boolean(),
      cut: fc.option(fc.nat({ max: 400 }), { nil: undefined }),
      header: fc.constantFrom(
        `multipart/form-data; boundary=${BOUNDARY}`,
        `multipart/form-data; boundary=${BOUNDARY}`,
        "multipart/form-data",
        "multipart/form-data; boundary=",
        "multipart/form-data; boundary=wrong",
        `multipart/mixed; boundary=${BOUNDARY}`,
      ),
    })
    .map((m) => {
      const parts: Buffer[] = [];
      if (m.data !== undefined) parts.push(part("data", m.data, m.dataAsJsonPart ? "\r\nContent-Type: application/json" : ""));
      m.images.forEach((img, i) => parts.push(part("images", img, `; filename="f${i}.png"\r\nContent-Type: image/png`)));
      if (m.strayFile) parts.push(part("other", "x", '; filename="x.txt"'));
      parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
      let body = Buffer.concat(parts);
      if (m.cut !== undefined) body = body.subarray(0, Math.min(body.length, m.cut));
      return { kind: m.cut !== undefined ? "cut multipart" : "multipart", type: m.header, body };
    });
}

const otherTypes = fc.constantFrom("text/plain", "application/x-www-form-urlencoded", "application/xml", "application/json; charset=latin1", "application/vnd.api+json", "image/png", "", "*/*", ";;;", "application/json\u0000");

function bodies(op: Operation, fields: JsonSchema): fc.Arbitrary<{ kind: string; type: string | undefined; payload: string | Buffer | undefined }> {
  const schema = op.bodySchema ?? fields;
  return fc.oneof(
    { weight: 5, arbitrary: jsonPayloads(schema).map((p) => ({ kind: p.kind, type: "application/json", payload: p.text })) },
    { weight: op.bodySchema ? 1 : 4, arbitrary: multipartPayloads(fields).map((p) => ({ kind: p.kind, type: p.type, payload: p.body })) },
    { weight: 1, arbitrary: fc.tuple(otherTypes, fc.string({ maxLength: 100 })).map(([type, text]) => ({ kind: `content-type ${JSON.stringify(type)}`, type, payload: text })) },
    { weight: 1, arbitrary: fc.constant({ kind: "no body", type: undefined, payload: undefined }) },
  );
}

// ---- URLs ---------------------------------------------------------------------------------

const pathSegment = (known: string[]) =>
  fc.oneof(
    { weight: 2, arbitrary: known.length ? fc.constantFrom(...known) : fc.uuid() },
    { weight: 2, arbitrary: fc.uuid() },
    { weight: 3, arbitrary: fc.string({ maxLength: 40 }).map(encodeURIComponent) },
    { weight: 1, arbitrary: fc.integer({ min: 90, max: 6000 }).map((n) => "a".repeat(n)) },
    // Raw sequences that are not valid percent-encoding, or decode to something unwelcome.
    { weight: 2, arbitrary: fc.constantFrom("%ff", "%", "%zz", "%00", "%2e%2e", "..%2f..%2fetc", "%c0%af", "%e2%80%ae", "%ed%a0%80", "a%2Fb") },
  );

const queryValue = fc.oneof(
  fc.string({ maxLength: 30 }).map(encodeURIComponent),
  fc.constantFrom("%00", "%ff", "0", "-1", "1e9", "99999999999999999999", "abc", "", "1.5", "%"),
  fc.integer({ min: 100, max: 20_000 }).map((n) => "q".repeat(n)),
);

function urls(op: Operation, known: string[]): fc.Arbitrary<string> {
  const segments = fc.tuple(...op.pathParams.map(() => pathSegment(known)));
  const query = fc.array(fc.tuple(fc.constantFrom(...op.queryParams, "page", "search", "x", "__proto__"), queryValue), { maxLength: 3 });
  return fc.tuple(op.pathParams.length ? segments : fc.constant([] as string[]), query).map(([values, q]) => {
    let i = 0;
    const path = op.path.replace(/\{[^}]+\}/g, () => values[i++] ?? "x");
    return q.length ? `${path}?${q.map(([k, v]) => `${k}=${v}`).join("&")}` : path;
  });
}

export function requests(ops: Operation[], known: string[]): fc.Arbitrary<FuzzRequest> {
  const fields: JsonSchema = { type: "object", properties: knownFields(ops) };
  return fc.constantFrom(...ops).chain((op) => {
    const hasBody = !["GET", "HEAD", "DELETE"].includes(op.method);
    return fc
      .record({
        url: urls(op, known),
        signedIn: fc.boolean(),
        body: hasBody ? bodies(op, fields) : fc.oneof(fc.constant({ kind: "no body", type: undefined, payload: undefined }), bodies(op, fields)),
      })
      .map(({ url, signedIn, body }): FuzzRequest => ({
        op: `${op.method} ${op.path}`,
        method: op.method,
        url,
        signedIn,
        headers: body.type === undefined ? ({}) : { "content-type": body.type },
        payload: body.payload,
        kind: body.kind,
      }));
  });
}

// ---- checking -----------------------------------------------------------------------------

/** `{detail}`, `{error}`, or field arrays `{"field": ["message"], ...}`. */
export function isSpecErrorShape(body: unknown): boolean {
  if (body === null || typeof body !== "object" || Array.isArray(body)) return false;
  const entries = Object.entries(body);
  if (entries.length === 0) return false;
  const record = body as Record<string, unknown>;
  if (typeof record.detail === "string") return entries.length === 1;
  if (typeof record.error === "string") return true;
  return entries.every(([, v]) => Array.isArray(v) && v.length > 0 && v.every((m) => typeof m === "string"));
}

/** What is wrong with an answer, or null. Files (`/api/files/...`) answer with their own type when found. */
export function problemWith(req: FuzzRequest, res: LightMyRequestResponse): string | null {
  if (res.statusCode >= 500) return `${res.statusCode}`;
  const type = String(res.headers["content-type"] ?? "");
  // A file answered on success (a signed file, an order's PDF) says so with content-disposition.
  const isFile = res.statusCode < 300 && (req.op.startsWith("GET /api/files/") || res.headers["content-disposition"] !== undefined);
  if (res.body.length > 0 && !isFile && !type.startsWith("application/json")) return `content-type ${JSON.stringify(type)}`;
  if (res.statusCode >= 400) {
    let body: unknown;
    try {
      body = JSON.parse(res.body);
    } catch {
      return "error body is not JSON";
    }
    if (!isSpecErrorShape(body)) return `error shape ${res.body.slice(0, 120)}`;
  }
  return null;
}

export interface FuzzContext {
  t: TestApp;
  /** A valid token for the signed-in requests; renewed when a request signs it out. */
  token(): string;
  renewToken(): Promise<void>;
}

export async function send(ctx: FuzzContext, req: FuzzRequest): Promise<LightMyRequestResponse> {
  const options: InjectOptions = {
    method: req.method,
    url: req.url,
    headers: { ...req.headers, ...(req.signedIn ? { authorization: `Token ${ctx.token()}` } : {}) },
    remoteAddress: randomIp(),
    ...(req.payload !== undefined && { payload: req.payload }),
  };
  const res = await ctx.t.app.inject(options);
  // Logout, a password change: the token may be gone; take a new one so the run goes on signed in.
  if (req.signedIn && req.method !== "GET" && res.statusCode < 300) {
    const check = await ctx.t.app.inject({ method: "GET", url: "/api/auth/user/", headers: { authorization: `Token ${ctx.token()}` } });
    if (check.statusCode === 401) await ctx.renewToken();
  }
  return res;
}

export async function fuzz(ctx: FuzzContext, ops: Operation[], known: string[], numRuns: number, seed?: number): Promise<FuzzStats> {
  const stats: FuzzStats = { requests: 0, byStatus: new Map(), byOperation: new Map(), failures: [] };
  await fc.assert(
    fc.asyncProperty(requests(ops, known), async (req) => {
      const res = await send(ctx, req);
      stats.requests += 1;
      stats.byStatus.set(res.statusCode, (stats.byStatus.get(res.statusCode) ?? 0) + 1);
      stats.byOperation.set(req.op, (stats.byOperation.get(req.op) ?? 0) + 1);
      const problem = problemWith(req, res);
      if (problem) {
        const url = req.url.length > 120 ? `${req.url.slice(0, 120)}…(${req.url.length})` : req.url;
        stats.failures.push(`${req.method} ${url} [${req.kind}, ${req.signedIn ? "signed in" : "anonymous"}] → ${problem}: ${res.body.slice(0, 160)}`);
      }
    }),
    { numRuns, ...(seed !== undefined && { seed }) },
  );
  return stats;
}

export function formatStats(stats: FuzzStats): string {
  const lines = [`fuzzed requests: ${stats.requests}, problems: ${stats.failures.length}`];
  lines.push(`by status: ${[...stats.byStatus].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`).join("  ")}`);
  lines.push("by operation:");
  for (const [op, n] of [...stats.byOperation].sort()) lines.push(`  ${op.padEnd(40)} ${n}`);
  return lines.join("\n");
}
