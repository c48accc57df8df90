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

export function createDbRateLimitStore(db: Db, clock: Clock): RateLimitStore {
  return {
    async hit(key, windowMs) {
      const now = clock.now();
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
