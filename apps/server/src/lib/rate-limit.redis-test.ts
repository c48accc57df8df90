// Runs only where TEST_REDIS_URL is set (CI's infrastructure pass; see vitest.config.ts).
import crypto from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { createRedisRateLimitStore } from "./rate-limit.ts";

describe("Redis rate-limit store", () => {
  const redis = new Redis(process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379");
  const prefix = `test:${crypto.randomUUID()}:`;
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it("shares counters between instances and expires them", async () => {
    const a = createRedisRateLimitStore(redis, prefix);
    const b = createRedisRateLimitStore(redis, prefix);
    expect((await a.hit("k", 300)).count).toBe(1);
    const second = await b.hit("k", 300);
    expect(second.count).toBe(2);
    expect(second.resetInMs).toBeLessThanOrEqual(300);
    expect((await a.peek("k"))?.count).toBe(2);
    await new Promise((r) => setTimeout(r, 350));
    expect(await a.peek("k")).toBeNull();
    await b.hit("k", 1000);
    await a.reset("k");
    expect(await b.peek("k")).toBeNull();
  });
});
