import type { Ledger } from "@atelier/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payments } from "../../db/schema/index.ts";
import { authedInject, buildTestApp, type TestApp } from "../../test/helpers.ts";
import { getOrder, post, staffToken, submitDesign, toApproved } from "../orders/test-support.ts";
import { csvCell } from "../../lib/csv.ts";
import { paidOrder, refund } from "./test-support.ts";

/** The staff payments ledger: payments and refunds across orders, filters, exact totals per currency, CSV. */

let t: TestApp;
let staff: string;
let customer: string;
let inrOrder: string;
let flaggedOrder: string;

const get = (url: string, token = staff) => authedInject(t, token, { method: "GET", url });
const ledger = async (query = "") => {
  const res = await get(`/api/staff/payments/${query}`);
  expect(res.statusCode).toBe(200);
  return res.json<Ledger>();
};

beforeAll(async () => {
  t = await buildTestApp();
  staff = await staffToken(t);
  // INR: 50 000.00 received, cancelled, 1 234.56 refunded by hand (its reason would be a formula in a spreadsheet).
  const a = await paidOrder(t, staff);
  inrOrder = a.order.order_number;
  customer = a.s.customer.token;
  t.clock.advance(60_000);
  const r = await refund(t, staff, a.s.orderId, {
    payment_id: a.paymentId,
    amount: "1234.56",
    reason: '=HYPERLINK("http://evil"),"x"',
    reference: "+NEFT-77",
  });
  expect(r.statusCode).toBe(201);
  // USD (the default quote): 50 000.00 received, still running.
  t.clock.advance(60_000);
  const b = await submitDesign(t);
  await toApproved(t, staff, b);
  // INR through Razorpay, captured with the wrong amount: flagged, never accepted.
  t.clock.advance(60_000);
  const c = await paidOrder(t, staff, { cancel: false, provider: "razorpay" });
  flaggedOrder = c.order.order_number;
  await t.database.db
    .update(payments)
    .set({ status: "flagged", flagReason: "Captured ₹49,000.00, ₹50,000.00 was due." })
    .where(eq(payments.id, c.paymentId));
});
afterAll(async () => {
  await t.close();
});

describe("GET /api/staff/payments/", () => {
  it("lists payments and refunds, newest first, with totals per currency computed exactly", async () => {
    const all = await ledger();
    expect(all.count).toBe(4);
    expect(all.results.map((e) => [e.entry, e.currency, e.status])).toEqual([
      ["payment", "INR", "flagged"],
      ["payment", "USD", "confirmed"],
      ["refund", "INR", "succeeded"],
      ["payment", "INR", "confirmed"],
    ]);
    expect(all.results[0]).toMatchObject({
      entry: "payment",
      order_number: flaggedOrder,
      status: "flagged",
      method: "razorpay",
      note: "Captured ₹49,000.00, ₹50,000.00 was due.",
    });
    const refundRow = all.results.find((e) => e.entry === "refund");
    expect(refundRow).toMatchObject({
      order_number: inrOrder,
      amount: "1234.56",
      currency: "INR",
      status: "succeeded",
      reference: "+NEFT-77",
      payment_kind: "advance",
      method: "manual",
    });
    expect(refundRow?.customer.email).toMatch(/@/);
    expect(all.totals).toEqual([
      { currency: "INR", received: "51500.00", refunded: "1234.56", net: "50265.44", refund_pending: "0.00", flagged_count: 1 },
      { currency: "USD", received: "50000.00", refunded: "0.00", net: "50000.00", refund_pending: "0.00", flagged_count: 0 },
    ]);
  });

  it("filters by status, method, flagged and date range; the totals follow the filters", async () => {
    const flagged = await ledger("?flagged=true");
    expect(flagged.results.map((e) => e.order_number)).toEqual([flaggedOrder]);
    expect(flagged.totals).toEqual([
      { currency: "INR", received: "0.00", refunded: "0.00", net: "0.00", refund_pending: "0.00", flagged_count: 1 },
    ]);

    const razorpay = await ledger("?method=razorpay");
    expect(razorpay.count).toBe(1);
    const manual = await ledger("?method=manual");
    expect(manual.count).toBe(3);
    const succeeded = await ledger("?status=succeeded");
    expect(succeeded.results.map((e) => e.entry)).toEqual(["refund"]);
    expect(succeeded.totals).toEqual([
      { currency: "INR", received: "0.00", refunded: "1234.56", net: "-1234.56", refund_pending: "0.00", flagged_count: 0 },
    ]);

    const days = (await ledger()).results.map((e) => e.created_at.slice(0, 10)).sort();
    const tomorrow = new Date(t.clock.now().getTime() + 86_400_000).toISOString().slice(0, 10);
    expect((await ledger(`?from=${days[0]}&to=${days.at(-1)}`)).count).toBe(4);
    const later = await ledger(`?from=${tomorrow}`);
    expect(later).toMatchObject({ count: 0, results: [], totals: [] });

    const bad = await get("/api/staff/payments/?method=cash&from=26-11-2026");
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ detail: "Invalid request parameters." });
  });

  it("pages like other staff lists", async () => {
    const first = await ledger("?page=1");
    expect(first.next).toBeNull();
    expect((await get("/api/staff/payments/?page=2")).statusCode).toBe(404);
  });

  it("is staff-only", async () => {
    expect((await get("/api/staff/payments/", customer)).statusCode).toBe(403);
    expect((await get("/api/staff/payments/export.csv", customer)).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/api/staff/payments/" })).statusCode).toBe(401);
  });
});

describe("GET /api/staff/payments/export.csv", () => {
  it("exports the filtered entries, escaped, with formula cells neutralised and refunds negative", async () => {
    const res = await get("/api/staff/payments/export.csv?method=manual&currency=INR");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="payments.csv"');
    const lines = res.body.trimEnd().split("\r\n");
    expect(lines[0]).toBe("Date,Entry,Order,Customer,Customer e-mail,Payment,Method,Status,Currency,Amount,Reference,Note,Settled");
    expect(lines).toHaveLength(4);
    const refundLine = lines.find((l) => l.includes(",refund,"));
    expect(refundLine).toContain(`,refund,${inrOrder},`);
    expect(refundLine).toContain(`,advance,manual,succeeded,INR,-1234.56,'+NEFT-77,"'=HYPERLINK(""http://evil""),""x""",`);
    expect(res.body).not.toContain(flaggedOrder);
  });

  it("csvCell quotes separators and neutralises formulas", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("line\nbreak")).toBe('"line\nbreak"');
    expect(csvCell("=1+1")).toBe("'=1+1");
    expect(csvCell("-5")).toBe("'-5");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tx")).toBe("'\tx");
    expect(csvCell("-5.00", { number: true })).toBe("-5.00");
  });
});

it("the order page still shows the refund the ledger lists", async () => {
  const list = await ledger("?status=succeeded");
  const order = await getOrder(t, staff, list.results[0]?.order_id ?? "");
  expect(order.refunds.map((r) => r.id)).toEqual([list.results[0]?.id]);
  expect(post).toBeDefined();
});
