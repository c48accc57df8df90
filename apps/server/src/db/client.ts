import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { lockDataDir, type DataDirLock } from "../lib/data-dir-lock.ts";
import { tunedForDrizzle } from "./pglite-statements.ts";
import { serverPackageRoot } from "../lib/package-root.ts";
import * as schema from "./schema/index.ts";

export type Schema = typeof schema;
/** A database or a transaction: repositories accept either. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  readonly kind: "pglite" | "postgres";
  readonly db: Db;
  ping(): Promise<void>;
  /** The connection pool's counts (PostgreSQL); undefined for the embedded database. */
  poolStats?(): PoolStats;
  /**
   * Subscribes to a NOTIFY channel. On PostgreSQL a dedicated connection (outside the pool)
   * listens, and comes back with backoff when it is lost; `onReconnect` then runs, since
   * notifications sent meanwhile are gone. On PGlite, the notifications of this process's commits.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface PoolStats {
  /** Connections open (idle and in use). */
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
  max: number;
}

export interface ListenHandlers {
  onNotify(payload: string): void;
  onReconnect?(): void;
  onError?(err: unknown): void;
}

export const MIGRATIONS_DIR = path.join(serverPackageRoot(), "drizzle");
/** Any constant works; it only has to be the same for every instance of this app. */
const MIGRATION_LOCK_ID = 727_001;

/**
 * PGlite's settings. Its PostgreSQL keeps shared buffers inside the process's WebAssembly memory,
 * which never shrinks: 16 MB instead of PostgreSQL's 128 MB keeps the server's resident memory
 * about 110 MB lower, and this app's working set fits (the files stay in the OS page cache).
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"];

/**
 * Creates the database files of a new PGlite folder in a short-lived child process. PGlite's
 * initdb runs a second PostgreSQL in WebAssembly and leaves about 500 MB of memory behind that
 * the process never returns; in a child, that memory goes back to the system when it exits, and
 * the server then opens the folder as on any later start.
 */
async function initPgliteDir(dir: string): Promise<void> {
  if (existsSync(path.join(dir, "PG_VERSION"))) return;
  const entry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  const script = `const { PGlite } = require(${JSON.stringify(entry)});
(async () => { const db = new PGlite(${JSON.stringify(dir)}); await db.waitReady; await db.close(); })()
  .catch((err) => { console.error(err); process.exit(1); });`;
  await promisify(execFile)(process.execPath, ["-e", script], { timeout: 300_000 });
}

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; when absent, PGlite is used. */
  databaseUrl?: string | undefined;
  /** Directory for PGlite's files; when absent (tests), PGlite runs in memory. */
  pgliteDir?: string | undefined;
  poolSize?: number;
  /** How long a query waits for a connection (opening one, or a free one) before it fails; default 3 s. */
  connectTimeoutMs?: number;
  /** Told about connection errors (a restarting database); a client is dropped, never the process. */
  onConnectionError?: (err: Error) => void;
}

/**
 * A database restart (57P01 "terminating connection due to administrator command") ends every
 * connection: an idle client reports it to the pool's 'error' listener, a checked-out one (inside
 * a transaction) to its own. Without a listener either would be an unhandled 'error' event and
 * end the process; with one the client is thrown away (the pool opens a new one on demand) and
 * the query in progress fails, answered 503 by the app.
 */
