import { describe, expect, it } from "vitest";
import {
  ACTIVE_ORDER_STATUSES,
  ORDER_STATUS_WAITS_ON,
  orderWaits,
  unquotedPriceText,
  ORDER_EVENT_INFO,
  ORDER_EVENT_TYPES,
  ORDER_STATUSES,
  ORDER_STATUS_INFO,
  canTransition,
  orderEventTitle,
  orderProgress,
  type OrderEventType,
  type OrderStatus,
} from "./orders.ts";

describe("order status table", () => {
  it("has the spec's progress percentages in order", () => {
    expect(ORDER_STATUSES.map((s) => ORDER_STATUS_INFO[s].progress)).toEqual([10, 20, 30, 40, 50, 60, 70, 80, 90, 95, 100, 0]);
  });

  it("allows only the listed transitions", () => {
    expect(canTransition("initiated", "quoted")).toBe(true);
    expect(canTransition("quality_check", "manufacturing")).toBe(true);
    expect(canTransition("shipped", "cancelled")).toBe(false);
    expect(canTransition("completed", "initiated")).toBe(false);
  });
});

describe("order events and progress, as every screen and the PDF name them", () => {
  const event = (type: OrderEventType, from: OrderStatus | null = null, to: OrderStatus | null = null) => ({ type, from_status: from, to_status: to });

  it("names an event for staff and for the customer", () => {
    expect(orderEventTitle(event("payment_declared"), "staff")).toBe("Payment declared");
    expect(orderEventTitle(event("payment_declared"), "customer")).toBe("Payment reference sent");
    expect(orderEventTitle(event("cad_uploaded"), "customer")).toBe("CAD design uploaded");
    expect(orderEventTitle(event("status_change", "manufacturing", "quality_check"), "staff")).toBe("Manufacturing → Quality Check");
    expect(orderEventTitle(event("status_change", null, "initiated"), "customer")).toBe("Initiated");
    for (const type of ORDER_EVENT_TYPES) expect(ORDER_EVENT_INFO[type].label).not.toBe("");
  });

  it("shows the server's progress, else the status's, and none once cancelled", () => {
    expect(orderProgress({ status: "manufacturing", progress: 65 })).toBe(65);
    expect(orderProgress({ status: "manufacturing", progress: 0 })).toBe(60);
    expect(orderProgress({ status: "cancelled", progress: 40 })).toBe(0);
  });
});

describe("whom an order waits on, and what its price reads without a quote", () => {
  it("a completed or cancelled order waits on nobody; every other status waits on someone", () => {
    expect(orderWaits("completed")).toBe(false);
    expect(orderWaits("cancelled")).toBe(false);
    for (const status of ACTIVE_ORDER_STATUSES) expect(orderWaits(status)).toBe(true);
    expect(ORDER_STATUS_WAITS_ON).toMatchObject({ initiated: "atelier", quoted: "customer", cad_design: "customer", shipped: "carrier", delivered: "customer" });
  });

  it("only an order still to be priced is 'Awaiting quote'", () => {
    expect(unquotedPriceText("initiated")).toBe("Awaiting quote");
    expect(unquotedPriceText("cancelled")).toBe("Not quoted");
  });
});
