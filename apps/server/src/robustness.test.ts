// Every endpoint answers junk with a 4xx in the spec's shapes, never a 5xx.
import fs from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, signUp, type TestApp } from "./test/helpers.ts";

let t: TestApp;
let token = "";
let routes: { method: string; url: string }[] = [];

const JUNK: { name: string; payload: string; type: string }[] = [
  { name: "empty body", payload: "", type: "application/json" },
  { name: "malformed JSON", payload: '{"a":', type: "application/json" },
  { name: "a JSON string", payload: '"hello"', type: "application/json" },
  { name: "a JSON array", payload: "[1,2,3]", type: "application/json" },
  { name: "null", payload: "null", type: "application/json" },
  { name: "wrong types", payload: JSON.stringify({ email: 1, password: {}, name: [], url: 42, page: "x", data: 5, stones: "many", weight: "heavy" }), type: "application/json" },
  { name: "NUL bytes and huge numbers", payload: JSON.stringify({ name: "a\u0000b", description: "\u0000", weight: 1e308, url: "http://\u0000/" }), type: "application/json" },
  { name: "plain text", payload: "just text", type: "text/plain" },
  { name: "broken multipart", payload: "--x\r\nContent-Disposition: form-data; name=\"data\"\r\n\r\n{bad", type: "multipart/form-data; boundary=x" },
];

beforeAll(async () => {
  t = await buildTestApp();
  token = (await signUp(t)).token;
  const doc = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json<{ paths: Record<string, Record<string, unknown>> }>();
  routes = Object.entries(doc.paths).flatMap(([url, methods]) =>
    Object.keys(methods).map((method) => ({ method: method.toUpperCase(), url: url.replace(/\{[^}]+\}/g, "00000000-0000-4000-8000-000000000000") })),
  );
});
afterAll(async () => t.close());

