// Runs only where TEST_DATABASE_URL is set (CI's PostgreSQL pass; see vitest.config.ts): two
// instances of the app on one PostgreSQL database, as behind a load balancer.
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, runMigrations, type Database } from "../../db/client.ts";
import { authedInject, buildTestApp, createStaff, type TestApp } from "../../test/helpers.ts";
import { post, submitDesign, type Submitted } from "../orders/test-support.ts";
import { listening, openSse, type SseClient } from "./test-support.ts";
import { runAdminQuery } from "../../test/postgres-admin.ts";

const adminUrl = process.env.TEST_DATABASE_URL ?? "";
const name = `t_${crypto.randomBytes(6).toString("hex")}`;
let a: TestApp;
let b: TestApp;
let order: Submitted;
let staff: string;
const streams: SseClient[] = [];

const admin = (query: string) => runAdminQuery(adminUrl, query);

/** Each instance has its own pool (and listening connection) on the same database. */
async function connect(): Promise<Database> {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
}

async function streamOn(t: TestApp, token: string, headers: Record<string, string> = {}): Promise<SseClient> {
  const ticket = (await authedInject(t, token, { method: "POST", url: "/api/events/ticket/" })).json<{ ticket: string }>().ticket;
  const client = await openSse(await listening(t), `/api/events/?ticket=${ticket}`, headers);
  streams.push(client);
  expect(client.status).toBe(200);
  await client.waitForComment("connected");
  return client;
}

beforeAll(async () => {
  await admin(`create database ${name}`);
  const first = await connect();
  await runMigrations(first);
  a = await buildTestApp({ database: first });
  b = await buildTestApp({ database: await connect() });
  staff = (await createStaff(a)).token;
  order = await submitDesign(a);
});

afterAll(async () => {
  for (const s of streams) s.close();
  await a.close();
  await b.close();
  await admin(`drop database if exists ${name} with (force)`);
});

describe("live events across instances (PostgreSQL LISTEN/NOTIFY)", () => {
  it("delivers an order comment posted through instance A to a customer's stream on instance B", async () => {
    // A ticket from one instance opens a stream on the other (tickets live in the database).
    const ticket = (await authedInject(a, order.customer.token, { method: "POST", url: "/api/events/ticket/" })).json<{ ticket: string }>().ticket;
    const onB = await openSse(await listening(b), `/api/events/?ticket=${ticket}`);
    streams.push(onB);
    expect(onB.status).toBe(200);
    await onB.waitForComment("connected");
    const staffOnA = await streamOn(a, staff);

    const res = await post(a, staff, `/api/orders/${order.orderId}/comments/`, { text: "Your stone has arrived." });
    expect(res.statusCode).toBe(201);

    const message = await onB.waitFor((e) => e.event === "message");
    expect(message.data).toMatchObject({ order_id: order.orderId });
    await staffOnA.waitFor((e) => e.event === "message" && e.data.order_id === order.orderId);
  });

  it("goes the other way too, and replays on A what a page missed while it was away from B", async () => {
    const onA = await streamOn(a, order.customer.token);
    const res = await post(b, order.customer.token, `/api/orders/${order.orderId}/comments/`, { text: "Wonderful, thank you." });
    expect(res.statusCode).toBe(201);
    const seen = await onA.waitFor((e) => e.event === "message");
    onA.close();

    await post(b, staff, `/api/orders/${order.orderId}/comments/`, { text: "Setting it this week." });
    const back = await streamOn(a, order.customer.token, { "last-event-id": seen.id });
    const missed = await back.waitFor((e) => e.event === "message" && Number(e.id) > Number(seen.id));
    expect(missed.data.order_id).toBe(order.orderId);
  });

  it("comes back after its listening connection is cut, and catches up on what was published meanwhile", async () => {
    const onB = await streamOn(b, order.customer.token);
    // Cut the instances' LISTEN connections from the server side; they come back after at least 375 ms.
    await admin(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and query ilike 'listen%'`);
    await new Promise((r) => setTimeout(r, 100));
    await post(a, staff, `/api/orders/${order.orderId}/comments/`, { text: "While you were away." });
    const caught = await onB.waitFor((e) => e.event === "message", 15_000);
    expect(caught.data.order_id).toBe(order.orderId);
  });
});
