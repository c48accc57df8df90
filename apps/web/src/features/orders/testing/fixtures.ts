import type { DashboardData, Estimate, Order, OrderSummary, Quote } from "@atelier/contract";
import { makeDesignDetails } from "@/test/design-details";

const day = 24 * 3600 * 1000;
export const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

export function makeEstimate(overrides: Partial<Estimate> = {}): Estimate {
  return {
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
    pricing_version: 1,
    ...overrides,
  };
}

export function makeQuote(overrides: Partial<Quote> = {}): Quote {
  return {
    id: "q1",
    order_id: "o1",
    order_number: "JW-2026-000123",
    design_name: "Garden ring",
    amount: "1250.00",
    currency: "USD",
    line_items: [
      { label: "Metal", amount: "550.00" },
      { label: "Stones", amount: "500.00" },
      { label: "Labour", amount: "200.00" },
    ],
    advance_percent: 50,
    advance_amount: "625.00",
    balance_amount: "625.00",
    valid_until: new Date(Date.now() + 14 * day).toISOString(),
    note: "",
    status: "pending",
    decline_reason: "",
    created_at: ago(day),
    responded_at: null,
    tax: null,
    ...overrides,
  };
}

export function makeOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: "o1",
    order_number: "JW-2026-000123",
    status: "initiated",
    progress: 10,
    quoted_price: null,
    currency: "USD",
    order_type: "Custom design",
    created_at: ago(3 * day),
    updated_at: ago(2 * 3600 * 1000),
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
    estimate: makeEstimate(),
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
    events: [],
    shipment: null,
    delivery_address: null,
    billing_address: null,
    cancel_reason: "",
    ...overrides,
  };
}

export function makeOrderSummary(overrides: Partial<OrderSummary> = {}): OrderSummary {
  return {
    id: "o1",
    order_number: "JW-2026-000123",
    status: "quoted",
    design_id: "d1",
    design_name: "Garden ring",
    design_type: "ring",
    thumbnail: null,
    quoted_price: "1250.00",
    currency: "USD",
    estimate_point: "1240.00",
    created_at: ago(day),
    updated_at: ago(day),
    ...overrides,
  };
}

export function makeDashboardData(overrides: Partial<DashboardData> = {}): DashboardData {
  return {
    total_orders: 5,
    active_orders: 3,
    total_designs: 7,
    order_stats: [],
    recent_orders: [],
    activity_items: [],
    notifications: [],
    unread_notifications: 0,
    ...overrides,
  };
}

export const page = <T>(results: T[], count = results.length) => ({ count, next: null, previous: null, results });
