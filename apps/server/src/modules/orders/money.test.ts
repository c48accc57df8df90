import type { CadDesign, DashboardData, Order, Paginated, Payment } from "@atelier/contract";
import fs from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authedInject, buildTestApp, type TestApp } from "../../test/helpers.ts";
import { getOrder, issueQuote, post, staffToken, submitDesign, uploadCad } from "./test-support.ts";

/** Money across modules: the quote's currency governs the order; payments never outlive their order. */

let t: TestApp;
let staff: string;

beforeAll(async () => {
  // The bank details name the UPI id too, as an operator may write them.
  t = await buildTestApp({ env: { PAYMENT_UPI_ID: "atelier@okbank", PAYMENT_BANK_DETAILS: "Bank: Atelier Bank | UPI: atelier@okbank" } });
  staff = await staffToken(t);
});
afterAll(async () => {
  await t.close();
});

// 20,000.00 before tax; delivered in the seller's state (no address, INR): 3% GST, 20,600.00 incl. tax, advance 10,300.00.
const inr = { currency: "INR", line_items: [{ label: "Ring", amount: "20000.00" }], advance_percent: 50 };

describe("the quote's currency governs the order", () => {
  it("a link design in USD quoted in INR: header, lists, instructions, payments and e-mails say ₹", async () => {
    const s = await submitDesign(t, undefined, { budget: "450 USD" });
    expect(s.design.estimate?.currency).toBe("USD");
    const quote = await issueQuote(t, staff, s.orderId, inr);
    expect(quote.currency).toBe("INR");

    // From the moment the quote is issued.
    let order = await getOrder(t, s.customer.token, s.orderId);
    expect(order).toMatchObject({ status: "quoted", quoted_price: "20600.00", currency: "INR" });

    expect((await post(t, s.customer.token, `/api/quotes/${quote.id}/accept/`)).statusCode).toBe(200);
    const declared = await post(t, s.customer.token, `/api/orders/${s.orderId}/payments/`, { kind: "advance", reference: "UTR778899" });
    expect(declared.statusCode).toBe(201);
    const body = declared.json<Payment & { instructions: { lines: string[] } }>();
    expect(body).toMatchObject({ amount: "10300.00", currency: "INR", amount_due: "10300.00" });
    expect(body.instructions.lines[0]).toBe("Pay ₹10,300.00 (advance) by bank transfer or UPI.");
    expect(body.instructions.lines.join(" ")).not.toContain("$");

    order = await getOrder(t, s.customer.token, s.orderId);
    expect(order).toMatchObject({ quoted_price: "20600.00", currency: "INR" });
    expect(order.payment_due).toMatchObject({ kind: "advance", currency: "INR", awaiting_confirmation: true });
    expect(order.payment_due?.instructions.lines[0]).toContain("₹10,300.00");
    // The estimate was in dollars; everything from the quote on is in rupees.
    expect(
      order.events
        .filter((e) => e.type !== "created")
        .map((e) => e.note)
        .join("\n"),
    ).not.toContain("$");

    const list = await authedInject(t, s.customer.token, { method: "GET", url: "/api/orders/" });
    expect(list.json<Paginated<{ id: string; currency: string }>>().results.find((o) => o.id === s.orderId)?.currency).toBe("INR");
    const dash = await authedInject(t, s.customer.token, { method: "GET", url: "/api/dashboard-data/" });
    expect(dash.json<DashboardData>().recent_orders.find((o) => o.id === s.orderId)?.currency).toBe("INR");
    const queue = await authedInject(t, staff, { method: "GET", url: `/api/staff/orders/?search=${order.order_number}` });
    expect(queue.json<Paginated<{ id: string; currency: string }>>().results.find((o) => o.id === s.orderId)?.currency).toBe("INR");

    const confirmed = await post(t, staff, `/api/staff/payments/${body.id}/confirm/`);
    expect(confirmed.statusCode).toBe(200);
    await t.services.orders.drain();
    const mails = t.mailer.sent.filter((m) => m.subject.includes(order.order_number) || m.text.includes(order.order_number));
    expect(mails.length).toBeGreaterThanOrEqual(2);
    for (const m of mails) expect(m.text).not.toMatch(/\$\d/);
    expect(mails.some((m) => m.text.includes("₹10,300.00"))).toBe(true);
    order = await getOrder(t, staff, s.orderId);
    expect(order).toMatchObject({ status: "approved", currency: "INR", amount_paid: "10300.00", balance_due: "10300.00" });
    // The balance falls due once the customer approves a CAD version, not before.
    expect(order.payment_due).toBeNull();
    const early = await post(t, s.customer.token, `/api/orders/${s.orderId}/payments/`, { kind: "balance", reference: "UTR778900" });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ detail: "The balance can be paid once you approve a CAD version." });
    const cad = (await uploadCad(t, staff, s.orderId)).json<CadDesign>();
    expect((await post(t, s.customer.token, `/api/cad-designs/${cad.id}/approve/`)).statusCode).toBe(200);
    order = await getOrder(t, s.customer.token, s.orderId);
    expect(order).toMatchObject({ status: "cad_approved", currency: "INR", balance_due: "10300.00" });
    expect(order.payment_due).toMatchObject({ kind: "balance", currency: "INR", awaiting_confirmation: false });
    expect(order.payment_due?.instructions.lines[0]).toBe("Pay ₹10,300.00 (balance) by bank transfer or UPI.");
  });

  it("a replacing quote in another currency moves the order with it; a declined one gives the estimate's back", async () => {
    const s = await submitDesign(t, undefined, { budget: "450 USD" });
    await issueQuote(t, staff, s.orderId, inr);
    const second = await issueQuote(t, staff, s.orderId, { currency: "EUR", line_items: [{ label: "Ring", amount: "300.00" }] });
    expect(await getOrder(t, s.customer.token, s.orderId)).toMatchObject({ quoted_price: "300.00", currency: "EUR" });
    expect((await post(t, s.customer.token, `/api/quotes/${second.id}/decline/`, { reason: "Too much" })).statusCode).toBe(200);
    expect(await getOrder(t, s.customer.token, s.orderId)).toMatchObject({ status: "initiated", quoted_price: null, currency: "USD" });
  });

  it("a cancelled order keeps the currency of the quote its payments were made in", async () => {
    const s = await submitDesign(t, undefined, { budget: "450 USD" });
    const quote = await issueQuote(t, staff, s.orderId, inr);
    await post(t, s.customer.token, `/api/quotes/${quote.id}/accept/`);
    const cancelled = await post(t, s.customer.token, `/api/orders/${s.orderId}/cancel/`, { reason: "Changed my mind" });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json<Order>()).toMatchObject({ status: "cancelled", currency: "INR", quoted_price: "20600.00" });
  });
});

