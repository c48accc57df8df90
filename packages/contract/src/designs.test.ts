import { describe, expect, it } from "vitest";
import { DESIGN_LIMITS, designInputSchema } from "./designs.ts";
import { estimateRefusal, type Estimate } from "./pricing.ts";

const base = { name: "Ring", description: "A ring." };
const errorsOf = (data: object) => {
  const parsed = designInputSchema.safeParse({ ...base, ...data });
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join("."), i.message]));
};

describe("design figures", () => {
  it("takes each figure at its limit, from numbers or form strings", () => {
    expect(errorsOf({ weight: DESIGN_LIMITS.weight, band_width: String(DESIGN_LIMITS.band_width), budget: DESIGN_LIMITS.budget })).toEqual({});
    expect(errorsOf({ stones: [{ stone_carat: DESIGN_LIMITS.stone_carat, quantity: String(DESIGN_LIMITS.quantity) }] })).toEqual({});
  });

  it("refuses a figure beyond its limit or below zero, with the field's message", () => {
    expect(errorsOf({ weight: 1_000_000, length: "1500.01", height: -1, stones: [{ stone_carat: 1000, quantity: 1_000_000 }] })).toEqual({
      weight: "Ensure this value is less than or equal to 2000.",
      length: "Ensure this value is less than or equal to 1500.",
      height: "Ensure this value is greater than or equal to 0.",
      "stones.0.stone_carat": "Ensure this value is less than or equal to 500.",
      "stones.0.quantity": "Ensure this value is less than or equal to 2000.",
    });
  });
});

describe("estimateRefusal", () => {
  const estimate: Estimate = {
    currency: "USD",
    low: "90.00",
    point: "100.00",
    high: "115.00",
    lines: [{ label: "Metal", amount: "100.00" }],
    retail_price: null,
    savings_percent: null,
    assumptions: [],
    pricing_version: 1,
  };
  const refusal = "The estimate of this design comes to more than 100,000,000 USD: check the weight, the carats and the number of stones.";

  it("passes an estimate up to the ceiling", () => {
    expect(estimateRefusal(estimate)).toBeNull();
    expect(estimateRefusal({ ...estimate, high: "100000000.00" })).toBeNull();
  });

  it("refuses one beyond the ceiling, or one the API cannot carry", () => {
    expect(estimateRefusal({ ...estimate, high: "100000000.01" })).toBe(refusal);
    expect(estimateRefusal({ ...estimate, point: "11400000000.00", lines: [{ label: "Metal", amount: "11400000000.00" }] })).toBe(refusal);
  });
});
