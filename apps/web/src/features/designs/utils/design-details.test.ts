import { describe, expect, it } from "vitest";
import { makeDesign } from "../testing/fixtures";
import { budgetRangeText, dimensionsText, metalRows, specRows, stoneLines } from "./design-details";

const stone = { id: "s1", stone_type: "Diamond", stone_cut: "NA", stone_carat: 0.5, stone_color: "G", stone_clarity: "VS1", position: "", quantity: 2 };

describe("design details for cards and the detail screen", () => {
  it("shows the metal fields, and the link's metal text only when it says more", () => {
    expect(metalRows(makeDesign())).toEqual([
      { label: "Metal", value: "Gold" },
      { label: "Color", value: "Rose" },
      { label: "Purity", value: "18K" },
    ]);
    expect(metalRows(makeDesign({ metal: "18K Rose Gold" })).map((r) => r.label)).not.toContain("Described as");
    expect(metalRows(makeDesign({ metal: "18K Rose Gold, rhodium plated prongs" })).at(-1)).toEqual({ label: "Described as", value: "18K Rose Gold, rhodium plated prongs" });
    expect(metalRows(makeDesign({ metal_type: "other", metal_color: "", purity: "", metal: "Titanium" }))).toEqual([{ label: "Metal", value: "Titanium" }]);
    expect(metalRows(makeDesign({ metal_type: "silver", metal_color: "", purity: "925", metal: "925 Sterling Silver" })).map((r) => r.value)).toEqual(["Sterling Silver", "925"]);
  });

  it("does not repeat the budget that a link gave as text", () => {
    expect(budgetRangeText(makeDesign({ budget: 1299, currency: "USD", budget_range: "1299 USD" }))).toBe("");
    expect(budgetRangeText(makeDesign({ budget: 1000, budget_range: "1,000 - 2,000 USD" }))).toBe("1,000 - 2,000 USD");
    expect(budgetRangeText(makeDesign({ budget: null, budget_range: "around 500" }))).toBe("around 500");
    expect(specRows(makeDesign({ budget: 1299, currency: "USD", budget_range: "1299 USD" })).filter((r) => r.label.startsWith("Budget"))).toEqual([{ label: "Budget", value: "$1,299.00" }]);
  });

  it("lists stones once: the parsed list, or the link's text when nothing was parsed", () => {
    expect(stoneLines(makeDesign({ stones: [stone], stones_text: "2 x Diamond 0.5ct G VS1" }))).toEqual(["2 × Diamond · 0.5 ct · G · VS1"]);
    expect(stoneLines(makeDesign({ stones: [], stones_text: "2 x Diamond 0.5ct G VS1; 1 x Ruby" }))).toEqual(["2 x Diamond 0.5ct G VS1", "1 x Ruby"]);
  });

  it("writes dimensions in millimetres", () => {
    expect(dimensionsText(makeDesign({ length: 20, width: 15.5, height: null }))).toBe("L 20 × W 15.5 mm");
    expect(dimensionsText(makeDesign())).toBe("");
  });
});