/** Declares the advance of an accepted INR quote; returns the payment. */
async function declaredAdvance() {
  const s = await submitDesign(t, undefined, { budget: "450 USD" });
  const quote = await issueQuote(t, staff, s.orderId, inr);
  expect((await post(t, s.customer.token, `/api/quotes/${quote.id}/accept/`)).statusCode).toBe(200);
  const declared = await post(t, s.customer.token, `/api/orders/${s.orderId}/payments/`, { kind: "advance", reference: "UTR5550001" });
  expect(declared.statusCode).toBe(201);
  return { s, quote, payment: declared.json<Payment>() };
}

describe("payment instructions", () => {
  it("name the UPI id once, even when the bank details already give it", async () => {
    const s = await submitDesign(t);
    const quote = await issueQuote(t, staff, s.orderId);
    await post(t, s.customer.token, `/api/quotes/${quote.id}/accept/`);
    const due = (await getOrder(t, s.customer.token, s.orderId)).payment_due;
    expect(due?.instructions.upi_id).toBe("atelier@okbank");
    expect(due?.instructions.lines.filter((l) => l.includes("atelier@okbank"))).toEqual(["UPI: atelier@okbank"]);
  });
});

describe("migration 0013 repairs orders written before", () => {
  it("gives orders their quote's currency and price, and voids pending payments of cancelled orders", async () => {
    const quoted = await submitDesign(t, undefined, { budget: "450 USD" });
    await issueQuote(t, staff, quoted.orderId, inr);
    const { s: cancelled, payment } = await declaredAdvance();
    await post(t, cancelled.customer.token, `/api/orders/${cancelled.orderId}/cancel/`, { reason: "" });
    // As the code before this release left them.
    await t.database.db.execute(sql`update orders set currency = 'USD' where id in (${quoted.orderId}, ${cancelled.orderId})`);
    await t.database.db.execute(sql`update orders set quoted_price = null where id = ${cancelled.orderId}`);
    await t.database.db.execute(sql`update payments set status = 'pending', decided_at = null where id = ${payment.id}`);

    const file = path.join(import.meta.dirname, "../../../drizzle/0013_order_currency_from_quote.sql");
    for (const statement of (await fs.readFile(file, "utf8")).split("--> statement-breakpoint")) {
      await t.database.db.execute(sql.raw(statement));
    }
    expect(await getOrder(t, staff, quoted.orderId)).toMatchObject({ currency: "INR", quoted_price: "20600.00" });
    const repaired = await getOrder(t, staff, cancelled.orderId);
    expect(repaired).toMatchObject({ status: "cancelled", currency: "INR", quoted_price: "20600.00" });
    expect(repaired.payments[0]?.status).toBe("void");
  });
});

