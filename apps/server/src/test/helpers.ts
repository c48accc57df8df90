import crypto from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import pg from "pg";
import pino from "pino";
import type { AuthResponse } from "@atelier/contract";
import { buildApp, type App, type AppDeps } from "../app.ts";
import { loadConfig, type Config } from "../config.ts";
import { openDatabase, runMigrations, type Database } from "../db/client.ts";
import type { Clock } from "../lib/clock.ts";
import type { MailMessage, Mailer } from "../lib/mail.ts";

/** A clock the test moves by hand. */
export class FakeClock implements Clock {
  constructor(private current = new Date()) {}
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

/** Records every message instead of sending it. */
export class MemoryMailer implements Mailer {
  readonly sent: MailMessage[] = [];
  send(message: MailMessage): Promise<void> {
    this.sent.push(message);
    return Promise.resolve();
  }
  close(): void {}
}

/**
 * A fresh, migrated database: PGlite in memory, or, when TEST_DATABASE_URL is set (CI),
 * a uniquely named PostgreSQL database that `close()` drops again.
 */
export async function freshDatabase(): Promise<Database> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const database = await openDatabase({});
    await runMigrations(database);
    return database;
  }
  const name = `t_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
  await runMigrations(database);
  return {
    ...database,
    close: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface TestApp extends App {
  database: Database;
  mailer: MemoryMailer;
  clock: FakeClock;
  config: Config;
  dataDir: string;
  /** Runs every queued job that is due (e-mails, sweeps) until none is left; returns how many ran. */
  drainJobs(): Promise<number>;
  close(): Promise<void>;
}

export async function buildTestApp(
  overrides: Partial<Omit<AppDeps, "config">> & { env?: Record<string, string> } = {},
): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "atelier-test-"));
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    PUBLIC_URL: "http://app.test",
    LOG_LEVEL: "silent",
    WEB_DIST_DIR: path.join(dataDir, "no-web"),
    ...overrides.env,
  });
  const database = overrides.database ?? (await freshDatabase());
  const mailer = new MemoryMailer();
  const clock = new FakeClock();
  // No job worker: a test runs the queued jobs when it wants with `drainJobs()`.
  const built = await buildApp({ config, database, mailer, clock, logger: pino({ level: "silent" }), jobWorker: false, ...overrides });
  await built.app.ready();
  return {
    ...built,
    database,
    mailer: (overrides.mailer as MemoryMailer | undefined) ?? mailer,
    clock: (overrides.clock as FakeClock | undefined) ?? clock,
    config,
    dataDir,
    drainJobs: () => built.services.jobs.queue.drain(),
    close: async () => {
      await built.app.close();
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;
/** A unique address per call, so tests in one file never collide. */
export function uniqueEmail(prefix = "customer"): string {
  counter += 1;
  return `${prefix}${counter}.${crypto.randomBytes(3).toString("hex")}@example.com`;
}

export const TEST_PASSWORD = "Velvet-Garnet-42";

/** Registers a customer through the API; each call comes from its own IP so throttles never interfere. */
export async function signUp(t: TestApp, email = uniqueEmail()): Promise<AuthResponse & { email: string; password: string }> {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/auth/register/",
    payload: { email, password: TEST_PASSWORD, confirm_password: TEST_PASSWORD },
    remoteAddress: randomIp(),
  });
  if (res.statusCode !== 201) throw new Error(`signUp failed: ${res.statusCode} ${res.body}`);
  return { ...res.json<AuthResponse>(), email, password: TEST_PASSWORD };
}

/** Makes a staff or admin account directly through the service (as `npm run admin -- create` does). */
export async function createStaff(t: TestApp, role: "staff" | "admin" = "staff", name = { firstName: "Kavya", lastName: "Iyer" }) {
  const email = uniqueEmail(role);
  await t.services.auth.createAccount({ email, password: TEST_PASSWORD, role, ...name });
  const res = await t.app.inject({ method: "POST", url: "/api/auth/login/", payload: { email, password: TEST_PASSWORD }, remoteAddress: randomIp() });
  return res.json<AuthResponse>();
}

export function authedInject(t: TestApp, token: string, options: InjectOptions): Promise<LightMyRequestResponse> {
  return t.app.inject({ ...options, headers: { ...options.headers, authorization: `Token ${token}` } });
}

export function randomIp(): string {
  const b = crypto.randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

