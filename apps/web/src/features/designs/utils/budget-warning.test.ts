import type { Estimate, Stone } from "@atelier/contract";
import { describe, expect, it } from "vitest";
import { budgetSuggestions, budgetWarning, type BudgetDetails } from "./budget-warning";

const estimate = (low: string, currency: Estimate["currency"] = "INR"): Estimate => ({
  currency,
  low,
  point: low,
  high: low,
  lines: [{ label: "Metal", amount: low }],
  retail_price: null,
  savings_percent: null,
  assumptions: [],
  pricing_version: 1,
});

const stone = (over: Partial<Stone> = {}): Stone => ({ stone_type: "", stone_cut: "NA", stone_carat: null, stone_color: "", stone_clarity: "", position: "", quantity: 1, ...over });
const details = (over: Partial<BudgetDetails> = {}): BudgetDetails => ({ currency: "INR", metal_type: "", purity: "", stones: [], ...over });

describe("budgetWarning", () => {
  it("says nothing without an estimate, without a budget, or for an estimate in another currency", () => {
    expect(budgetWarning(undefined, 1000, details())).toBeNull();
    expect(budgetWarning(estimate("5000.00"), null, details())).toBeNull();
    expect(budgetWarning(estimate("5000.00"), 0, details())).toBeNull();
    expect(budgetWarning(estimate("5000.00", "USD"), 1000, details({ currency: "INR" }))).toBeNull();
  });

  it("warns only when the low end passes the budget by more than 20 %", () => {
    expect(budgetWarning(estimate("1200.00"), 1000, details())).toBeNull(); // exactly 20 % above
    expect(budgetWarning(estimate("1000.00"), 1000, details())).toBeNull();
    expect(budgetWarning(estimate("900.00"), 1000, details())).toBeNull();
    expect(budgetWarning(estimate("1200.01"), 1000, details())).not.toBeNull();
    // Hundredths decide, not floating point: 0.1 × 1.2 is 0.12000000000000001.
    expect(budgetWarning(estimate("0.12"), 0.1, details())).toBeNull();
    expect(budgetWarning(estimate("0.13"), 0.1, details())).not.toBeNull();
  });

  it("states both figures in the design's currency, calmly", () => {
    expect(budgetWarning(estimate("123456.50"), 80000, details())?.message).toBe("The estimate starts at ₹1,23,456.50, well above your budget of ₹80,000.00.");
    expect(budgetWarning(estimate("2507.72", "EUR"), 1500, details({ currency: "EUR" }))?.message).toBe("The estimate starts at €2,507.72, well above your budget of €1,500.00.");
  });

  it("carries the suggestions that apply to the design, and none for a plain silver band", () => {
    const ring = details({ metal_type: "gold", purity: "18K", stones: [stone({ stone_type: "Diamond", stone_carat: 1.5 })] });
    expect(budgetWarning(estimate("300000.00"), 100000, ring)?.suggestions).toEqual([
      "Lab-grown instead of natural diamonds: the same look and hardness at a much lower price.",
      "A smaller stone than the 1.50 ct diamond.",
      "14K gold instead of 18K: it holds less gold in every gram and wears harder.",
    ]);
    expect(budgetWarning(estimate("9000.00"), 2000, details({ metal_type: "silver", purity: "925" }))?.suggestions).toEqual([]);
  });
});

describe("budgetSuggestions", () => {
  it("suggests the next lower gold purity, nothing below 14K, and white gold for platinum", () => {
    expect(budgetSuggestions(details({ metal_type: "gold", purity: "24K" }))).toEqual(["22K gold instead of 24K: it holds less gold in every gram and wears harder."]);
    expect(budgetSuggestions(details({ metal_type: "gold", purity: "22K" }))).toEqual(["18K gold instead of 22K: it holds less gold in every gram and wears harder."]);
    expect(budgetSuggestions(details({ metal_type: "gold", purity: "14K" }))).toEqual([]);
    expect(budgetSuggestions(details({ metal_type: "gold", purity: "" }))).toEqual([]);
    expect(budgetSuggestions(details({ metal_type: "platinum", purity: "950" }))).toEqual(["White gold instead of platinum: a similar white look at a lower price per gram."]);
  });

  it("suggests lab-grown only for natural diamonds", () => {
    const lab = "Lab-grown instead of natural diamonds: the same look and hardness at a much lower price.";
    expect(budgetSuggestions(details({ stones: [stone({ stone_type: "Diamonds", quantity: 20 })] }))).toContain(lab);
    expect(budgetSuggestions(details({ stones: [stone({ stone_type: "Lab-grown diamond" })] }))).not.toContain(lab);
    expect(budgetSuggestions(details({ stones: [stone({ stone_type: "CVD diamond" })] }))).not.toContain(lab);
    expect(budgetSuggestions(details({ stones: [stone({ stone_type: "Emerald" }), stone({ stone_type: "Ruby" })] }))).not.toContain(lab);
  });

  it("counts the stones and names the largest; empty rows do not count", () => {
    const stones = [stone({ stone_type: "Emerald", stone_carat: 1.2 }), stone({ stone_type: "Diamond", stone_carat: 0.05, quantity: 12 }), stone()];
    expect(budgetSuggestions(details({ stones }))).toEqual([
      "Lab-grown instead of natural diamonds: the same look and hardness at a much lower price.",
      "Smaller or fewer stones: the design has 13 stones, the largest a 1.20 ct emerald.",
    ]);
    expect(budgetSuggestions(details({ stones: [stone({ stone_type: "Pearl", quantity: 2 })] }))).toEqual(["Smaller or fewer stones: the design has 2 stones."]);
    expect(budgetSuggestions(details({ stones: [stone({ stone_type: "Sapphire" })] }))).toEqual(["A smaller stone."]);
    expect(budgetSuggestions(details({ stones: [stone()] }))).toEqual([]);
  });
});