export const DEFAULT_CONNECT_TIMEOUT_MS = 3000;

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const max = options.poolSize ?? 10;
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max,
      // Never a hang while the database is away: opening a connection or waiting for one is bounded.
      connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
      keepAlive: true,
    });
    const onError = (err: Error) => options.onConnectionError?.(err);
    pool.on("error", onError);
    pool.on("connect", (client) => client.on("error", onError));
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    // drizzle-orm's node-postgres transaction sends BEGIN before the try/finally that gives the pooled
    // client back: a connection that dies just before BEGIN (a database restart) is never released,
    // and each restart costs the pool a slot until it hangs. So each transaction checks its client
    // out here, runs drizzle's transaction on that client alone, and always gives it back (the pool
    // drops a client whose connection broke).
    db.transaction = async (work, config) => {
      const client = await pool.connect();
      let broken: Error | undefined;
      const onBroken = (err: Error) => (broken = err);
      client.once("error", onBroken);
      try {
        return await (drizzlePg({ client, schema }) as unknown as Db).transaction(work, config);
      } finally {
        client.off("error", onBroken);
        client.release(broken);
      }
    };
    const listeners = new Set<() => Promise<void>>();
    const connectionString = options.databaseUrl;
    return {
      kind: "postgres",
      db,
      ping: async () => {
        await pool.query("select 1");
      },
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
      listen: async (channel, handlers) => {
        const stop = await listenOnPostgres(connectionString, channel, handlers);
        const unsubscribe = async () => {
          listeners.delete(unsubscribe);
          await stop();
        };
        listeners.add(unsubscribe);
        return unsubscribe;
      },
      close: async () => {
        await Promise.all([...listeners].map((stop) => stop()));
        await pool.end();
      },
    };
  }
  let lock: DataDirLock | undefined;
  if (options.pgliteDir) {
    await fs.mkdir(options.pgliteDir, { recursive: true });
    // One process per folder: a second one would work on its own copy and lose its writes.
    lock = lockDataDir(options.pgliteDir);
  }
  let client: PGlite;
  try {
    if (options.pgliteDir) await initPgliteDir(options.pgliteDir);
    // pg_trgm: the staff lists' substring search is served by trigram indexes (migration 0013).
    // Options go in one object: `new PGlite(undefined, options)` (in memory) ignores them.
    client = new PGlite({ dataDir: options.pgliteDir, startParams: PGLITE_START_PARAMS, extensions: { pg_trgm } });
    await client.waitReady;
  } catch (err) {
    lock?.release();
    throw err;
  }
  const db = drizzlePglite({ client: tunedForDrizzle(client), schema }) as unknown as Db;
  return {
    kind: "pglite",
    db,
    ping: async () => {
      await client.query("select 1");
    },
    listen: (channel, handlers) => client.listen(channel, (payload) => handlers.onNotify(payload)),
    close: async () => {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

/** Backoff of a lost listening connection: 0.5 s doubling to 30 s, with jitter. */
const LISTEN_RETRY_MS = { first: 500, max: 30_000 };

/** A dedicated connection that LISTENs, reconnecting with backoff until stopped. */
async function listenOnPostgres(connectionString: string, channel: string, handlers: ListenHandlers): Promise<() => Promise<void>> {
  let current: pg.Client | undefined;
  let stopped = false;
  let attempt = 0;
  let timer: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString, connectionTimeoutMillis: DEFAULT_CONNECT_TIMEOUT_MS });
    const lost = (err?: unknown) => {
      if (err) handlers.onError?.(err);
      if (stopped || current !== client) return;
      current = undefined;
      client.end().catch(() => undefined);
      retry();
    };
    client.on("error", lost);
    client.on("end", () => lost());
    client.on("notification", (msg) => {
      if (msg.channel === channel) handlers.onNotify(msg.payload ?? "");
    });
    try {
      await client.connect();
      await client.query(`listen ${client.escapeIdentifier(channel)}`);
    } catch (err) {
      client.end().catch(() => undefined);
      throw err;
    }
    if (stopped) {
      await client.end();
      return;
    }
    current = client;
  };

  const retry = () => {
    const delay = Math.min(LISTEN_RETRY_MS.max, LISTEN_RETRY_MS.first * 2 ** attempt) * (0.75 + Math.random() / 2);
    attempt += 1;
    timer = setTimeout(() => {
      connect().then(
        () => {
          attempt = 0;
          if (!stopped) handlers.onReconnect?.();
        },
        (err: unknown) => {
          handlers.onError?.(err);
          if (!stopped) retry();
        },
      );
    }, delay);
    timer.unref();
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    const client = current;
    current = undefined;
    await client?.end();
  };
}

/**
 * Applies the committed SQL migrations. Idempotent; on PostgreSQL an advisory lock makes
 * two instances starting at once apply them one after the other.
 */
export async function runMigrations(database: Database): Promise<void> {
  if (database.kind === "pglite") {
    await migratePglite(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
    return;
  }
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_ID})`);
    await migratePg(tx as never, { migrationsFolder: MIGRATIONS_DIR });
  });
}
