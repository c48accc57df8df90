import { sql } from "drizzle-orm";
import type { Redis } from "ioredis";
import type { Db } from "../db/client.ts";
import { rateLimitCounters } from "../db/schema/index.ts";
import type { Clock } from "./clock.ts";

export interface WindowState {
  count: number;
  /** Milliseconds until the window resets. */
  resetInMs: number;
}

/** Fixed-window counters shared by every instance: in the database, or Redis when configured. */
export interface RateLimitStore {
  hit(key: string, windowMs: number): Promise<WindowState>;
  peek(key: string): Promise<WindowState | null>;
  reset(key: string): Promise<void>;
}

/** The row that elects one pruner per period across instances (a counter like any other). */
export const PRUNE_KEY = "rate-limit:prune";
/** How often expired counters are deleted: once per period across every instance. */
export const PRUNE_EVERY_MS = 10 * 60_000;

export interface DbRateLimitStoreOptions {
  pruneEveryMs?: number;
  /** Reports a failed prune (it runs beside the request that triggered it, never failing it). */
  onPruneError?: (err: unknown) => void;
}

export interface DbRateLimitStore extends RateLimitStore {
  /**
   * Deletes the counters whose window is over, when this call opens a new prune period (counted
   * in the table itself, so one caller per period wins across every instance). Returns the number
   * deleted, or null when another call already pruned in this period.
   */
  prune(): Promise<number | null>;
}

/**
 * Counters in the database. A key's row outlives its window (the next hit restarts it), so rows of
 * keys never seen again (an IP, an e-mail) would pile up: every instance checks, at most once per
 * period and beside a hit, whether the period's prune is still to do, and the first to claim it
 * deletes the expired rows in the same statement.
 */
export function createDbRateLimitStore(db: Db, clock: Clock, options: DbRateLimitStoreOptions = {}): DbRateLimitStore {
  const pruneEveryMs = options.pruneEveryMs ?? PRUNE_EVERY_MS;
  let nextPruneCheck = 0;

  async function prune(): Promise<number | null> {
    const now = clock.now();
    const until = new Date(now.getTime() + pruneEveryMs);
    // The claim is a fixed-window hit on PRUNE_KEY: count 1 means this call opened the period.
    // The delete skips PRUNE_KEY, whose row the claim has just written in this statement.
    const result: unknown = await db.execute(sql`
      with claim as (
        insert into ${rateLimitCounters} (key, count, reset_at) values (${PRUNE_KEY}, 1, ${until.toISOString()}::timestamptz)
        on conflict (key) do update set
          count = case when ${rateLimitCounters.resetAt} <= ${now.toISOString()}::timestamptz then 1 else ${rateLimitCounters.count} + 1 end,
          reset_at = case when ${rateLimitCounters.resetAt} <= ${now.toISOString()}::timestamptz then excluded.reset_at else ${rateLimitCounters.resetAt} end
        returning count
      ),
      deleted as (
        delete from ${rateLimitCounters}
        where reset_at <= ${now.toISOString()}::timestamptz and key <> ${PRUNE_KEY} and exists (select 1 from claim where count = 1)
        returning 1
      )
      select (select count = 1 from claim) as claimed, (select count(*)::int from deleted) as deleted`);
    const [row] = (result as { rows: { claimed: boolean | null; deleted: number }[] }).rows;
    return row?.claimed ? Number(row.deleted) : null;
  }

  return {
    prune,
    async hit(key, windowMs) {
      const now = clock.now();
      if (now.getTime() >= nextPruneCheck) {
        nextPruneCheck = now.getTime() + pruneEveryMs;
        prune().catch((err: unknown) => options.onPruneError?.(err));
      }
      const resetAt = new Date(now.getTime() + windowMs);
      const [row] = await db
        .insert(rateLimitCounters)
        .values({ key, count: 1, resetAt })
        .onConflictDoUpdate({
          target: rateLimitCounters.key,
          set: {
            count: sql`case when ${rateLimitCounters.resetAt} <= ${now.toISOString()} then 1 else ${rateLimitCounters.count} + 1 end`,
            resetAt: sql`case when ${rateLimitCounters.resetAt} <= ${now.toISOString()} then ${resetAt.toISOString()}::timestamptz else ${rateLimitCounters.resetAt} end`,
          },
        })
        .returning();
      if (!row) throw new Error("rate limit upsert returned no row");
      return { count: row.count, resetInMs: row.resetAt.getTime() - now.getTime() };
    },
    async peek(key) {
      const now = clock.now();
      const row = await db.query.rateLimitCounters.findFirst({ where: (t, { eq }) => eq(t.key, key) });
      if (!row || row.resetAt <= now) return null;
      return { count: row.count, resetInMs: row.resetAt.getTime() - now.getTime() };
    },
    async reset(key) {
      await db.delete(rateLimitCounters).where(sql`${rateLimitCounters.key} = ${key}`);
    },
  };
}