describe("junk input", () => {
  it("knows the API's routes", () => {
    expect(routes.length).toBeGreaterThan(10);
  });

  it("never answers 5xx, signed in or not", async () => {
    const failures: string[] = [];
    for (const route of routes) {
      if (route.url === "/api/health/") continue;
      for (const junk of JUNK) {
        for (const auth of [true, false]) {
          const res = await t.app.inject({
            method: route.method as "GET",
            url: `${route.url}${route.method === "GET" ? "?page=abc&search=%00" : ""}`,
            payload: route.method === "GET" || route.method === "DELETE" ? undefined : junk.payload,
            headers: { "content-type": junk.type, ...(auth ? { authorization: `Token ${token}` } : {}) },
            remoteAddress: `10.9.${failures.length % 250}.${Math.floor(Math.random() * 250)}`,
          });
          if (res.statusCode >= 500) failures.push(`${route.method} ${route.url} (${junk.name}, ${auth ? "signed in" : "anonymous"}) → ${res.statusCode} ${res.body.slice(0, 120)}`);
          else if (res.statusCode >= 400) expect(res.json(), `${route.method} ${route.url} ${junk.name}`).toBeTypeOf("object");
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});

// The hardening issue's list, one by one (the fuzz suite in api-fuzz.test.ts walks the rest).
describe("hostile input, case by case", () => {
  const deep = (n: number) => `${"[".repeat(n)}${"]".repeat(n)}`;
  const send = (options: InjectOptions) =>
    t.app.inject({ remoteAddress: `10.8.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`, ...options });
  // The junk test above may have signed its token out (POST /api/auth/logout/).
  let fresh = "";
  beforeAll(async () => {
    fresh = (await signUp(t)).token;
  });
  const signedIn = () => ({ authorization: `Token ${fresh}` });

  it("strips NUL characters from every JSON string and query value instead of failing in PostgreSQL", async () => {
    const login = await send({ method: "POST", url: "/api/auth/login/", payload: { email: "a\u0000b@example.com", password: "x" } });
    expect(login.statusCode).toBe(400);
    const forgot = await send({ method: "POST", url: "/api/auth/forgot-password/", payload: { email: "a\u0000b@example.com" } });
    expect(forgot.statusCode).toBe(200);
    const patch = await send({ method: "PATCH", url: "/api/auth/user/", headers: signedIn(), payload: { first_name: "a\u0000b" } });
    expect(patch.statusCode).toBe(200);
    expect(patch.json()).toMatchObject({ first_name: "ab" });
    const lead = await send({ method: "POST", url: "/api/leads/", payload: { name: "a\u0000b", email: "lead@example.com", source: "contact", message: "x" } });
    expect(lead.statusCode).toBeLessThan(500);
    const search = await send({ method: "GET", url: "/api/designs/?search=%00", headers: signedIn() });
    expect(search.statusCode).toBe(200);
  });

  it("answers PATCH /api/auth/user/ with nothing to change with the user as they are", async () => {
    for (const payload of [{}, { unknown: 1 }, { profile: {} }]) {
      const res = await send({ method: "PATCH", url: "/api/auth/user/", headers: signedIn(), payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(200);
      expect(res.json()).toHaveProperty("email");
    }
  });

  it("refuses JSON nested 5 000 deep, as a body and as the multipart data field, on POST and PUT", async () => {
    const created = await send({ method: "POST", url: "/api/designs/", headers: signedIn(), payload: { name: "Deep", description: "Deep test." } });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ id: string }>().id;
    for (const [method, url] of [["POST", "/api/designs/"], ["PUT", `/api/designs/${id}/`]] as const) {
      const json = await send({ method, url, headers: { ...signedIn(), "content-type": "application/json" }, payload: `{"name":${deep(5000)}}` });
      expect(json.statusCode).toBe(400);
      expect(json.json()).toEqual({ detail: "The JSON is nested too deeply (at most 32 levels)." });
      for (const partType of ["", "\r\nContent-Type: application/json"]) {
        const multipart = await send({
          method,
          url,
          headers: { ...signedIn(), "content-type": "multipart/form-data; boundary=b" },
          payload: `--b\r\nContent-Disposition: form-data; name="data"${partType}\r\n\r\n{"name":${deep(5000)}}\r\n--b--\r\n`,
        });
        expect(multipart.statusCode).toBe(400);
        expect(multipart.json()).toEqual({ data: ["The JSON is nested too deeply (at most 32 levels)."] });
      }
    }
  });

  it("answers malformed multipart with 400", async () => {
    const created = await send({ method: "POST", url: "/api/designs/", headers: signedIn(), payload: { name: "Multipart", description: "Multipart test." } });
    const id = created.json<{ id: string }>().id;
    const part = `--b\r\nContent-Disposition: form-data; name="data"\r\n\r\n{"name":"x","description":"y"}\r\n--b--\r\n`;
    const cases = [
      ["multipart/form-data", part],
      ["multipart/form-data; boundary=zz", part],
      ["multipart/form-data; boundary=", part],
      ["multipart/form-data; boundary=b", part.slice(0, 50)],
      ["multipart/form-data; boundary=b", `--b\r\nContent-Disposition: form-data; name="images"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n`],
    ];
    for (const [method, url] of [["POST", "/api/designs/"], ["PUT", `/api/designs/${id}/`]] as const) {
      for (const [type, payload] of cases) {
        const res = await send({ method, url, headers: { ...signedIn(), "content-type": type! }, payload: payload! });
        expect(res.statusCode, `${method} ${type} ${payload!.length}`).toBe(400);
        expect(res.json()).toHaveProperty("detail");
      }
    }
  });

  it("says application/json on every error answer", async () => {
    for (const [url, status] of [["/api/designs/", 401], ["/api/nothing/", 404]] as const) {
      const res = await send({ method: "GET", url });
      expect(res.statusCode).toBe(status);
      expect(res.headers["content-type"]).toMatch(/^application\/json/);
    }
    const bad = await send({ method: "POST", url: "/api/auth/login/", headers: { "content-type": "application/json" }, payload: "{" });
    expect(bad.headers["content-type"]).toMatch(/^application\/json/);
  });

  it("maps the router's errors to the {detail} shape without echoing the URL", async () => {
    const badUrl = await send({ method: "GET", url: "/api/designs/%ff/", headers: signedIn() });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json()).toEqual({ detail: "Malformed URL." });
    const longId = await send({ method: "GET", url: `/api/designs/${"a".repeat(150)}/`, headers: signedIn() });
    expect(longId.statusCode).toBe(404);
    expect(longId.json()).toEqual({ detail: "Not found." });
    expect(longId.headers["content-type"]).toMatch(/^application\/json/);
  });

  it("says what is wrong with a __proto__ key", async () => {
    const res = await send({ method: "POST", url: "/api/auth/login/", headers: { "content-type": "application/json" }, payload: '{"__proto__":{"x":1},"email":"a@example.com","password":"x"}' });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ detail: string }>().detail).toContain("__proto__");
  });
});

describe("over a real socket, with the web app built", () => {
  let served: TestApp;
  let base = "";
  beforeAll(async () => {
    const web = await fs.mkdtemp(path.join(os.tmpdir(), "atelier-web-"));
    await fs.writeFile(path.join(web, "index.html"), "<!doctype html><title>x</title>");
    served = await buildTestApp({ env: { WEB_DIST_DIR: web } });
    base = await served.app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(async () => served.close());

  it("answers a URL over 16 KB with 431 in the {detail} shape", async () => {
    const res = await rawGet(`${base}/api/designs/?search=${"q".repeat(20_000)}`);
    expect(res.status).toBe(431);
    expect(res.type).toMatch(/^application\/json/);
    expect(JSON.parse(res.body)).toHaveProperty("detail");
  });

  it("answers a 5 000-character path segment under /api/ with 404, signed in or not", async () => {
    const res = await rawGet(`${base}/api/${"a".repeat(5000)}/`);
    expect(res.status).toBe(404);
    expect(JSON.parse(res.body)).toEqual({ detail: "Not found." });
  });
});

function rawGet(url: string): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (d: string) => (body += d));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, type: String(res.headers["content-type"] ?? ""), body }));
      })
      .on("error", reject);
  });
}
