import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../test/helpers.ts";

describe("GET /api/health/", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it("answers ok when the database answers", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health/" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok", database: "ok" });
    expect(res.headers["x-request-id"]).toBeTruthy();
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  });

  it("answers 404 JSON for unknown API paths", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/nope/" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: "Not found." });
    // Error answers carry the same security headers as any other.
    expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(res.headers["x-powered-by"]).toBeUndefined();
  });

  it("serves the OpenAPI document generated from the contract", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths)).toContain("/api/auth/login/");
    const docs = await t.app.inject({ method: "GET", url: "/api/docs" });
    expect([200, 302]).toContain(docs.statusCode);
  });

  it("answers 503 when the database does not answer", async () => {
    const broken = await buildTestApp();
    await broken.database.close();
    const res = await broken.app.inject({ method: "GET", url: "/api/health/" });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: "error", database: "error" });
    await broken.app.close();
  });
});