/** Keys expire by themselves (PEXPIRE): nothing to prune. */
export function createRedisRateLimitStore(redis: Redis, prefix = "rl:"): RateLimitStore {
  return {
    async hit(key, windowMs) {
      const k = prefix + key;
      const result = await redis.multi().incr(k).pexpire(k, windowMs, "NX").pttl(k).exec();
      const count = Number(result?.[0]?.[1] ?? 1);
      const ttl = Number(result?.[2]?.[1] ?? windowMs);
      return { count, resetInMs: ttl > 0 ? ttl : windowMs };
    },
    async peek(key) {
      const k = prefix + key;
      const [count, ttl] = await Promise.all([redis.get(k), redis.pttl(k)]);
      if (count === null || ttl <= 0) return null;
      return { count: Number(count), resetInMs: ttl };
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}

export interface FallbackRateLimitOptions {
  /** Whether the primary can be asked at all (Redis: connected); false skips it without waiting. */
  available?: () => boolean;
  /** After a failure, how long the fallback answers before the primary is tried again; default 5 s. */
  retryAfterMs?: number;
  /** Called once when the fallback takes over (not per request), and once when the primary is back. */
  onFallback?: (err: unknown) => void;
  onRecover?: () => void;
  now?: () => number;
}

export interface FallbackRateLimitStore extends RateLimitStore {
  /** Which store answered last. */
  using(): "primary" | "fallback";
}

/**
 * Counters in Redis while it answers, in the database while it does not: a Redis outage slows no
 * request down (the primary is skipped while it is known to be down) and fails none. The two
 * stores count separately, so a window that spans the switch starts over: limits loosen for one
 * window at most, never tighten.
 */
export function createFallbackRateLimitStore(
  primary: RateLimitStore,
  fallback: RateLimitStore,
  options: FallbackRateLimitOptions = {},
): FallbackRateLimitStore {
  const retryAfterMs = options.retryAfterMs ?? 5000;
  const now = options.now ?? Date.now;
  let down = false;
  let retryAt = 0;

  async function call<T>(op: (store: RateLimitStore) => Promise<T>): Promise<T> {
    const skip = (down && now() < retryAt) || (options.available ? !options.available() : false);
    if (!skip) {
      try {
        const result = await op(primary);
        if (down) {
          down = false;
          options.onRecover?.();
        }
        return result;
      } catch (err) {
        if (!down) options.onFallback?.(err);
        down = true;
        retryAt = now() + retryAfterMs;
      }
    } else if (!down) {
      down = true;
      retryAt = now() + retryAfterMs;
      options.onFallback?.(new Error("not connected"));
    }
    return op(fallback);
  }

  return {
    hit: (key, windowMs) => call((s) => s.hit(key, windowMs)),
    peek: (key) => call((s) => s.peek(key)),
    reset: (key) => call((s) => s.reset(key)),
    using: () => (down ? "fallback" : "primary"),
  };
}
