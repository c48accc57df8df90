import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "../db/client.ts";
import { rateLimitCounters } from "../db/schema/index.ts";
import { FakeClock, freshDatabase } from "../test/helpers.ts";
import { createDbRateLimitStore, createFallbackRateLimitStore, PRUNE_KEY, type RateLimitStore } from "./rate-limit.ts";

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

describe("pruning expired counters", () => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(async () => database.close());

  const keys = async () => (await database.db.select({ key: rateLimitCounters.key }).from(rateLimitCounters)).map((r) => r.key).sort();

  it("deletes the rows whose window is over, once per period across instances", async () => {
    const clock = new FakeClock(new Date("2026-01-01T00:00:00Z"));
    // Two instances on one database.
    const a = createDbRateLimitStore(database.db, clock, { pruneEveryMs: 600_000 });
    const b = createDbRateLimitStore(database.db, clock, { pruneEveryMs: 600_000 });
    expect(await a.prune()).toBe(0); // opens this period: nothing has expired yet
    for (let i = 0; i < 30; i++) await a.hit(`ip:${i}`, 60_000);
    await a.hit("long", 3_600_000);
    clock.advance(61_000);
    // Thirty windows are over, but this period's prune was a's.
    expect(await b.prune()).toBeNull();
    clock.advance(600_000);
    // The next period's first prune deletes every expired counter and keeps the live one.
    expect(await b.prune()).toBe(30);
    expect(await keys()).toEqual(["long", PRUNE_KEY].sort());
    // Within the same period, no one prunes again, whichever instance asks.
    await a.hit("late", 1_000);
    clock.advance(2_000);
    expect(await a.prune()).toBeNull();
    expect(await b.prune()).toBeNull();
    expect(await keys()).toContain("late");
    clock.advance(600_000);
    expect(await a.prune()).toBe(1);
    expect(await keys()).toEqual(["long", PRUNE_KEY].sort());
  });

  it("prunes beside ordinary hits without a timer, and a pruned key counts from 1 again", async () => {
    const clock = new FakeClock(new Date("2026-02-01T00:00:00Z"));
    const store = createDbRateLimitStore(database.db, clock, { pruneEveryMs: 60_000 });
    await store.hit("x", 1_000);
    await store.hit("x", 1_000);
    clock.advance(61_000);
    // This hit opens a new period: the prune runs beside it and deletes x.
    expect(await store.hit("y", 1_000)).toEqual({ count: 1, resetInMs: 1_000 });
    await vi.waitFor(async () => expect(await keys()).not.toContain("x"));
    expect(await store.hit("x", 1_000)).toEqual({ count: 1, resetInMs: 1_000 });
  });
});

describe("a store that falls back while its primary is down", () => {
  const memory = (): RateLimitStore & { hits: number } => {
    const counts = new Map<string, number>();
    const store = {
      hits: 0,
      hit(key: string) {
        store.hits += 1;
        counts.set(key, (counts.get(key) ?? 0) + 1);
        return Promise.resolve({ count: counts.get(key) ?? 0, resetInMs: 1000 });
      },
      peek: (key: string) => Promise.resolve(counts.has(key) ? { count: counts.get(key) ?? 0, resetInMs: 1000 } : null),
      reset: (key: string) => Promise.resolve(void counts.delete(key)),
    };
    return store;
  };

  it("answers from the fallback while the primary fails, tells once, skips the primary for a while, and goes back when it answers", async () => {
    let now = 0;
    let broken = true;
    const primary = memory();
    const failing: RateLimitStore = {
      hit: (key, ms) => (broken ? Promise.reject(new Error("ECONNREFUSED")) : primary.hit(key, ms)),
      peek: (key) => primary.peek(key),
      reset: (key) => primary.reset(key),
    };
    const fallback = memory();
    const events: string[] = [];
    const store = createFallbackRateLimitStore(failing, fallback, {
      now: () => now,
      retryAfterMs: 5000,
      onFallback: (err) => events.push(`down: ${(err as Error).message}`),
      onRecover: () => events.push("up"),
    });
    expect(await store.hit("k", 1000)).toEqual({ count: 1, resetInMs: 1000 });
    expect(await store.hit("k", 1000)).toEqual({ count: 2, resetInMs: 1000 });
    expect(store.using()).toBe("fallback");
    expect(events).toEqual(["down: ECONNREFUSED"]);
    broken = false;
    now = 4999;
    await store.hit("k", 1000);
    expect(primary.hits).toBe(0);
    now = 5000;
    expect(await store.hit("k", 1000)).toEqual({ count: 1, resetInMs: 1000 });
    expect(store.using()).toBe("primary");
    expect(events).toEqual(["down: ECONNREFUSED", "up"]);
    expect(fallback.hits).toBe(3);
  });

  it("does not ask a primary that says it is not connected", async () => {
    const primary = memory();
    const fallback = memory();
    let connected = false;
    const events: string[] = [];
    const store = createFallbackRateLimitStore(primary, fallback, { available: () => connected, onFallback: () => events.push("down"), onRecover: () => events.push("up"), retryAfterMs: 0 });
    await store.hit("a", 1000);
    await store.hit("a", 1000);
    expect(primary.hits).toBe(0);
    expect(events).toEqual(["down"]);
    connected = true;
    await store.hit("a", 1000);
    expect(primary.hits).toBe(1);
    expect(events).toEqual(["down", "up"]);
  });
});
