import { describe, expect, it } from "vitest";
import { canRefund, ledgerQuerySchema, refundableOf, refundInputSchema, withinRefundable } from "./refunds.ts";

const payment = { id: "p1", amount: "50000.00", status: "confirmed" };
const r = (amount: string, status: "pending" | "succeeded" | "failed", payment_id = "p1") => ({ payment_id, amount, status });

describe("refundableOf", () => {
  it("is the amount less every refund of that payment that did not fail, exact to the cent", () => {
    expect(refundableOf(payment, [])).toBe("50000.00");
    expect(
      refundableOf(payment, [r("12345.67", "succeeded"), r("0.01", "pending"), r("999.99", "failed"), r("10.00", "succeeded", "p2")]),
    ).toBe("37654.32");
    expect(refundableOf(payment, [r("50000.00", "succeeded")])).toBe("0.00");
  });

  it("canRefund: confirmed once the order is cancelled, flagged at any time, and only with something left", () => {
    expect(canRefund({ status: "manufacturing", refunds: [] }, payment)).toBe(false);
    expect(canRefund({ status: "cancelled", refunds: [] }, payment)).toBe(true);
    expect(canRefund({ status: "cancelled", refunds: [r("50000.00", "pending")] }, payment)).toBe(false);
    expect(canRefund({ status: "manufacturing", refunds: [] }, { ...payment, status: "flagged" })).toBe(true);
    expect(canRefund({ status: "cancelled", refunds: [] }, { ...payment, status: "void" })).toBe(false);
    expect(withinRefundable("0.00", "10.00")).toBe(false);
    expect(withinRefundable("10.00", "10.00")).toBe(true);
    expect(withinRefundable("10.01", "10.00")).toBe(false);
  });
});

describe("refundInputSchema", () => {
  it("normalises the amount and asks for a reason", () => {
    const id = "7a0d1c4e-0000-4000-8000-000000000001";
    expect(refundInputSchema.parse({ payment_id: id, amount: 12.5, reason: " Goodwill " })).toEqual({
      payment_id: id,
      amount: "12.50",
      reason: "Goodwill",
      reference: "",
    });
    const bad = refundInputSchema.safeParse({ payment_id: id, amount: "0", reason: "" });
    expect(bad.success ? [] : bad.error.issues.map((i) => i.message)).toEqual([
      "Enter an amount greater than zero.",
      "Say why the money is refunded.",
    ]);
  });

  it("ledger filters accept known values and ISO days only", () => {
    expect(ledgerQuerySchema.parse({ status: "flagged", method: "stripe", from: "2026-04-01", flagged: "true" })).toMatchObject({
      page: 1,
      status: "flagged",
    });
    expect(ledgerQuerySchema.safeParse({ method: "cash" }).success).toBe(false);
    expect(ledgerQuerySchema.safeParse({ from: "01/04/2026" }).success).toBe(false);
  });
});
