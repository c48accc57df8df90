import path from "node:path";
import type { Redis } from "ioredis";
import pino, { type Logger } from "pino";
import SonicBoom from "sonic-boom";
import type { Config } from "./config.ts";
import { openDatabase, runMigrations, type Database } from "./db/client.ts";
import { systemClock } from "./lib/clock.ts";
import { createMailer, type Mailer } from "./lib/mail.ts";
import { createDbRateLimitStore, createFallbackRateLimitStore, createRedisRateLimitStore, type FallbackRateLimitStore, type RateLimitStore } from "./lib/rate-limit.ts";
import type { ReadinessChecks } from "./modules/health/health.routes.ts";

export interface Runtime {
  logger: Logger;
  database: Database;
  mailer: Mailer;
  rateLimits: RateLimitStore;
  /** What `/api/health/ready` asks beyond the database and storage (Redis when configured). */
  readinessChecks: ReadinessChecks;
  /** Writes out buffered log lines, waiting at most `ms` (a stdout nobody reads must not hold the exit). */
  flushLogs(ms: number): Promise<void>;
  close(): Promise<void>;
}

/** Redis is asked briefly: a Redis that is down must not slow a sign-in (throttles fall back to the database). */
export const REDIS_TIMEOUTS = { connectMs: 1000, commandMs: 500 };

/** Opens everything a process needs from the configuration: database (migrated), mail, counters. */
export async function openRuntime(config: Config): Promise<Runtime> {
  const logDestination = openLogDestination();
  const logger = pino({ level: config.logLevel, redact: ["req.headers.authorization", "req.headers.cookie"] }, logDestination);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, "db"),
    onConnectionError: (err) => logger.warn({ err: { message: err.message, code: (err as { code?: string }).code } }, "database connection lost; it is replaced on the next query"),
  });
  await runMigrations(database);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, mailDir: path.join(config.dataDir, "mail"), logger });
  let redis: Redis | undefined;
  let rateLimits: RateLimitStore;
  let readinessChecks: ReadinessChecks = {};
  const dbRateLimits = createDbRateLimitStore(database.db, systemClock, {
    onPruneError: (err) => logger.error({ err }, "rate-limit counters prune failed"),
  });
  if (config.redisUrl) {
    const throttles = await connectRedisThrottles(config.redisUrl, dbRateLimits, logger);
    redis = throttles.redis;
    rateLimits = throttles.rateLimits;
    readinessChecks = throttles.readinessChecks;
  } else {
    rateLimits = dbRateLimits;
  }
  return {
    logger,
    database,
    mailer,
    rateLimits,
    readinessChecks,
    flushLogs: (ms) => flushWithin(logDestination, ms),
    close: async () => {
      mailer.close();
      await redis?.quit().catch(() => redis?.disconnect());
      await database.close();
    },
  };
}

/**
 * Throttle counters in Redis, falling back to the database's while Redis is down (logged once per
 * outage). Short timeouts: a Redis that does not answer costs a request at most half a second, and
 * one that refuses connections costs nothing (it is skipped until it is back). Readiness reports
 * it without failing (the instance still serves).
 */
export async function connectRedisThrottles(
  url: string,
  fallback: RateLimitStore,
  logger: Logger,
): Promise<{ redis: Redis; rateLimits: FallbackRateLimitStore; readinessChecks: ReadinessChecks }> {
  const { Redis } = await import("ioredis");
  const redis = new Redis(url, {
    connectTimeout: REDIS_TIMEOUTS.connectMs,
    commandTimeout: REDIS_TIMEOUTS.commandMs,
    maxRetriesPerRequest: 1,
    // While disconnected a command fails at once instead of waiting in a queue.
    enableOfflineQueue: false,
    retryStrategy: (times) => Math.min(200 * 2 ** times, 5000),
  });
  // ioredis reports every failed reconnection; the fallback store logs the outage once.
  redis.on("error", () => undefined);
  // Connected before the first request when Redis is up; a Redis that is down delays the start by at most connectMs.
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, REDIS_TIMEOUTS.connectMs);
    redis.once("ready", () => {
      clearTimeout(timer);
      resolve();
    });
  });
  const rateLimits = createFallbackRateLimitStore(createRedisRateLimitStore(redis), fallback, {
    available: () => redis.status === "ready",
    onFallback: (err) => logger.error({ err }, "Redis unavailable: throttles count in the database until it is back"),
    onRecover: () => logger.info("Redis is back: throttles count in Redis again"),
  });
  return { redis, rateLimits, readinessChecks: { redis: { critical: false, check: async () => void (await redis.ping()) } } };
}

/**
 * Log lines go to standard output without ever blocking the process: written asynchronously, kept
 * in memory (up to 16 MB, then dropped) while the reader is slow or gone. pino's default writes
 * synchronously, so a full pipe nobody reads would stop the event loop, shutdown included.
 */
function openLogDestination(): SonicBoom {
  // minLength 1: each line is written at once, and flush() waits for the writes in progress (with 0 it would not wait).
  const stream = new SonicBoom({ fd: 1, sync: false, minLength: 1, maxLength: 16 * 1024 * 1024 });
  // A closed standard output (EPIPE): stop writing, keep serving.
  stream.on("error", () => {
    stream.write = () => true;
  });
  return stream;
}

function flushWithin(stream: SonicBoom, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    timer.unref();
    try {
      stream.flush(() => {
        clearTimeout(timer);
        resolve();
      });
    } catch {
      clearTimeout(timer);
      resolve();
    }
  });
}
