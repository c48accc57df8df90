import path from "node:path";
import type { Redis } from "ioredis";
import pino, { type Logger } from "pino";
import type { Config } from "./config.ts";
import { openDatabase, runMigrations, type Database } from "./db/client.ts";
import { systemClock } from "./lib/clock.ts";
import { createMailer, type Mailer } from "./lib/mail.ts";
import { createDbRateLimitStore, createRedisRateLimitStore, type RateLimitStore } from "./lib/rate-limit.ts";

export interface Runtime {
  logger: Logger;
  database: Database;
  mailer: Mailer;
  rateLimits: RateLimitStore;
  close(): Promise<void>;
}

/** Opens everything a process needs from the configuration: database (migrated), mail, counters. */
export async function openRuntime(config: Config): Promise<Runtime> {
  const logger = pino({ level: config.logLevel, redact: ["req.headers.authorization", "req.headers.cookie"] });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, "db") });
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
  if (config.redisUrl) {
    const { Redis } = await import("ioredis");
    redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
    rateLimits = createRedisRateLimitStore(redis);
  } else {
    rateLimits = createDbRateLimitStore(database.db, systemClock, {
      onPruneError: (err) => logger.error({ err }, "rate-limit counters prune failed"),
    });
  }
  return {
    logger,
    database,
    mailer,
    rateLimits,
    close: async () => {
      mailer.close();
      await redis?.quit();
      await database.close();
    },
  };
}
