import { describe, expect, it } from "vitest";
import { DESIGN_LIMITS, designEstimateRequestSchema, designInputSchema } from "./designs.ts";
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

describe("designEstimateRequestSchema", () => {
  it("takes the custom form's fields without a name or description yet, and drops image removals", () => {
    const parsed = designEstimateRequestSchema.parse({ source: "custom", metal_type: "gold", purity: "18K", weight: "4.5", remove_image_ids: ["x"] });
    expect(parsed).toMatchObject({ source: "custom", name: "", description: "", metal_type: "gold", purity: "18K", weight: 4.5, currency: "INR", stones: [] });
    expect(parsed).not.toHaveProperty("remove_image_ids");
  });

  it("takes a link save's JSON and drops its photos", () => {
    const parsed = designEstimateRequestSchema.parse({ source: "link", name: "Halo", metal: "18K Rose Gold", budget: "1299 USD", image_urls: ["https://shop.example.com/a.jpg"] });
    expect(parsed).toMatchObject({ source: "link", name: "Halo", design_type: "other", metal: "18K Rose Gold", budget: "1299 USD" });
    expect(parsed).not.toHaveProperty("image_urls");
  });

  it("refuses a body without a known source, and the custom form's figures as the form does", () => {
    expect(designEstimateRequestSchema.safeParse({ metal: "18K Gold" }).success).toBe(false);
    expect(designEstimateRequestSchema.safeParse({ source: "photo" }).success).toBe(false);
    const tooHeavy = designEstimateRequestSchema.safeParse({ source: "custom", weight: DESIGN_LIMITS.weight + 1 });
    expect(tooHeavy.success ? [] : tooHeavy.error.issues.map((i) => [i.path.join("."), i.message])).toEqual([["weight", `Ensure this value is less than or equal to ${DESIGN_LIMITS.weight}.`]]);
  });
});
