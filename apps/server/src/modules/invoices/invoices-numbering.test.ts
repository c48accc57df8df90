import type { Payment, TaxDocumentList } from "@atelier/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authedInject, buildTestApp, FakeClock, type TestApp } from "../../test/helpers.ts";
import { issueQuote, post, staffToken, submitDesign } from "../orders/test-support.ts";

// Its own app (and database), so the invoice counter starts at zero.
let t: TestApp;
let staff: string;

beforeAll(async () => {
  t = await buildTestApp({
    clock: new FakeClock(new Date("2026-11-26T06:00:00Z")),
    env: { SELLER_STATE: "Maharashtra", SELLER_GSTIN: "27AAECA1234F1Z6" },
  });
  staff = await staffToken(t);
});
afterAll(async () => {
  await t.close();
});

describe("gapless numbering under concurrency", () => {
  it("20 orders confirmed at once get INV/2026-27/000001 to 000020: no gap, no duplicate, one per payment", async () => {
    const declared: { orderId: string; token: string; paymentId: string }[] = [];
    for (let i = 0; i < 20; i++) {
      const s = await submitDesign(t);
      const quote = await issueQuote(t, staff, s.orderId, { currency: "INR" });
      await post(t, s.customer.token, `/api/quotes/${quote.id}/accept/`);
      const res = await post(t, s.customer.token, `/api/orders/${s.orderId}/payments/`, { kind: "advance", reference: `UTR-${i}` });
      expect(res.statusCode, res.body).toBe(201);
      declared.push({ orderId: s.orderId, token: s.customer.token, paymentId: res.json<Payment>().id });
    }

    const confirms = await Promise.all(declared.map((d) => post(t, staff, `/api/staff/payments/${d.paymentId}/confirm/`)));
    expect(confirms.map((r) => r.statusCode)).toEqual(Array(20).fill(200));

    const numbers: string[] = [];
    for (const d of declared) {
      const res = await authedInject(t, d.token, { method: "GET", url: `/api/orders/${d.orderId}/invoices/` });
      const list = res.json<TaxDocumentList>();
      expect(list.count).toBe(1);
      numbers.push(list.results[0]?.number ?? "");
    }
    expect(numbers.sort()).toEqual(Array.from({ length: 20 }, (_, i) => `INV/2026-27/${String(i + 1).padStart(6, "0")}`));
  });
});
