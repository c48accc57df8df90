import type { Paginated, StaffQueueCounts, staffOrderSummarySchema } from "@atelier/contract";
import type { z } from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authedInject, buildTestApp, type TestApp } from "../../test/helpers.ts";
import { signUpCustomer } from "../uploads/test-support.ts";
import {
  chooseAddress,
  getOrder,
  issueQuote,
  post,
  staffToken,
  submitDesign,
  toApproved,
  uploadCad,
  type Submitted,
} from "./test-support.ts";

type Row = z.infer<typeof staffOrderSummarySchema>;

const MINUTE = 60_000;

let t: TestApp;
let staff: string;
const o: Record<string, Submitted> = {};

async function toCadDesign(s: Submitted) {
  await toApproved(t, staff, s);
  await uploadCad(t, staff, s.orderId);
}

async function toReadyToShip(s: Submitted) {
  await toCadDesign(s);
  const cad = (await getOrder(t, s.customer.token, s.orderId)).cad_designs[0];
  await post(t, s.customer.token, `/api/cad-designs/${cad?.id}/approve/`);
  for (const to of ["manufacturing", "quality_check"]) await post(t, staff, `/api/staff/orders/${s.orderId}/transition/`, { to });
  await chooseAddress(t, s.customer.token, s.orderId);
  const balance = await post(t, s.customer.token, `/api/orders/${s.orderId}/payments/`, { kind: "balance", reference: "UTR-BAL" });
  await post(t, staff, `/api/staff/payments/${balance.json<{ id: string }>().id}/confirm/`);
  const res = await post(t, staff, `/api/staff/orders/${s.orderId}/transition/`, { to: "ready_to_ship" });
  if (res.statusCode !== 200) throw new Error(`ready_to_ship failed: ${res.body}`);
}