describe("a pending payment does not outlive its order", () => {
  it("cancelling voids the pending advance; staff can then neither confirm nor reject it, and nobody is told anything", async () => {
    const { s, payment } = await declaredAdvance();
    const cancelled = await post(t, s.customer.token, `/api/orders/${s.orderId}/cancel/`, { reason: "Found another piece" });
    expect(cancelled.statusCode).toBe(200);
    const order = cancelled.json<Order>();
    expect(order.payments).toMatchObject([{ id: payment.id, status: "void" }]);
    expect(order.payment_due).toBeNull();
    expect(order.events.at(-1)?.note).toBe("Cancelled: Found another piece. The payment waiting for confirmation is void.");
    await t.services.orders.drain();
    const mailsBefore = t.mailer.sent.length;
    const noticesBefore = (await authedInject(t, s.customer.token, { method: "GET", url: "/api/notifications/" })).body;

    const confirm = await post(t, staff, `/api/staff/payments/${payment.id}/confirm/`);
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json()).toEqual({
      detail: `This payment is void: order ${order.order_number} was cancelled while it waited for confirmation. It can no longer be confirmed.`,
    });
    const reject = await post(t, staff, `/api/staff/payments/${payment.id}/reject/`, { reason: "Not seen" });
    expect(reject.statusCode).toBe(409);
    expect(reject.json<{ detail: string }>().detail).toContain("It can no longer be rejected.");

    await t.services.orders.drain();
    expect(t.mailer.sent.length).toBe(mailsBefore);
    expect((await authedInject(t, s.customer.token, { method: "GET", url: "/api/notifications/" })).body).toBe(noticesBefore);
    const after = await getOrder(t, staff, s.orderId);
    expect(after).toMatchObject({ status: "cancelled", amount_paid: "0.00" });
    expect(after.payments[0]?.status).toBe("void");
  });

  it("staff cancelling through a transition voids it too", async () => {
    const { s, payment } = await declaredAdvance();
    const moved = await post(t, staff, `/api/staff/orders/${s.orderId}/transition/`, { to: "cancelled", note: "Customer asked by phone" });
    expect(moved.statusCode).toBe(200);
    expect(moved.json<Order>().payments).toMatchObject([{ id: payment.id, status: "void" }]);
    expect((await post(t, staff, `/api/staff/payments/${payment.id}/confirm/`)).statusCode).toBe(409);
  });

  it("a pending payment left on a cancelled order (from before voiding) is refused for the order's state", async () => {
    const { s, payment } = await declaredAdvance();
    await post(t, s.customer.token, `/api/orders/${s.orderId}/cancel/`, { reason: "" });
    await t.database.db.execute(sql`update payments set status = 'pending', decided_at = null where id = ${payment.id}`);
    const order = await getOrder(t, staff, s.orderId);
    const confirm = await post(t, staff, `/api/staff/payments/${payment.id}/confirm/`);
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json()).toEqual({ detail: `Order ${order.order_number} is cancelled; its payments can no longer be confirmed.` });
  });
});

