import path from "node:path";
import { JOB_STALE_PENDING_SECONDS } from "@atelier/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalStorage } from "../../lib/storage.ts";
import { buildTestApp, type TestApp } from "../../test/helpers.ts";
import { CHECK_TIMEOUT_MS } from "./health.routes.ts";

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

  it("documents the body of every route that takes one, multipart and hand-parsed forms included", async () => {
    type Operation = { requestBody?: { content?: Record<string, { schema?: { type?: string; properties?: Record<string, unknown> } }> } };
    const doc = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json<{ paths: Record<string, Record<string, Operation>> }>();
    // These read nothing from their body (an action on the path's row; the unsubscribe token is in the query).
    const bodyless = new Set([
      "post /api/auth/logout/",
      "post /api/events/ticket/",
      "post /api/orders/{id}/confirm-delivery/",
      "post /api/cad-designs/{id}/approve/",
      "post /api/quotes/{id}/accept/",
      "post /api/staff/payments/{id}/confirm/",
      "post /api/notifications/read-all/",
      "post /api/notifications/{id}/read/",
      "post /api/unsubscribe/",
      "post /api/unsubscribe/resubscribe/",
      "post /api/staff/messages/{id}/close/",
      "post /api/staff/messages/{id}/reopen/",
      "post /api/staff/jobs/{id}/retry/",
    ]);
    const missing: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        if (!["post", "put", "patch"].includes(method) || bodyless.has(`${method} ${path}`)) continue;
        const content = op.requestBody?.content ?? {};
        if (Object.keys(content).length === 0 || Object.values(content).some((c) => !c.schema)) missing.push(`${method} ${path}`);
      }
    }
    expect(missing).toEqual([]);

    const body = (method: string, path: string, type: string) => doc.paths[path]?.[method]?.requestBody?.content?.[type]?.schema;
    expect(Object.keys(body("post", "/api/designs/", "multipart/form-data")?.properties ?? {})).toEqual(["data", "images"]);
    expect(body("post", "/api/designs/", "application/json")).toBeDefined();
    expect(Object.keys(body("put", "/api/designs/{id}/", "multipart/form-data")?.properties ?? {})).toEqual(["data", "images"]);
    expect(Object.keys(body("post", "/api/staff/orders/{id}/cad-designs/", "multipart/form-data")?.properties ?? {})).toEqual([
      "images",
      "model",
      "description",
    ]);
    expect(Object.keys(body("post", "/api/staff/orders/{id}/certificates/", "multipart/form-data")?.properties ?? {})).toEqual(["data", "file"]);
    expect(body("post", "/api/staff/gallery/", "multipart/form-data")?.properties).toHaveProperty("image");
    expect(body("patch", "/api/staff/gallery/{id}/", "multipart/form-data")?.properties).toHaveProperty("image");
    expect(body("post", "/api/messages/{id}/", "application/json")?.properties).toHaveProperty("text");
    expect(body("post", "/api/messages/{id}/", "multipart/form-data")?.properties).toHaveProperty("files");
    expect(body("post", "/api/leads/form/", "application/x-www-form-urlencoded")?.properties).toHaveProperty("email");
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

describe("GET /api/health/live and /api/health/ready", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it("live answers while the process runs; ready checks the database and the storage", async () => {
    const live = await t.app.inject({ method: "GET", url: "/api/health/live" });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: "ok" });
    const ready = await t.app.inject({ method: "GET", url: "/api/health/ready" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: "ok", database: "ok", storage: "ok", queue: "ok" });
    expect(ready.headers["cache-control"]).toBe("no-store");
  });

  it("while draining: ready fails at once, live still answers, other requests are sent away with Retry-After", async () => {
    t.readiness.draining = true;
    try {
      const ready = await t.app.inject({ method: "GET", url: "/api/health/ready" });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: "draining" });
      expect((await t.app.inject({ method: "GET", url: "/api/health/live" })).statusCode).toBe(200);
      const other = await t.app.inject({ method: "POST", url: "/api/auth/login/", payload: { email: "a@example.com", password: "x" } });
      expect(other.statusCode).toBe(503);
      expect(other.headers["retry-after"]).toBe("5");
      expect(other.headers.connection).toBe("close");
      expect(other.json()).toEqual({ detail: "The server is restarting. Please try again in a few seconds." });
    } finally {
      t.readiness.draining = false;
    }
    expect((await t.app.inject({ method: "GET", url: "/api/health/ready" })).statusCode).toBe(200);
  });

  it("a failing non-critical check (Redis) reports it and stays ready; a failing storage is not ready", async () => {
    const redisDown = await buildTestApp({
      database: t.database,
      readinessChecks: { redis: { critical: false, check: () => Promise.reject(new Error("ECONNREFUSED")) } },
    });
    const degraded = await redisDown.app.inject({ method: "GET", url: "/api/health/ready" });
    expect(degraded.statusCode).toBe(200);
    expect(degraded.json()).toEqual({ status: "degraded", database: "ok", storage: "ok", queue: "ok", redis: "error" });
    await redisDown.app.close();

    const broken = createLocalStorage(path.join(t.dataDir, "uploads"));
    const storageDown = await buildTestApp({ database: t.database, storage: { ...broken, exists: () => Promise.reject(new Error("EIO")) } });
    const res = await storageDown.app.inject({ method: "GET", url: "/api/health/ready" });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: "error", database: "ok", storage: "error", queue: "ok" });
    await storageDown.app.close();
  });

  it("a job waiting longer than the queue's limit (a stuck worker) reports the queue and stays ready", async () => {
    const stale = new Date(Date.now() - (JOB_STALE_PENDING_SECONDS + 60) * 1000).toISOString();
    await t.database.db.execute(
      sql`insert into jobs (kind, payload, run_at, created_at) values ('health-test:unknown-kind', '{}'::jsonb, ${stale}, ${stale})`,
    );
    try {
      const res = await t.app.inject({ method: "GET", url: "/api/health/ready" });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: "degraded", database: "ok", storage: "ok", queue: "error" });
    } finally {
      await t.database.db.execute(sql`delete from jobs where kind = 'health-test:unknown-kind'`);
    }
    expect((await t.app.inject({ method: "GET", url: "/api/health/ready" })).json()).toMatchObject({ status: "ok", queue: "ok" });
  });

  it("counts a check that does not answer within 2 s as failed", async () => {
    const hanging = await buildTestApp({
      database: t.database,
      readinessChecks: { redis: { critical: false, check: () => new Promise(() => undefined) } },
    });
    const started = Date.now();
    const res = await hanging.app.inject({ method: "GET", url: "/api/health/ready" });
    expect(Date.now() - started).toBeLessThan(CHECK_TIMEOUT_MS + 1000);
    expect(res.json()).toMatchObject({ status: "degraded", redis: "error" });
    await hanging.app.close();
  });
});
