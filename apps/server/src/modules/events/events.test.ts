import type { EventTicket } from "@atelier/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authedInject, buildTestApp, createStaff, type TestApp } from "../../test/helpers.ts";
import { submitDesign, post, type Submitted } from "../orders/test-support.ts";
import { signUpCustomer } from "../uploads/test-support.ts";
import { getJson, listening, openSse, type SseClient } from "./test-support.ts";

let t: TestApp;
let base: string;
let staff: string;
let order: Submitted;
const open: SseClient[] = [];

async function ticketFor(token: string): Promise<string> {
  const res = await authedInject(t, token, { method: "POST", url: "/api/events/ticket/" });
  expect(res.statusCode).toBe(201);
  return res.json<EventTicket>().ticket;
}

async function stream(token: string, query = "", headers: Record<string, string> = {}): Promise<SseClient> {
  const client = await openSse(base, `/api/events/?ticket=${await ticketFor(token)}${query}`, headers);
  expect(client.status).toBe(200);
  open.push(client);
  // The stream is subscribed once its first bytes arrived: wait for the greeting comment.
  await client.waitForComment("connected");
  return client;
}

/** Publishes one event to `userIds` in its own transaction (as a service does). */
async function publish(userIds: string[], data: Record<string, string | number> = {}, staffToo = false): Promise<void> {
  await t.database.db.transaction((tx) => t.services.live.publish(tx, [{ kind: "order", userIds, staff: staffToo, data }]));
}

beforeAll(async () => {
  t = await buildTestApp({ liveEvents: { heartbeatMs: 150, maxConnectionsPerUser: 3, ticketLimit: { max: 40, windowMs: 60_000 } } });
  base = await listening(t);
  staff = (await createStaff(t)).token;
  order = await submitDesign(t);
});
afterAll(async () => {
  for (const c of open) c.close();
  await t.close();
});

describe("opening the stream", () => {
  it("issues a single-use ticket that opens an event stream once", async () => {
    const res = await authedInject(t, order.customer.token, { method: "POST", url: "/api/events/ticket/" });
    expect(res.statusCode).toBe(201);
    const { ticket, expires_at } = res.json<EventTicket>();
    expect(ticket).toMatch(/^[\w-]{40,}$/);
    expect(new Date(expires_at).getTime() - t.clock.now().getTime()).toBe(60_000);

    const client = await openSse(base, `/api/events/?ticket=${ticket}`);
    open.push(client);
    expect(client.status).toBe(200);
    expect(client.headers["content-type"]).toBe("text/event-stream; charset=utf-8");
    expect(client.headers["cache-control"]).toContain("no-cache");
    expect(client.headers["x-request-id"]).toBeTruthy();
    expect(client.headers["content-security-policy"]).toBeTruthy();
    await client.waitForComment("connected");

    const again = await getJson(base, `/api/events/?ticket=${ticket}`);
    expect(again).toMatchObject({ status: 401, body: { detail: "Invalid or expired ticket." } });
    expect(again.type).toContain("application/json");
  });

  it("refuses a ticket after its minute, a made-up ticket, and no credentials, with 401 JSON", async () => {
    const ticket = await ticketFor(order.customer.token);
    t.clock.advance(61_000);
    expect(await getJson(base, `/api/events/?ticket=${ticket}`)).toMatchObject({ status: 401, body: { detail: "Invalid or expired ticket." } });
    expect(await getJson(base, "/api/events/?ticket=nope")).toMatchObject({ status: 401, body: { detail: "Invalid or expired ticket." } });
    expect(await getJson(base, "/api/events/")).toMatchObject({
      status: 401,
      body: { detail: "Authentication credentials were not provided." },
    });
    expect(await getJson(base, "/api/events/", { authorization: "Token wrong" })).toMatchObject({ status: 401, body: { detail: "Invalid token." } });
    const anonymousTicket = await t.app.inject({ method: "POST", url: "/api/events/ticket/" });
    expect(anonymousTicket.statusCode).toBe(401);
  });

  it("takes the Authorization header directly, and answers 406 to a client that does not ask for an event stream", async () => {
    const client = await openSse(base, "/api/events/", { authorization: `Token ${order.customer.token}` });
    open.push(client);
    expect(client.status).toBe(200);
    await client.waitForComment("connected");

    const json = await t.app.inject({ method: "GET", url: "/api/events/", headers: { authorization: `Token ${order.customer.token}` } });
    expect(json.statusCode).toBe(406);
    expect(json.json()).toEqual({ detail: "This path answers server-sent events: send Accept: text/event-stream." });
  });

  it("answers 401 before it looks at the query or the Accept header; a signed-in caller's bad query is a 400", async () => {
    const longId = "9".repeat(41);
    const anonymous = await t.app.inject({ method: "GET", url: `/api/events/?last_event_id=${longId}` });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ detail: "Authentication credentials were not provided." });
    const badToken = await t.app.inject({
      method: "GET",
      url: `/api/events/?last_event_id=${longId}`,
      headers: { authorization: "Token wrong" },
    });
    expect(badToken.statusCode).toBe(401);
    expect(badToken.json()).toEqual({ detail: "Invalid token." });
    for (const query of [`ticket=${"x".repeat(201)}`, "ticket=a&ticket=b", `ticket=nope&last_event_id=${longId}`]) {
      const res = await t.app.inject({ method: "GET", url: `/api/events/?${query}` });
      expect(res.statusCode, query).toBe(401);
      expect(res.json(), query).toEqual({ detail: "Invalid or expired ticket." });
    }

    const signedIn = await t.app.inject({
      method: "GET",
      url: `/api/events/?last_event_id=${longId}`,
      headers: { authorization: `Token ${order.customer.token}`, accept: "text/event-stream" },
    });
    expect(signedIn.statusCode).toBe(400);
    expect(signedIn.json()).toEqual({ detail: "Invalid request parameters." });
  });

  it("throttles a user asking for tickets without end (429)", async () => {
    const someone = await signUpCustomer(t);
    for (let i = 0; i < 40; i++) await ticketFor(someone.token);
    const over = await authedInject(t, someone.token, { method: "POST", url: "/api/events/ticket/" });
    expect(over.statusCode).toBe(429);
    expect(over.json<{ detail: string }>().detail).toMatch(/^Request was throttled\. Expected available in \d+ seconds\.$/);
    // Others are not affected.
    await ticketFor(order.customer.token);
  });

  it("ends a ticket's use when its token is signed out before it is used", async () => {
    const other = await signUpCustomer(t);
    const ticket = await ticketFor(other.token);
    expect((await authedInject(t, other.token, { method: "POST", url: "/api/auth/logout/" })).statusCode).toBeLessThan(300);
    expect(await getJson(base, `/api/events/?ticket=${ticket}`)).toMatchObject({ status: 401 });
  });
});

