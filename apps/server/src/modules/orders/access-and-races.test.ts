import type { Order, Payment } from "@atelier/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authedInject, buildTestApp, type TestApp } from "../../test/helpers.ts";
import { signUpCustomer, type Customer } from "../uploads/test-support.ts";
import { getOrder, issueQuote, post, staffToken, submitDesign, toApproved, uploadCad, type Submitted } from "./test-support.ts";

let t: TestApp;
let staff: string;
let owner: Submitted;
let stranger: Customer;
let paymentId: string;
let cadId: string;
let quoteId: string;

beforeAll(async () => {
  t = await buildTestApp();
  staff = await staffToken(t);
  owner = await submitDesign(t);
  stranger = await signUpCustomer(t);
  const quote = await toApproved(t, staff, owner);
  quoteId = quote.id;
  paymentId = (await getOrder(t, owner.customer.token, owner.orderId)).payments[0]?.id ?? "";
  await uploadCad(t, staff, owner.orderId);
  cadId = (await getOrder(t, owner.customer.token, owner.orderId)).cad_designs[0]?.id ?? "";
});
afterAll(async () => {
  await t.close();
});

describe("another customer's rows are 404 on every call", () => {
  const calls = (): [string, string, Record<string, unknown>?][] => [
    ["GET", `/api/orders/${owner.orderId}/`],
    ["GET", `/api/orders/${owner.orderId}/details.pdf`],
    ["POST", `/api/orders/${owner.orderId}/comments/`, { text: "hello" }],
    ["POST", `/api/orders/${owner.orderId}/cancel/`, { reason: "" }],
    ["POST", `/api/orders/${owner.orderId}/confirm-delivery/`],
    ["GET", `/api/orders/${owner.orderId}/payments/`],
    ["POST", `/api/orders/${owner.orderId}/payments/`, { kind: "balance", reference: "REF-123" }],
    ["GET", `/api/quotes/${quoteId}/`],
    ["POST", `/api/quotes/${quoteId}/accept/`],
    ["POST", `/api/quotes/${quoteId}/decline/`, { reason: "" }],
    ["POST", `/api/cad-designs/${cadId}/approve/`],
  ];

  it("answers 404 with the spec's body, and changes nothing", async () => {
    const before = await getOrder(t, owner.customer.token, owner.orderId);
    for (const [method, url, payload] of calls()) {
      const res = await authedInject(t, stranger.token, payload ? { method: method, url, payload } : { method: method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json(), `${method} ${url}`).toEqual({ detail: "Not found." });
    }
    const after = await getOrder(t, owner.customer.token, owner.orderId);
    expect(after.events).toEqual(before.events);
    expect(after.comments).toEqual(before.comments);
  });

  it("lists only the customer's own orders and quotes", async () => {
    const mine = await submitDesign(t, stranger);
    const orders = (await authedInject(t, stranger.token, { method: "GET", url: "/api/orders/" })).json<{ results: { id: string }[] }>();
    expect(orders.results.map((o) => o.id)).toEqual([mine.orderId]);
    const quotes = (await authedInject(t, stranger.token, { method: "GET", url: "/api/quotes/" })).json<{ count: number }>();
    expect(quotes.count).toBe(0);
  });

  it("answers 404 for ids that are not UUIDs", async () => {
    expect((await authedInject(t, owner.customer.token, { method: "GET", url: "/api/orders/not-a-uuid/" })).statusCode).toBe(404);
    expect((await post(t, owner.customer.token, "/api/quotes/12/accept/")).statusCode).toBe(404);
  });
});

describe("staff paths", () => {
  const staffCalls = (): [string, Record<string, unknown>?][] => [
    ["/api/staff/orders/"],
    [`/api/staff/orders/${owner.orderId}/quotes/`, { line_items: [{ label: "x", amount: "1" }] }],
    [`/api/staff/payments/${paymentId}/confirm/`],
    [`/api/staff/payments/${paymentId}/reject/`, { reason: "no" }],
    [`/api/staff/orders/${owner.orderId}/cad-designs/`, {}],
    [`/api/staff/orders/${owner.orderId}/transition/`, { to: "manufacturing" }],
  ];

  it("refuse customers with 403, even with a malformed body, and anonymous callers with 401", async () => {
    for (const [url, payload] of staffCalls()) {
      const method = url === "/api/staff/orders/" ? "GET" : "POST";
      const asCustomer = await authedInject(t, owner.customer.token, payload ? { method: "POST", url, payload } : { method, url });
      expect(asCustomer.statusCode, url).toBe(403);
      expect(asCustomer.json<{ detail: string }>().detail, url).toBe("Only staff can do this.");
      if (method === "POST") {
        const malformed = await authedInject(t, owner.customer.token, {
          method: "POST",
          url,
          payload: "{nope",
          headers: { "content-type": "application/json" },
        });
        expect(malformed.statusCode, url).toBe(403);
      }
      const anonymous = await t.app.inject({ method, url });
      expect(anonymous.statusCode, url).toBe(401);
    }
  });

  it("let staff list every order with its customer, and read any order with the customer's contact", async () => {
    const list = (
      await authedInject(t, staff, { method: "GET", url: `/api/staff/orders/?search=${owner.design.order?.order_number}` })
    ).json<{
      results: { id: string; customer: { email: string } }[];
    }>();
    expect(list.results.map((o) => o.id)).toEqual([owner.orderId]);
    expect(list.results[0]?.customer.email).toContain("@example.com");
    const order = await getOrder(t, staff, owner.orderId);
    expect(order.customer?.email).toContain("@example.com");
    const asCustomer = await getOrder(t, owner.customer.token, owner.orderId);
    expect(asCustomer.customer).toBeUndefined();
  });
});

describe("races: two requests for the same change make exactly one", () => {
  it("two accepts of one quote: one wins, the other gets 409, one event", async () => {
    const s = await submitDesign(t);
    const q = await issueQuote(t, staff, s.orderId);
    const results = await Promise.all([
      post(t, s.customer.token, `/api/quotes/${q.id}/accept/`),
      post(t, s.customer.token, `/api/quotes/${q.id}/accept/`),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const order = await getOrder(t, s.customer.token, s.orderId);
    expect(order.events.filter((e) => e.type === "quote_accepted")).toHaveLength(1);
  });

  it("two identical staff moves: one event; two confirmations of a payment: one approval", async () => {
    const s = await submitDesign(t);
    const q = await issueQuote(t, staff, s.orderId);
    await post(t, s.customer.token, `/api/quotes/${q.id}/accept/`);
    const declared = (
      await post(t, s.customer.token, `/api/orders/${s.orderId}/payments/`, { kind: "advance", reference: "UTR-RACE" })
    ).json<Payment>();
    const confirms = await Promise.all([
      post(t, staff, `/api/staff/payments/${declared.id}/confirm/`),
      post(t, staff, `/api/staff/payments/${declared.id}/confirm/`),
      post(t, staff, `/api/staff/payments/${declared.id}/confirm/`),
    ]);
    expect(confirms.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    let order = await getOrder(t, s.customer.token, s.orderId);
    expect(order.events.filter((e) => e.to_status === "approved")).toHaveLength(1);
    expect(order.events.filter((e) => e.type === "payment_confirmed")).toHaveLength(1);

    await uploadCad(t, staff, s.orderId);
    order = await getOrder(t, s.customer.token, s.orderId);
    await post(t, s.customer.token, `/api/cad-designs/${order.cad_designs[0]?.id}/approve/`);
    const moves = await Promise.all([
      post(t, staff, `/api/staff/orders/${s.orderId}/transition/`, { to: "manufacturing" }),
      post(t, staff, `/api/staff/orders/${s.orderId}/transition/`, { to: "manufacturing" }),
    ]);
    expect(moves.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(moves.find((r) => r.statusCode === 409)?.json<{ detail: string }>().detail).toBe(
      `Order ${order.order_number} is already Manufacturing.`,
    );
    order = await getOrder(t, s.customer.token, s.orderId);
    expect(order.events.filter((e) => e.to_status === "manufacturing")).toHaveLength(1);
  });

  it("two advance declarations at once: one payment", async () => {
    const s = await submitDesign(t);
    const q = await issueQuote(t, staff, s.orderId);
    await post(t, s.customer.token, `/api/quotes/${q.id}/accept/`);
    const both = await Promise.all([
      post(t, s.customer.token, `/api/orders/${s.orderId}/payments/`, { kind: "advance", reference: "A-1" }),
      post(t, s.customer.token, `/api/orders/${s.orderId}/payments/`, { kind: "advance", reference: "A-2" }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const order: Order = await getOrder(t, s.customer.token, s.orderId);
    expect(order.payments).toHaveLength(1);
  });
});
