import type { Order, Payment, StaffQueueCounts } from "@atelier/contract";
import type { StaffOrderSummary } from "../api/get-queue";
import { makeDesignDetails } from "@/test/design-details";

export const HOUR = 3600 * 1000;
export const DAY = 24 * HOUR;
export const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

const customer = { id: "c1", first_name: "Meera", last_name: "Iyer", email: "meera@example.com", phone_number: "+91 98200 12345" };

export function makeOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: "o1",
    order_number: "JW-2026-000123",
    status: "initiated",
    progress: 10,
    quoted_price: null,
    currency: "USD",
    order_type: "Custom design",
    created_at: ago(3 * DAY),
    updated_at: ago(2 * HOUR),
    design: {
      id: "d1",
      name: "Garden ring",
      design_type: "ring",
      metal: "18K Yellow Gold",
      stones: "1 × Diamond 0.50 ct G VS1",
      size: "7",
      description: "An emerald-cut solitaire.",
      images: [{ id: "i1", image: "/files/i1.png", thumbnail: "/files/i1-t.png" }],
      source: "custom",
      inspiration_link: "",
      details: makeDesignDetails({
        metal_type: "gold",
        metal_color: "yellow",
        purity: "18K",
        stones: [{ id: "s1", stone_type: "Diamond", stone_cut: "NA", stone_carat: 0.5, stone_color: "G", stone_clarity: "VS1", position: "", quantity: 1 }],
        ring_size: "7",
      }),
    },
    estimate: {
      currency: "USD",
      low: "1100.00",
      point: "1240.00",
      high: "1400.00",
      lines: [
        { label: "Metal: 18K gold, 4.5 g", amount: "540.00" },
        { label: "Stones: 1 × diamond 0.5 ct", amount: "500.00" },
        { label: "Labour and setting", amount: "200.00" },
      ],
      retail_price: null,
      savings_percent: null,
      assumptions: [],
      pricing_version: 3,
    },
    cad_designs: [],
    certificates: [],
    comments: [],
    quotes: [],
    payments: [],
    amount_paid: "0.00",
    amount_refunded: "0.00",
    refunds: [],
    balance_due: null,
    payment_due: null,
    events: [{ id: "e1", type: "created", from_status: null, to_status: "initiated", note: "", actor: null, created_at: ago(3 * DAY) }],
    shipment: null,
    delivery_address: null,
    billing_address: null,
    cancel_reason: "",
    customer,
    ...overrides,
  };
}

export function makePayment(overrides: Partial<Payment> = {}): Payment {
  return {
    id: "p1",
    order_id: "o1",
    kind: "advance",
    amount: "625.00",
    currency: "USD",
    provider: "bank_transfer",
    reference: "UTR-889911",
    status: "pending",
    rejection_reason: "",
    failure_reason: "",
    flag_reason: "",
    created_at: ago(HOUR),
    decided_at: null,
    ...overrides,
  };
}

export function makeRow(overrides: Partial<StaffOrderSummary> = {}): StaffOrderSummary {
  return {
    id: "o1",
    order_number: "JW-2026-000123",
    status: "initiated",
    design_id: "d1",
    design_name: "Garden ring",
    design_type: "ring",
    thumbnail: null,
    quoted_price: null,
    currency: "USD",
    estimate_point: "1240.00",
    created_at: ago(3 * DAY),
    updated_at: ago(3 * DAY),
    customer,
    status_since: ago(3 * HOUR),
    ...overrides,
  };
}

export const counts: StaffQueueCounts = {
  groups: [
    { key: "new", label: "New", count: 4 },
    { key: "awaiting_customer", label: "Awaiting customer", count: 2 },
    { key: "payments", label: "Payments to confirm", count: 1 },
    { key: "cad_review", label: "CAD awaiting approval", count: 0 },
    { key: "production", label: "In production", count: 7 },
    { key: "ready_to_ship", label: "Ready to ship", count: 3 },
  ],
};
