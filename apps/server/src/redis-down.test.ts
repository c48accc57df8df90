// Redis configured but down (a closed port): throttles fall back to the database, logged once,
// sign-in and forgot-password answer within their normal time, readiness reports redis: "error".
import net from "node:net";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeClock, buildTestApp, freshDatabase, signUp, type TestApp } from "./test/helpers.ts";
import { createDbRateLimitStore } from "./lib/rate-limit.ts";
import { connectRedisThrottles } from "./runtime.ts";
import type { Database } from "./db/client.ts";

async function closedPort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, "127.0.0.1", r));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise((r) => srv.close(r));
  return port;
}

describe("Redis down", () => {
  let database: Database;
  let t: TestApp;
  let throttles: Awaited<ReturnType<typeof connectRedisThrottles>>;
  const lines: { level: number; msg: string }[] = [];

  beforeAll(async () => {
    database = await freshDatabase();
    const logger = pino(
      { level: "info" },
      { write: (line: string) => void lines.push(JSON.parse(line) as { level: number; msg: string }) },
    );
    const clock = new FakeClock();
    const started = Date.now();
    throttles = await connectRedisThrottles(`redis://127.0.0.1:${await closedPort()}`, createDbRateLimitStore(database.db, clock), logger);
    // A Redis that refuses delays the start by at most its connect timeout.
    expect(Date.now() - started).toBeLessThan(2000);
    t = await buildTestApp({
      database,
      clock,
      rateLimits: throttles.rateLimits,
      readinessChecks: throttles.readinessChecks,
      loginDelay: () => Promise.resolve(),
    });
  });
  afterAll(async () => {
    throttles.redis.disconnect();
    await t.close();
  });

  it("signs in and sends the reset e-mail in normal time, with counters in the database, and logs the outage once", async () => {
    const customer = await signUp(t);
    const timings: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = Date.now();
      const res = await t.app.inject({
        method: "POST",
        url: "/api/auth/login/",
        payload: { email: customer.email, password: customer.password },
        remoteAddress: "10.9.0.1",
      });
      timings.push(Date.now() - started);
      expect(res.statusCode).toBe(200);
    }
    const started = Date.now();
    const forgot = await t.app.inject({
      method: "POST",
      url: "/api/auth/forgot-password/",
      payload: { email: customer.email },
      remoteAddress: "10.9.0.2",
    });
    timings.push(Date.now() - started);
    expect(forgot.statusCode).toBe(200);
    // No request waited for Redis (its timeouts are 1 s and 0.5 s; before, up to 15 s).
    expect(Math.max(...timings)).toBeLessThan(1500);
    console.log(`Redis down: sign-in and forgot-password answered in ${timings.join(", ")} ms`);

    expect(throttles.rateLimits.using()).toBe("fallback");
    const rows = await database.db.query.rateLimitCounters.findMany();
    expect(rows.length).toBeGreaterThan(0);
    const outage = lines.filter((l) => l.msg === "Redis unavailable: throttles count in the database until it is back");
    expect(outage).toHaveLength(1);
    expect(outage[0]?.level).toBe(50);
  });

  it("still throttles: the database counts the attempts", async () => {
    const customer = await signUp(t);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/auth/login/",
        payload: { email: customer.email, password: "Wrong-Password-1" },
        remoteAddress: "10.9.0.3",
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toContain(429);
  });

  it("readiness reports redis: error and stays ready", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health/ready" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "degraded", database: "ok", storage: "ok", queue: "ok", redis: "error" });
  });
});
