// Runs only where TEST_DATABASE_URL is set (see vitest.config.ts). The database goes away under the
// app as in a restart: every connection of the app is terminated (57P01, one of them inside a
// transaction) and the database refuses connections for a while, then comes back. The process
// must not crash, requests in the gap get 503 with Retry-After (never 500, never a hang), and the
// app serves again within 5 s of the database returning, without a restart.
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, signUp, type TestApp } from "../test/helpers.ts";
import { openDatabase, runMigrations, type Database } from "./client.ts";
import { runAdminQuery } from "../test/postgres-admin.ts";

const adminUrl = process.env.TEST_DATABASE_URL ?? "";
const name = `t_restart_${crypto.randomBytes(4).toString("hex")}`;
let database: Database;
let t: TestApp;
let token = "";
const connectionErrors: Error[] = [];

const admin = (query: string) => runAdminQuery(adminUrl, query);

beforeAll(async () => {
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  database = await openDatabase({ databaseUrl: url.toString(), poolSize: 4, onConnectionError: (err) => connectionErrors.push(err) });
  await runMigrations(database);
  t = await buildTestApp({ database });
  token = (await signUp(t)).token;
});

afterAll(async () => {
  await t?.close();
  await admin(`drop database if exists ${name} with (force)`);
});

const whoAmI = () => t.app.inject({ method: "GET", url: "/api/auth/user/", headers: { authorization: `Token ${token}` } });

describe("PostgreSQL restarting under the app", () => {
  it("survives its connections being terminated, answers 503 + Retry-After while the database is away, and serves again within 5 s", async () => {
    expect((await whoAmI()).statusCode).toBe(200);
    // Fill the pool, and hold one connection inside a transaction when the terminate comes.
    await Promise.all(Array.from({ length: 6 }, () => whoAmI()));
    const inTransaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_sleep(3)`);
    });
    const rejected = inTransaction.then(
      () => null,
      (err: unknown) => err,
    );
    await new Promise((r) => setTimeout(r, 300));

    await admin(`alter database ${name} allow_connections false`);
    await admin(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}'`);
    expect(await rejected).toBeInstanceOf(Error);

    // The gap: every request answers quickly with 503 and a Retry-After, none with 500.
    const gap: { status: number; ms: number; retryAfter: string | undefined; body: unknown }[] = [];
    for (let i = 0; i < 8; i++) {
      const started = Date.now();
      const res = await whoAmI();
      gap.push({ status: res.statusCode, ms: Date.now() - started, retryAfter: res.headers["retry-after"], body: res.json() });
    }
    for (const r of gap) {
      expect(r.status).toBe(503);
      expect(r.retryAfter).toBe("5");
      expect(r.body).toEqual({ detail: "The service is briefly unavailable. Please try again in a few seconds." });
      expect(r.ms).toBeLessThan(4000);
    }
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login/",
      payload: { email: "nobody@example.com", password: "Velvet-Garnet-42" },
      remoteAddress: "10.8.0.1",
    });
    expect(login.statusCode).toBe(503);
    const ready = await t.app.inject({ method: "GET", url: "/api/health/ready" });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: "error", database: "error" });

    // The database is back: the same process serves again, on new connections.
    await admin(`alter database ${name} allow_connections true`);
    const back = Date.now();
    let recoveredMs = -1;
    while (Date.now() - back < 10_000) {
      if ((await whoAmI()).statusCode === 200) {
        recoveredMs = Date.now() - back;
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    console.log(
      `PostgreSQL restart: gap answers ${gap.map((r) => `${r.status} in ${r.ms} ms`).join(", ")}; served again ${recoveredMs} ms after the database came back`,
    );
    expect(recoveredMs).toBeGreaterThanOrEqual(0);
    expect(recoveredMs).toBeLessThan(5000);
    expect((await t.app.inject({ method: "GET", url: "/api/health/ready" })).statusCode).toBe(200);
    // The lost connections were reported to the listener, not thrown at the process.
    expect(connectionErrors.some((e) => /terminating connection due to administrator command/.test(e.message))).toBe(true);
  }, 60_000);
});