beforeAll(async () => {
  t = await buildTestApp();
  staff = await staffToken(t);
  // One order per queue group (and one in none), each a few minutes after the previous.
  const step = () => t.clock.advance(5 * MINUTE);
  const named = await signUpCustomer(t);
  await authedInject(t, named.token, { method: "PATCH", url: "/api/auth/user/", payload: { first_name: "Leela", last_name: "Varghese" } });
  o.newOld = await submitDesign(t, named, { name: "Emerald pendant" });
  step();
  o.newRecent = await submitDesign(t);
  step();
  o.quoted = await submitDesign(t);
  await issueQuote(t, staff, o.quoted.orderId);
  step();
  o.declared = await submitDesign(t);
  const q = await issueQuote(t, staff, o.declared.orderId);
  await post(t, o.declared.customer.token, `/api/quotes/${q.id}/accept/`);
  await post(t, o.declared.customer.token, `/api/orders/${o.declared.orderId}/payments/`, { kind: "advance", reference: "UTR-PENDING" });
  step();
  o.approved = await submitDesign(t);
  await toApproved(t, staff, o.approved);
  step();
  o.cad = await submitDesign(t);
  await toCadDesign(o.cad);
  step();
  o.ready = await submitDesign(t);
  await toReadyToShip(o.ready);
  step();
  o.cancelled = await submitDesign(t);
  await post(t, o.cancelled.customer.token, `/api/orders/${o.cancelled.orderId}/cancel/`, {});
  // The oldest "new" order was created first and has waited the longest.
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, token = staff) => authedInject(t, token, { method: "GET", url });
const ids = async (query: string) => (await get(`/api/staff/orders/${query}`)).json<Paginated<Row>>().results.map((r) => r.id);

describe("GET /api/staff/queue/", () => {
  it("counts each group: payments are orders with a declared payment waiting, whatever their status", async () => {
    const res = await get("/api/staff/queue/");
    expect(res.statusCode).toBe(200);
    expect(res.json<StaffQueueCounts>()).toEqual({
      groups: [
        { key: "new", label: "New", count: 2 },
        { key: "awaiting_customer", label: "Awaiting customer", count: 2 },
        { key: "payments", label: "Payments to confirm", count: 1 },
        { key: "cad_review", label: "CAD awaiting approval", count: 1 },
        { key: "production", label: "In production", count: 1 },
        { key: "ready_to_ship", label: "Ready to ship", count: 1 },
      ],
    });
  });
});

describe("GET /api/staff/orders/ as the queue", () => {
  it("lists each group's orders", async () => {
    expect(new Set(await ids("?group=new"))).toEqual(new Set([o.newOld!.orderId, o.newRecent!.orderId]));
    expect(new Set(await ids("?group=awaiting_customer"))).toEqual(new Set([o.quoted!.orderId, o.declared!.orderId]));
    expect(await ids("?group=payments")).toEqual([o.declared!.orderId]);
    expect(await ids("?group=cad_review")).toEqual([o.cad!.orderId]);
    expect(await ids("?group=production")).toEqual([o.approved!.orderId]);
    expect(await ids("?group=ready_to_ship")).toEqual([o.ready!.orderId]);
    expect(await ids("")).toHaveLength(8);
  });

  it("narrows a group by status, and a status alone", async () => {
    expect(await ids("?group=production&status=approved")).toEqual([o.approved!.orderId]);
    expect(await ids("?group=production&status=manufacturing")).toEqual([]);
    expect(await ids("?group=new&status=quoted")).toEqual([]);
    expect(await ids("?group=payments&status=quoted")).toEqual([o.declared!.orderId]);
    expect(await ids("?status=cancelled")).toEqual([o.cancelled!.orderId]);
    expect(await ids("?status=all")).toHaveLength(8);
    expect(await ids("?status=")).toHaveLength(8);
  });

  it("searches order number, customer name and e-mail, and design name", async () => {
    const number = o.cad!.design.order?.order_number ?? "";
    expect(await ids(`?search=${number}`)).toEqual([o.cad!.orderId]);
    expect(await ids("?search=leela%20varg")).toEqual([o.newOld!.orderId]);
    expect(await ids("?search=VARGHESE")).toEqual([o.newOld!.orderId]);
    const email = (await get(`/api/staff/orders/?search=${number}`)).json<Paginated<Row>>().results[0]?.customer.email ?? "";
    expect(await ids(`?search=${encodeURIComponent(email)}`)).toEqual([o.cad!.orderId]);
    expect(await ids("?search=emerald")).toEqual([o.newOld!.orderId]);
    expect(await ids("?search=emerald&group=cad_review")).toEqual([]);
    // Wildcards are literal.
    expect(await ids("?search=%25")).toEqual([]);
  });

  it("sorts newest first by default, longest-waiting first with sort=waiting, and shows how long each has waited", async () => {
    const newest = (await get("/api/staff/orders/?group=new")).json<Paginated<Row>>().results;
    expect(newest.map((r) => r.id)).toEqual([o.newRecent!.orderId, o.newOld!.orderId]);
    const waiting = (await get("/api/staff/orders/?group=new&sort=waiting")).json<Paginated<Row>>().results;
    expect(waiting.map((r) => r.id)).toEqual([o.newOld!.orderId, o.newRecent!.orderId]);
    expect(Date.parse(waiting[0]!.status_since)).toBeLessThan(Date.parse(waiting[1]!.status_since));

    const all = (await get("/api/staff/orders/?sort=waiting")).json<Paginated<Row>>().results.map((r) => Date.parse(r.status_since));
    expect(all).toEqual([...all].sort((a, b) => a - b));
    const created = (await get("/api/staff/orders/")).json<Paginated<Row>>().results.map((r) => Date.parse(r.created_at));
    expect(created).toEqual([...created].sort((a, b) => b - a));
  });

  it("answers bad query values with 400 (404 for a page past the end), in the spec's shape", async () => {
    for (const query of ["?group=urgent", "?sort=oldest", "?status=teleported", `?search=${"x".repeat(201)}`, "?page=abc"]) {
      const res = await get(`/api/staff/orders/${query}`);
      expect(res.statusCode, query).toBe(query.startsWith("?page") ? 404 : 400);
      expect(res.json(), query).toEqual(
        query.startsWith("?page") ? { detail: "Invalid page." } : { detail: "Invalid request parameters." },
      );
    }
    expect((await get("/api/staff/orders/?page=9")).json()).toEqual({ detail: "Invalid page." });
  });

  it("refuses customers (403) and anonymous callers (401)", async () => {
    const customer = o.newOld!.customer;
    for (const url of ["/api/staff/queue/", "/api/staff/orders/?group=new"]) {
      expect((await get(url, customer.token)).json()).toEqual({ detail: "Only staff can do this." });
      expect((await t.app.inject({ method: "GET", url })).statusCode).toBe(401);
    }
  });
});
