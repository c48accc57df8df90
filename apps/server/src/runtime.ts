import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import type { Redis } from "ioredis";
import pino, { type Logger } from "pino";
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
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    mailDir: path.join(config.dataDir, "mail"),
    logger,
    timeoutMs: config.smtpTimeoutMs,
  });
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
    flushLogs: (ms) => logDestination.flush(ms),
    close: async () => {
      mailer.close();
      await redis?.quit().catch(() => redis?.disconnect());
      await database.close();
      // Short-lived commands (the admin command) exit right after: their last lines are written first.
      await logDestination.flush(1000);
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

/** Where log lines go, and how to write out what is still buffered before the process exits. */
interface LogDestination {
  write(line: string): boolean;
  /** Resolves once buffered lines are written, or after `ms` at the latest. */
  flush(ms: number): Promise<void>;
}

/** Log lines kept in memory for a slow reader; beyond this they are dropped, never waited for. */
const LOG_BUFFER_BYTES = 16 * 1024 * 1024;

/**
 * Log lines go to standard output without ever blocking the process. Node writes to a pipe
 * synchronously on Linux (pino's default does too), so a pipe nobody reads (a stalled log
 * collector) would stop the event loop, shutdown included; a write left blocked in the thread
 * pool would hold the exit. When standard output is a pipe or socket, it is opened here as a
 * non-blocking socket instead: lines wait in memory while the reader is slow (up to 16 MB, then
 * they are dropped) and the process never waits for it. A file or terminal is written as before.
 */
function openLogDestination(): LogDestination {
  let piped = false;
  try {
    const stat = fs.fstatSync(1);
    piped = stat.isFIFO() || stat.isSocket();
  } catch {
    piped = false;
  }
  if (!piped) {
    const stream = pino.destination({ dest: 1, sync: true });
    return { write: (line) => stream.write(line), flush: () => Promise.resolve() };
  }
  const socket = new net.Socket({ fd: 1, readable: false, writable: true });
  // The reader went away (EPIPE): lines are dropped from now on; the server keeps serving.
  socket.on("error", () => socket.destroy());
  socket.unref();
  return {
    write(line) {
      if (!socket.destroyed && socket.writableLength < LOG_BUFFER_BYTES) socket.write(line);
      return true;
    },
    flush: (ms) =>
      new Promise<void>((resolve) => {
        if (socket.destroyed || socket.writableLength === 0) return resolve();
        const timer = setTimeout(resolve, ms);
        socket.once("drain", () => {
          clearTimeout(timer);
          resolve();
        });
      }),
  };
}