describe("delivery", () => {
  it("sends a staff comment to the order's customer and to staff, and to no other customer", async () => {
    const customer = await stream(order.customer.token);
    const staffStream = await stream(staff);
    const stranger = await signUpCustomer(t);
    const strangerStream = await stream(stranger.token);

    const res = await post(t, staff, `/api/orders/${order.orderId}/comments/`, { text: "Your sketch is lovely." });
    expect(res.statusCode).toBe(201);

    const message = await customer.waitFor((e) => e.event === "message");
    expect(message.data).toMatchObject({ order_id: order.orderId });
    expect(Number(message.id)).toBeGreaterThan(0);
    // The customer's bell: a notification with the unread count.
    const notice = await customer.waitFor((e) => e.event === "notification");
    expect(notice.data.unread_count).toBeGreaterThanOrEqual(1);
    await staffStream.waitFor((e) => e.event === "message" && e.data.order_id === order.orderId);
    // Nobody else's page hears of it (the marker proves the stranger's stream is live and in order).
    await publish([stranger.id], { marker: 1 });
    await strangerStream.waitFor((e) => e.data.marker === 1);
    expect(strangerStream.events.filter((e) => e.data.order_id === order.orderId)).toEqual([]);
    // Staff are not told of notifications that are the customer's.
    await publish([], { marker: 2 }, true);
    await staffStream.waitFor((e) => e.data.marker === 2);
    expect(staffStream.events.filter((e) => e.event === "notification")).toEqual([]);
  });

  it("sends an order's status change (a cancellation) with the new status", async () => {
    const mine = await submitDesign(t);
    const customer = await stream(mine.customer.token);
    const res = await post(t, staff, `/api/staff/orders/${mine.orderId}/transition/`, { to: "cancelled", note: "Customer asked by phone." });
    expect(res.statusCode).toBe(200);
    const moved = await customer.waitFor((e) => e.event === "order" && e.data.status === "cancelled");
    expect(moved.data.order_id).toBe(mine.orderId);
  });

  it("tells staff of a new order, so the queue grows on their open pages", async () => {
    const staffStream = await stream(staff);
    const placed = await submitDesign(t);
    const created = await staffStream.waitFor((e) => e.event === "order" && e.data.order_id === placed.orderId);
    expect(created.data.status).toBe("initiated");
  });

  it("delivers nothing of a transaction that rolls back", async () => {
    const customer = await stream(order.customer.token);
    await expect(
      t.database.db.transaction(async (tx) => {
        await t.services.live.publish(tx, [{ kind: "order", userIds: [order.customer.id], data: { marker: "rolled back" } }]);
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    await publish([order.customer.id], { marker: "committed" });
    await customer.waitFor((e) => e.data.marker === "committed");
    expect(customer.events.filter((e) => e.data.marker === "rolled back")).toEqual([]);
  });
});

describe("reconnecting", () => {
  it("sends a page what it missed since its Last-Event-ID (header or query), and nothing twice", async () => {
    const first = await stream(order.customer.token);
    await publish([order.customer.id], { step: 1 });
    const seen = await first.waitFor((e) => e.data.step === 1);
    first.close();
    await publish([order.customer.id], { step: 2 });
    await publish([staffId()], { step: "not yours" });
    await publish([order.customer.id], { step: 3 });

    const byHeader = await stream(order.customer.token, "", { "last-event-id": seen.id });
    await byHeader.waitFor((e) => e.data.step === 3);
    expect(byHeader.events.map((e) => e.data.step)).toEqual([2, 3]);
    byHeader.close();

    const byQuery = await stream(order.customer.token, `&last_event_id=${seen.id}`);
    await byQuery.waitFor((e) => e.data.step === 3);
    await publish([order.customer.id], { step: 4 });
    await byQuery.waitFor((e) => e.data.step === 4);
    expect(byQuery.events.map((e) => e.data.step)).toEqual([2, 3, 4]);
  });

  it("does not replay events older than five minutes", async () => {
    const first = await stream(order.customer.token);
    await publish([order.customer.id], { age: "old" });
    const seen = await first.waitFor((e) => e.data.age === "old");
    first.close();
    await publish([order.customer.id], { age: "missed, then too old" });
    t.clock.advance(5 * 60_000 + 1_000);
    await publish([order.customer.id], { age: "recent" });
    const again = await stream(order.customer.token, "", { "last-event-id": seen.id });
    await again.waitFor((e) => e.data.age === "recent");
    expect(again.events.map((e) => e.data.age)).toEqual(["recent"]);
  });

  it("prunes events after ten minutes and expired tickets", async () => {
    await publish([order.customer.id], { prune: 1 });
    await ticketFor(order.customer.token);
    t.clock.advance(11 * 60_000);
    await t.services.live.prune();
    const rows = await t.database.db.execute(sql`select count(*)::int as n from live_events`);
    const tickets = await t.database.db.execute(sql`select count(*)::int as n from live_event_tickets`);
    expect(Number(rowsOf<{ n: number }>(rows)[0]?.n)).toBe(0);
    expect(Number(rowsOf<{ n: number }>(tickets)[0]?.n)).toBe(0);
  });
});

describe("keeping streams honest", () => {
  it("sends a heartbeat comment, and closes the stream once its token is revoked", async () => {
    const someone = await signUpCustomer(t);
    const client = await stream(someone.token);
    await client.waitForComment("ping", 2_000);
    await authedInject(t, someone.token, { method: "POST", url: "/api/auth/logout/" });
    await client.ended;
    expect(client.isEnded()).toBe(true);
  });

  it("keeps at most the configured number of streams per user, closing the oldest", async () => {
    const someone = await signUpCustomer(t);
    const oldest = await stream(someone.token);
    await stream(someone.token);
    await stream(someone.token);
    expect(oldest.isEnded()).toBe(false);
    const newest = await stream(someone.token);
    await oldest.ended;
    await publish([someone.id], { cap: 1 });
    await newest.waitFor((e) => e.data.cap === 1);
  });

  it("closes every stream when the server shuts down", async () => {
    const own = await buildTestApp();
    const url = await listening(own);
    const customer = await signUpCustomer(own);
    const client = await openSse(url, "/api/events/", { authorization: `Token ${customer.token}` });
    await client.waitForComment("connected");
    await own.close();
    await client.ended;
    // Told first to come back soon (a retry: hint of 1-3 s in the same block), then closed.
    expect(client.comments).toContain("server restarting");
    expect(own.services.live.connectionCount()).toBe(0);
  });
});

let staffUser = "";
function staffId(): string {
  return staffUser;
}
beforeAll(async () => {
  const res = await authedInject(t, staff, { method: "GET", url: "/api/auth/user/" });
  staffUser = res.json<{ id: string }>().id;
});

function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);
}
