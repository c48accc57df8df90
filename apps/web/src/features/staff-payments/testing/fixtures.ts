import type { Ledger, LedgerEntry } from "@atelier/contract";

export function makeEntry(overrides: Partial<LedgerEntry> = {}): LedgerEntry {
  return {
    entry: "payment",
    id: "p1",
    order_id: "o1",
    order_number: "JW-2026-000123",
    customer: { id: "c1", name: "Meera Iyer", email: "meera@example.com" },
    payment_kind: "advance",
    method: "manual",
    status: "confirmed",
    amount: "50000.00",
    currency: "INR",
    reference: "UTR-1",
    note: "",
    created_at: "2026-11-20T10:00:00Z",
    settled_at: "2026-11-20T12:00:00Z",
    ...overrides,
  };
}

export const flagged = makeEntry({
  id: "p2",
  order_id: "o2",
  order_number: "JW-2026-000124",
  method: "razorpay",
  status: "flagged",
  amount: "49000.00",
  reference: "pay_ABC",
  note: "Captured ₹49,000.00, ₹50,000.00 was due.",
});

export const refunded = makeEntry({
  entry: "refund",
  id: "r1",
  status: "succeeded",
  amount: "1234.56",
  reference: "NEFT-77",
  note: "Design fee kept",
});

export function ledger(results: LedgerEntry[], overrides: Partial<Ledger> = {}): Ledger {
  return {
    count: results.length,
    next: null,
    previous: null,
    results,
    totals: [
      { currency: "INR", received: "50000.00", refunded: "1234.56", net: "48765.44", refund_pending: "0.00", flagged_count: 1 },
      { currency: "USD", received: "625.00", refunded: "0.00", net: "625.00", refund_pending: "0.00", flagged_count: 0 },
    ],
    ...overrides,
  };
}
