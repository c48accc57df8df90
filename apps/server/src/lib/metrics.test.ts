import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, signUp, type TestApp } from "../test/helpers.ts";

const TOKEN = "scrape-me-0123456789abcdef";

describe("GET /metrics", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it("counts requests and their latency by route pattern (never the raw URL), with the process's metrics", async () => {
    await t.app.inject({ method: "GET", url: "/api/health/live" });
    await t.app.inject({ method: "GET", url: "/api/health/live" });
    const customer = await signUp(t);
    const id = "0b9f7f4e-3c1a-4b5e-9a57-1f4f7d2b8c11";
    await t.app.inject({ method: "GET", url: `/api/orders/${id}/`, headers: { authorization: `Token ${customer.token}` } });
    await t.app.inject({ method: "GET", url: "/api/no-such-thing/" });

    const res = await t.app.inject({ method: "GET", url: "/metrics" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/plain");
    const text = res.body;
    expect(text).toContain('http_requests_total{method="GET",route="/api/health/live",status_code="200"} 2');
    expect(text).toContain('http_requests_total{method="POST",route="/api/auth/register/",status_code="201"} 1');
    expect(text).toContain('http_requests_total{method="GET",route="/api/orders/:id/",status_code="404"} 1');
    expect(text).not.toContain(id);
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0\.5",method="GET",route="\/api\/health\/live",status_code="200"\} 2/);
    expect(text).toContain("# TYPE http_request_duration_seconds histogram");
    expect(text).toContain("process_cpu_user_seconds_total");
    expect(text).toContain("nodejs_eventloop_lag_seconds");
    // The durable job queue: depth, failures and the oldest wait.
    expect(text).toMatch(/^jobs_pending \d+$/m);
    expect(text).toMatch(/^jobs_failed \d+$/m);
    expect(text).toMatch(/^jobs_oldest_pending_age_seconds [\d.]+$/m);
    // A 404 that no route matched is counted under one label, not under its path.
    expect(text).toMatch(/http_requests_total\{method="GET",route="(unmatched|\/\*)",status_code="404"\} \d/);
  });

  it("reports the database pool where there is one (PostgreSQL)", async () => {
    const text = (await t.app.inject({ method: "GET", url: "/metrics" })).body;
    if (t.database.kind === "postgres") {
      expect(text).toMatch(/db_pool_connections \d+/);
      expect(text).toMatch(/db_pool_waiting_queries 0/);
      expect(text).toContain("db_pool_max_connections 4");
    } else {
      expect(text).not.toContain("db_pool_connections");
    }
  });

  it("asks for the Bearer token when METRICS_TOKEN is set", async () => {
    const guarded = await buildTestApp({ database: t.database, env: { METRICS_TOKEN: TOKEN, NODE_ENV: "production" } });
    try {
      const none = await guarded.app.inject({ method: "GET", url: "/metrics" });
      expect(none.statusCode).toBe(401);
      expect(none.json()).toEqual({ detail: "A valid metrics token is required." });
      expect(none.headers["www-authenticate"]).toBe('Bearer realm="metrics"');
      const wrong = await guarded.app.inject({ method: "GET", url: "/metrics", headers: { authorization: `Bearer ${TOKEN}x` } });
      expect(wrong.statusCode).toBe(401);
      const right = await guarded.app.inject({ method: "GET", url: "/metrics", headers: { authorization: `Bearer ${TOKEN}` } });
      expect(right.statusCode).toBe(200);
      expect(right.body).toContain("http_requests_total");
    } finally {
      await guarded.app.close();
    }
  });

  it("is not served in production without a token: 404, not the web app's page", async () => {
    const production = await buildTestApp({ database: t.database, env: { NODE_ENV: "production" } });
    try {
      const res = await production.app.inject({ method: "GET", url: "/metrics" });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: "Not found." });
    } finally {
      await production.app.close();
    }
  });
});
