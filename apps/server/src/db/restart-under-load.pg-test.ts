// Runs only where TEST_DATABASE_URL is set (see vitest.config.ts). PostgreSQL restarts in the middle
// of a write load (issue 20 §4): 20 clients create designs over HTTP, each with an Idempotency-Key,
// retrying a 503 after its Retry-After with the same key, for RESTART_LOAD_SECONDS (default 20; the
// issue's figure is 60). Half way, every connection of the app is terminated and the database
// refuses connections for 3 s, then comes back. The process must not crash, every request is
// answered (each has a timeout), the gap answers 503 with Retry-After (never 500), no acknowledged
// write is lost, none is made twice, and the app serves again within 5 s of the database returning.
import crypto from "node:crypto";
import type { AddressInfo } from "node:net";
import { like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { designForm } from "../modules/uploads/test-support.ts";
import { buildTestApp, signUp, type TestApp } from "../test/helpers.ts";
import { ANSWER_LOST_MESSAGE } from "../lib/idempotency.ts";
import { openDatabase, runMigrations, type Database } from "./client.ts";
import { designs } from "./schema/index.ts";
import { runAdminQuery } from "../test/postgres-admin.ts";

const adminUrl = process.env.TEST_DATABASE_URL ?? "";
const SECONDS = Number(process.env.RESTART_LOAD_SECONDS ?? 20);
const CLIENTS = 20;
const GAP_MS = 3000;
const REQUEST_TIMEOUT_MS = 15_000;
const name = `t_restart_load_${crypto.randomBytes(4).toString("hex")}`;
let database: Database;
let t: TestApp;
let base = "";
const connectionErrors: Error[] = [];
const processErrors: unknown[] = [];
const onProcessError = (err: unknown) => processErrors.push(err);

const admin = (query: string) => runAdminQuery(adminUrl, query);

beforeAll(async () => {
  process.on("uncaughtException", onProcessError);
  process.on("unhandledRejection", onProcessError);
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  database = await openDatabase({ databaseUrl: url.toString(), poolSize: 10, onConnectionError: (err) => connectionErrors.push(err) });
  await runMigrations(database);
  t = await buildTestApp({ database, env: { RATE_LIMIT_SCALE: "1000" } });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  process.off("uncaughtException", onProcessError);
  process.off("unhandledRejection", onProcessError);
  const t0 = Date.now();
  // A hung close is shown, not waited for (a pooled client never given back makes pool.end() wait
  // forever; the test below asserts that none is, see openDatabase's transaction).
  const closed = await Promise.race([t?.close().then(() => "closed"), sleep(20_000).then(() => "hung")]);
  console.log(`teardown: app ${closed}; pool ${JSON.stringify(database?.poolStats?.())}`);
  const t1 = Date.now();
  await admin(`alter database ${name} allow_connections true`).catch(() => undefined);
  await admin(`drop database if exists ${name} with (force)`);
  console.log(`teardown: app closed in ${t1 - t0} ms, database dropped in ${Date.now() - t1} ms`);
}, 120_000);

interface Answer {
  status: number; // 0: no answer (timeout or connection error)
  at: number;
  ms: number;
  retryAfter: string | null;
  body: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function post(token: string, key: string): Promise<Answer> {
  const form = designForm({ name: `Load ${key}`, description: "A halo of small diamonds around an oval garnet." });
  const started = Date.now();
  try {
    const res = await fetch(`${base}/api/designs/`, {
      method: "POST",
      headers: { ...form.headers, authorization: `Token ${token}`, "idempotency-key": key },
      body: new Uint8Array(form.payload),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const body = await res.text();
    return { status: res.status, at: Date.now(), ms: Date.now() - started, retryAfter: res.headers.get("retry-after"), body };
  } catch (err) {
    return { status: 0, at: Date.now(), ms: Date.now() - started, retryAfter: null, body: String(err) };
  }
}

describe("PostgreSQL restarting under a write load", () => {
  it("loses no acknowledged write, duplicates none, answers the gap with 503 + Retry-After and serves again within 5 s", async () => {
    const tokens: string[] = [];
    for (let i = 0; i < CLIENTS; i++) tokens.push((await signUp(t)).token);

    const answers: Answer[] = [];
    const acknowledged: { key: string; id: string }[] = [];
    const answerLost: string[] = [];
    const unfinished: string[] = [];
    const started = Date.now();
    const end = started + SECONDS * 1000;
    const giveUp = end + 30_000;

    const client = async (token: string) => {
      while (Date.now() < end) {
        const key = crypto.randomUUID();
        for (;;) {
          const a = await post(token, key);
          answers.push(a);
          if (a.status === 201) {
            acknowledged.push({ key, id: (JSON.parse(a.body) as { id: string }).id });
            break;
          }
          if (a.status === 409 && a.body.includes(ANSWER_LOST_MESSAGE)) {
            answerLost.push(key);
            break;
          }
          if ((a.status === 503 || a.status === 409) && Date.now() < giveUp) {
            await sleep(Number(a.retryAfter ?? "1") * 1000);
            continue;
          }
          unfinished.push(key);
          break;
        }
      }
    };

    // The restart, half way through.
    let gapFrom = 0;
    let backAt = 0;
    let recoveredMs = -1;
    const restart = (async () => {
      await sleep((SECONDS * 1000) / 2);
      gapFrom = Date.now();
      await admin(`alter database ${name} allow_connections false`);
      await admin(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}'`);
      await sleep(GAP_MS);
      await admin(`alter database ${name} allow_connections true`);
      backAt = Date.now();
      // A probe beside the writers (they wait out their Retry-After): when does a request succeed again?
      while (Date.now() - backAt < 10_000) {
        const res = await fetch(`${base}/api/auth/user/`, { headers: { authorization: `Token ${tokens[0]}` }, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
        await res.body?.cancel();
        if (res.status === 200) {
          recoveredMs = Date.now() - backAt;
          break;
        }
        await sleep(100);
      }
    })();

    await Promise.all([restart, ...tokens.map(client)]);

    // The first write acknowledged after the database came back (the writers wait out their Retry-After first).
    const firstAfter = answers.filter((a) => a.status === 201 && a.at >= backAt).map((a) => a.at);
    const firstWriteMs = firstAfter.length > 0 ? Math.min(...firstAfter) - backAt : -1;
    const statuses = new Map<number, number>();
    for (const a of answers) statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
    const in503 = answers.filter((a) => a.status === 503);
    const gap = answers.filter((a) => a.at >= gapFrom && a.at - a.ms <= backAt);
    const rows = await database.db.select({ id: designs.id, name: designs.name }).from(designs).where(like(designs.name, "Load %"));
    const perKey = new Map<string, string[]>();
    for (const r of rows) perKey.set(r.name.slice(5), [...(perKey.get(r.name.slice(5)) ?? []), r.id]);

    console.log(
      `PostgreSQL restart under write load (${SECONDS} s, ${CLIENTS} clients, database away ${GAP_MS} ms): ` +
        `${answers.length} requests (${[...statuses].map(([s, n]) => `${n}× ${s}`).join(", ")}); ` +
        `${acknowledged.length} writes acknowledged, ${answerLost.length} committed but answered 409 "answer lost", ${unfinished.length} unfinished; ` +
        `${gap.length} requests in the gap; ${in503.length} got 503 (max wait ${Math.max(0, ...in503.map((a) => a.ms))} ms); ` +
        `slowest answer ${Math.max(...answers.map((a) => a.ms))} ms; served again ${recoveredMs} ms after the database came back (first write ${firstWriteMs} ms); ` +
        `${rows.length} design rows; ${connectionErrors.length} connection errors reported to the listener; pool after ${JSON.stringify(database.poolStats?.())}`,
    );

    // Every pooled connection was given back: none lost to the restart (before the fix in
    // openDatabase, a connection that died just before BEGIN stayed checked out, about 1 run in 3).
    const pool = database.poolStats?.();
    expect(pool && pool.total - pool.idle).toBe(0);
    // Nothing crashed; every request was answered, never with a 500.
    expect(processErrors).toEqual([]);
    expect(answers.filter((a) => a.status === 0)).toEqual([]);
    expect(answers.filter((a) => a.status >= 500 && a.status !== 503)).toEqual([]);
    expect([...statuses.keys()].every((s) => s === 201 || s === 503 || s === 409)).toBe(true);
    // The gap answered 503 with Retry-After and the spec's message.
    expect(in503.length).toBeGreaterThan(0);
    for (const a of in503) {
      expect(a.retryAfter).toBe("5");
      expect(JSON.parse(a.body)).toEqual({ detail: "The service is briefly unavailable. Please try again in a few seconds." });
    }
    // No acknowledged write lost, none made twice.
    expect(unfinished).toEqual([]);
    for (const { key, id } of acknowledged) expect(perKey.get(key)).toEqual([id]);
    for (const key of answerLost) expect(perKey.get(key)).toHaveLength(1);
    for (const [, ids] of perKey) expect(ids).toHaveLength(1);
    expect(rows.length).toBe(acknowledged.length + answerLost.length);
    // Served again within 5 s.
    expect(recoveredMs).toBeGreaterThanOrEqual(0);
    expect(recoveredMs).toBeLessThan(5000);
    expect(firstWriteMs).toBeGreaterThanOrEqual(0);
  }, 180_000);
});
