// Every endpoint answers junk with a 4xx in the spec's shapes, never a 5xx.
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
