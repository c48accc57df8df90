import { describe, expect, it } from "vitest";
import { ORDER_STATUSES, ORDER_STATUS_INFO, canTransition } from "./orders.ts";

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
