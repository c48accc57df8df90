import { describe, expect, it } from "vitest";
import { budgetRangeText, designFieldGroups, dimensionsText, emptyDesignDetails, stoneLines } from "./design-fields.ts";
import type { DesignDetails } from "./designs.ts";

const money = { money: (amount: number, currency: string) => `${currency} ${amount.toFixed(2)}` };
const stone = { id: "s1", stone_type: "Diamond", stone_cut: "NA", stone_carat: 0.5, stone_color: "G", stone_clarity: "VS1", position: "", quantity: 2 };

function details(overrides: Partial<DesignDetails> = {}): DesignDetails {
  return { ...emptyDesignDetails("INR"), ...overrides };
}

const full = details({
  metal_type: "gold",
  metal_color: "rose",
  purity: "18K",
  weight: 4.5,
  style: "Vintage",
  setting_type: "Halo",
  band_width: 2.5,
  design_features: "Engraving inside: “Always, M.”",
  stones: [stone, { ...stone, id: "s2", stone_type: "Sapphire", stone_cut: "Oval", stone_carat: null, stone_color: "", stone_clarity: "", position: "Halo", quantity: 12 }],
  length: 20,
  width: 15.5,
  size: "Medium",
  ring_size: "US 6.5",
  chain_length: "18 inches",
  budget: 75000,
  budget_range: "70,000 - 90,000",
  special_requests: "Keep the halo low",
});

describe("designFieldGroups", () => {
  it("gives every filled field under the custom form's section titles, in the form's order", () => {
    expect(designFieldGroups(full, money)).toEqual([
      {
        id: "metal",
        title: "Metal",
        rows: [
          { label: "Metal", value: "Gold" },
          { label: "Color", value: "Rose" },
          { label: "Purity", value: "18K" },
          { label: "Weight", value: "4.5 g" },
        ],
      },
      {
        id: "details",
        title: "Design details",
        rows: [
          { label: "Style", value: "Vintage" },
          { label: "Setting type", value: "Halo" },
          { label: "Band width", value: "2.5 mm" },
          { label: "Design features", value: "Engraving inside: “Always, M.”" },
        ],
      },
      {
        id: "stones",
        title: "Stones",
        rows: [
          { label: "Stone 1", value: "2 × Diamond · 0.5 ct · G · VS1" },
          { label: "Stone 2", value: "12 × Sapphire · Oval · Halo" },
        ],
      },
      {
        id: "size",
        title: "Size & dimensions",
        rows: [
          { label: "Dimensions", value: "L 20 × W 15.5 mm" },
          { label: "Size", value: "Medium" },
          { label: "Ring size", value: "US 6.5" },
          { label: "Chain length", value: "18 inches" },
        ],
      },
      {
        id: "budget",
        title: "Budget & requests",
        rows: [
          { label: "Budget", value: "INR 75000.00" },
          { label: "Budget range", value: "70,000 - 90,000" },
          { label: "Special requests", value: "Keep the halo low" },
        ],
      },
    ]);
  });

  it("hides empty fields and leaves out groups with nothing in them", () => {
    expect(designFieldGroups(details(), money)).toEqual([]);
    expect(designFieldGroups(details({ style: "  ", special_requests: "Gift box", currency: "USD" }), money)).toEqual([
      { id: "budget", title: "Budget & requests", rows: [{ label: "Special requests", value: "Gift box" }] },
    ]);
    expect(designFieldGroups(details({ stones: [stone] }), money)).toEqual([{ id: "stones", title: "Stones", rows: [{ label: "Stone", value: "2 × Diamond · 0.5 ct · G · VS1" }] }]);
  });

  it("shows the metal fields, and the link's metal text only when it says more", () => {
    const metal = (d: Partial<DesignDetails>) => designFieldGroups(details(d), money)[0]?.rows;
    expect(metal({ metal_type: "gold", metal_color: "rose", purity: "18K", metal: "18K Rose Gold" })?.map((r) => r.label)).not.toContain("Described as");
    expect(metal({ metal_type: "gold", metal_color: "rose", purity: "18K", metal: "18K Rose Gold, rhodium plated prongs" })?.at(-1)).toEqual({
      label: "Described as",
      value: "18K Rose Gold, rhodium plated prongs",
    });
    expect(metal({ metal_type: "other", metal: "Titanium" })).toEqual([{ label: "Metal", value: "Titanium" }]);
    expect(metal({ metal_type: "silver", purity: "925", metal: "925 Sterling Silver" })?.map((r) => r.value)).toEqual(["Sterling Silver", "925"]);
  });

  it("does not repeat the budget that a link gave as text", () => {
    expect(budgetRangeText(details({ budget: 1299, budget_range: "1299 USD" }))).toBe("");
    expect(budgetRangeText(details({ budget: 1000, budget_range: "1,000 - 2,000 USD" }))).toBe("1,000 - 2,000 USD");
    expect(budgetRangeText(details({ budget: null, budget_range: "around 500" }))).toBe("around 500");
  });

  it("lists stones once: the parsed list, or the link's text when nothing was parsed", () => {
    expect(stoneLines(details({ stones: [stone], stones_text: "2 x Diamond 0.5ct G VS1" }))).toEqual(["2 × Diamond · 0.5 ct · G · VS1"]);
    expect(stoneLines(details({ stones: [], stones_text: "2 x Diamond 0.5ct G VS1; 1 x Ruby" }))).toEqual(["2 x Diamond 0.5ct G VS1", "1 x Ruby"]);
  });

  it("writes dimensions in millimetres", () => {
    expect(dimensionsText(details({ length: 20, width: 15.5, height: null }))).toBe("L 20 × W 15.5 mm");
    expect(dimensionsText(details())).toBe("");
  });
});
