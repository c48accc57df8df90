import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client.ts";
import { FakeClock, freshDatabase } from "../test/helpers.ts";
import { createDbRateLimitStore } from "./rate-limit.ts";

describe("database rate-limit store", () => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(async () => database.close());

  it("counts hits in a fixed window and starts again after it", async () => {
    const clock = new FakeClock(new Date("2026-01-01T00:00:00Z"));
    const store = createDbRateLimitStore(database.db, clock);
    expect(await store.hit("k", 60_000)).toEqual({ count: 1, resetInMs: 60_000 });
    clock.advance(10_000);
    expect(await store.hit("k", 60_000)).toEqual({ count: 2, resetInMs: 50_000 });
    expect(await store.peek("k")).toEqual({ count: 2, resetInMs: 50_000 });
    clock.advance(50_000);
    expect(await store.peek("k")).toBeNull();
    expect(await store.hit("k", 60_000)).toEqual({ count: 1, resetInMs: 60_000 });
    await store.reset("k");
    expect(await store.peek("k")).toBeNull();
  });

  it("keeps counts exact under concurrent hits", async () => {
    const store = createDbRateLimitStore(database.db, new FakeClock());
    await Promise.all(Array.from({ length: 20 }, () => store.hit("burst", 60_000)));
    expect((await store.peek("burst"))?.count).toBe(20);
  });
});