describe("a payment is decided only against the quote that binds its order", () => {
  it("refuses a payment whose quote no longer binds the order", async () => {
    const { s, quote, payment } = await declaredAdvance();
    await t.database.db.execute(sql`update quotes set status = 'expired' where id = ${quote.id}`);
    const { order_number } = await getOrder(t, staff, s.orderId);
    const confirm = await post(t, staff, `/api/staff/payments/${payment.id}/confirm/`);
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json()).toEqual({
      detail: `This payment was declared for a quote that no longer applies to order ${order_number}. It can no longer be confirmed.`,
    });
    expect((await getOrder(t, staff, s.orderId)).status).toBe("quoted");
  });
});

describe("every refusal of a quote says its true reason", () => {
  it("accepting the quote of a cancelled order says the order is cancelled", async () => {
    const s = await submitDesign(t);
    const quote = await issueQuote(t, staff, s.orderId, { valid_days: 30 });
    await post(t, s.customer.token, `/api/orders/${s.orderId}/cancel/`, { reason: "" });
    const { order_number } = await getOrder(t, s.customer.token, s.orderId);
    const accept = await post(t, s.customer.token, `/api/quotes/${quote.id}/accept/`);
    expect(accept.statusCode).toBe(409);
    expect(accept.json()).toEqual({ detail: `Order ${order_number} is cancelled; its quote can no longer be accepted.` });
    const decline = await post(t, s.customer.token, `/api/quotes/${quote.id}/decline/`, { reason: "x" });
    expect(decline.json()).toEqual({ detail: `Order ${order_number} is cancelled; its quote can no longer be declined.` });
  });

  it("accepting a replaced quote says it was replaced, not that it expired on a future date", async () => {
    const s = await submitDesign(t);
    const first = await issueQuote(t, staff, s.orderId, { valid_days: 30 });
    await issueQuote(t, staff, s.orderId, { valid_days: 30 });
    const { order_number } = await getOrder(t, s.customer.token, s.orderId);
    const accept = await post(t, s.customer.token, `/api/quotes/${first.id}/accept/`);
    expect(accept.statusCode).toBe(409);
    const today = t.clock.now().toISOString().slice(0, 10);
    expect(accept.json()).toEqual({
      detail: `This quote was replaced by a newer one on ${today}. Open order ${order_number} to answer the current quote.`,
    });
  });

  it("a quote valid until 9999-12-31 is refused with the documented limit; valid_days says its range", async () => {
    const s = await submitDesign(t);
    const url = `/api/staff/orders/${s.orderId}/quotes/`;
    const lines = [{ label: "Ring", amount: "1000.00" }];
    const far = await post(t, staff, url, { line_items: lines, valid_until: "9999-12-31T00:00:00Z" });
    expect(far.statusCode).toBe(400);
    const latest = new Date(t.clock.now().getTime() + 365 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    expect(far.json()).toEqual({ valid_until: [`A quote can be valid for at most 365 days: choose a date up to ${latest}.`] });
    const days = await post(t, staff, url, { line_items: lines, valid_days: 400 });
    expect(days.statusCode).toBe(400);
    expect(days.json()).toEqual({ valid_days: ["Enter a number of days from 1 to 365."] });
    const inAYear = new Date(t.clock.now().getTime() + 364 * 24 * 3600 * 1000).toISOString();
    expect((await post(t, staff, url, { line_items: lines, valid_until: inAYear })).statusCode).toBe(201);
  });

  it("a negative amount is refused for being negative, not for its decimals", async () => {
    const s = await submitDesign(t);
    const res = await post(t, staff, `/api/staff/orders/${s.orderId}/quotes/`, {
      line_items: [
        { label: "Ring", amount: "1000.00" },
        { label: "Discount", amount: "-50" },
      ],
      amount: -950,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      amount: ["Enter an amount of zero or more; it cannot be negative."],
      "line_items.1.amount": ["Enter an amount of zero or more; it cannot be negative."],
    });
  });
});
