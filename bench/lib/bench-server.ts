/**
 * The child side of a bench: the real server (buildApp + listen on an ephemeral port) on PGlite in
 * BENCH_DATA_DIR, or, with BENCH_DATABASE_URL, on a fresh PostgreSQL database that `close()` drops.
 */
import crypto from "node:crypto";
import path from "node:path";
import pg from "pg";
import pino from "pino";
import { buildApp } from "../../apps/server/src/app.ts";
import { loadConfig } from "../../apps/server/src/config.ts";
import { openDatabase, runMigrations } from "../../apps/server/src/db/client.ts";
import { createMailer } from "../../apps/server/src/lib/mail.ts";

export async function openBenchServer(options: { dbPrefix: string; env?: Record<string, string> }) {
  const dataDir = process.env.BENCH_DATA_DIR!;
  const logger = pino({ level: "warn" });
  const config = loadConfig({
    ...process.env,
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    PORT: "0",
    PUBLIC_URL: "http://127.0.0.1",
    ...options.env,
  });
  const adminUrl = process.env.BENCH_DATABASE_URL;
  const dbName = `${options.dbPrefix}_${crypto.randomBytes(4).toString("hex")}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  let databaseUrl: string | undefined;
  if (adminUrl) {
    await admin(`create database ${dbName}`);
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  }
  const database = await openDatabase({ databaseUrl, pgliteDir: path.join(dataDir, "db") });
  await runMigrations(database);
  const mailer = createMailer({ from: config.mailFrom, mailDir: path.join(dataDir, "mail"), logger });
  const { app } = await buildApp({ config, database, mailer, logger });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    app,
    database,
    db: database.db,
    port,
    /** Stops the server, closes the database and drops it when it was made for the run. */
    close: async () => {
      await app.close();
      await database.close();
      if (adminUrl) await admin(`drop database if exists ${dbName} with (force)`);
    },
  };
}

type BenchServer = { port: number; close(): Promise<void> };

/** One handler per command the parent may send, each answering that command's message. */
export type BenchHandlers<C extends { cmd: string }> = {
  [K in Exclude<C["cmd"], "stop">]: (message: Extract<C, { cmd: K }>) => unknown;
};

/**
 * The child's side of the conversation with its bench: answers each command (`{cmd, …}`) with its
 * handler's result, or `{error}` when the handler throws; `{cmd: "stop"}` closes the server and
 * exits. Then tells the parent it is ready, with its port.
 */
export function serveBenchCommands<C extends { cmd: string }>(server: BenchServer, handlers: BenchHandlers<C>): void {
  process.on("message", (message: C) => {
    const reply = (value: unknown) => process.send?.(value);
    void (async () => {
      try {
        if (message.cmd === "stop") {
          await server.close();
          reply({ stopped: true });
          process.exit(0);
        }
        const handler = handlers[message.cmd as Exclude<C["cmd"], "stop">] as (m: C) => unknown;
        reply(await handler(message));
      } catch (err) {
        reply({ error: err instanceof Error ? err.stack : String(err) });
      }
    })();
  });
  process.send?.({ ready: true, port: server.port });
}
