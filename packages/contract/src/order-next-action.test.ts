import { describe, expect, it } from "vitest";
import type { CadDesign, PaymentDue, Quote } from "./lifecycle.ts";
import { currentQuoteOf, orderNextAction, orderShowsBalance } from "./order-next-action.ts";
import { ORDER_STATUSES, type OrderStatus } from "./orders.ts";

const quote = (id: string, status: Quote["status"], created_at: string) => ({ id, status, created_at }) as Quote;
const due = (kind: PaymentDue["kind"], amount: string, awaiting = false): PaymentDue => ({
  kind,
  amount,
  currency: "INR",
  instructions: { lines: [], upi_id: null },
  awaiting_confirmation: awaiting,
});
const cad = (version: number, status: CadDesign["status"]) => ({ id: `c${version}`, version, status }) as CadDesign;
const order = (status: OrderStatus, more: Partial<Parameters<typeof orderNextAction>[0]> = {}) => ({
  status,
  quotes: [] as Quote[],
  payment_due: null,
  cad_designs: [] as CadDesign[],
  ...more,
});
const title = (...args: Parameters<typeof order>) => orderNextAction(order(...args)).title;

describe("the quote that governs an order", () => {
  it("is the pending one, else the accepted one, else the newest", () => {
    const old = quote("q1", "declined", "2026-01-01T00:00:00Z");
    const accepted = quote("q2", "accepted", "2026-01-02T00:00:00Z");
    const expired = quote("q3", "expired", "2026-01-03T00:00:00Z");
    const pending = quote("q4", "pending", "2026-01-01T12:00:00Z");
    expect(currentQuoteOf([old, accepted, expired, pending])?.id).toBe("q4");
    expect(currentQuoteOf([old, accepted, expired])?.id).toBe("q2");
    expect(currentQuoteOf([old, expired])?.id).toBe("q3");
    expect(currentQuoteOf([])).toBeUndefined();
  });
});

describe("when the balance shows", () => {
  it("only once the CAD is approved, and never on a cancelled order", () => {
    expect(ORDER_STATUSES.filter(orderShowsBalance)).toEqual(["cad_approved", "manufacturing", "quality_check", "ready_to_ship", "shipped", "delivered", "completed"]);
  });
});

describe("the order's next action", () => {
  it("asks to answer a pending quote", () => {
    const pending = quote("q1", "pending", "2026-01-01T00:00:00Z");
    const next = orderNextAction(order("quoted", { quotes: [pending] }));
    expect(next).toEqual({ kind: "accept_quote", title: "Accept the quote", quote: pending });
  });

  it("asks for the advance once the quote is accepted, then waits while it is confirmed", () => {
    const quotes = [quote("q1", "accepted", "2026-01-01T00:00:00Z")];
    const next = orderNextAction(order("quoted", { quotes, payment_due: due("advance", "50000.00") }));
    expect(next.kind).toBe("pay");
    expect(next.title).toBe("Pay the advance of ₹50,000.00");
    expect(title("quoted", { quotes, payment_due: due("advance", "50000.00", true) })).toBe("Nothing to do: we are confirming your advance payment");
    expect(orderNextAction(order("quoted", { quotes, payment_due: due("advance", "50000.00", true) }))).toMatchObject({ kind: "wait", waitsOn: "atelier" });
  });

  it("does not ask for the balance before the CAD is approved", () => {
    expect(title("approved", { payment_due: due("balance", "50000.00") })).toBe("Nothing to do: your designer is preparing your CAD design");
    expect(title("cad_design", { payment_due: due("balance", "50000.00"), cad_designs: [cad(1, "superseded"), cad(2, "pending_approval")] })).toBe("Review CAD version 2");
    expect(title("cad_design", { payment_due: due("balance", "50000.00"), cad_designs: [cad(1, "superseded")] })).toBe("Nothing to do: your designer is preparing a new CAD version");
  });

  it("asks for the balance from CAD approval on, and waits while it is confirmed", () => {
    expect(title("cad_approved", { payment_due: due("balance", "1234567.50") })).toBe("Pay the balance of ₹12,34,567.50");
    expect(title("quality_check", { payment_due: due("balance", "50000.00") })).toBe("Pay the balance of ₹50,000.00");
    expect(title("manufacturing", { payment_due: due("balance", "50000.00", true) })).toBe("Nothing to do: we are confirming your balance payment");
    expect(title("manufacturing")).toBe("Nothing to do: your piece is in production");
    expect(title("quality_check")).toBe("Nothing to do: your piece is in its final quality check");
    expect(title("ready_to_ship")).toBe("Nothing to do: your piece is ready and ships soon");
  });

  it("reads every other status as whom the order waits on", () => {
    expect(orderNextAction(order("initiated"))).toEqual({ kind: "wait", title: "Nothing to do: your jeweller is preparing your quote", waitsOn: "atelier" });
    // A quote that expired before the customer answered: a new one is on its way.
    expect(orderNextAction(order("quoted", { quotes: [quote("q1", "expired", "2026-01-01T00:00:00Z")] }))).toMatchObject({
      title: "Nothing to do: your jeweller is preparing a new quote",
      waitsOn: "atelier",
    });
    expect(orderNextAction(order("shipped"))).toEqual({ kind: "wait", title: "Nothing to do: your piece is on its way", waitsOn: "carrier" });
    expect(orderNextAction(order("delivered"))).toEqual({ kind: "confirm_delivery", title: "Confirm that your piece arrived" });
    expect(orderNextAction(order("completed"))).toEqual({ kind: "wait", title: "Nothing to do: your order is complete", waitsOn: null });
    // A cancelled order asks for nothing, even with a payment still recorded as due.
    expect(orderNextAction(order("cancelled", { payment_due: due("advance", "100.00") }))).toEqual({ kind: "wait", title: "Nothing to do: this order was cancelled", waitsOn: null });
  });

  it("has a next action for every status", () => {
    for (const s of ORDER_STATUSES) expect(title(s)).not.toBe("");
  });
});
