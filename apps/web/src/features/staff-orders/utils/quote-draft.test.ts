import type { Estimate, Quote } from "@atelier/contract";
import { describe, expect, it } from "vitest";
import { draftFromQuote, labelAfterAmountEdit } from "./quote-draft";

const estimate = {
  lines: [
    { label: "Setting: 1 stone at ₹250.00 each", amount: "250.00" },
    { label: "Hallmark", amount: "45.00" },
  ],
} as Estimate;

describe("labelAfterAmountEdit", () => {
  it("drops how a computed line was worked out once its amount changes", () => {
    expect(labelAfterAmountEdit("Setting: 1 stone at ₹250.00 each", "300", estimate)).toBe("Setting");
  });

  it("keeps the computed label while the amount is still the computed one", () => {
    expect(labelAfterAmountEdit("Setting: 1 stone at ₹250.00 each", "250", estimate)).toBe("Setting: 1 stone at ₹250.00 each");
  });

  it("leaves a label staff wrote, a label without working, and an order without an estimate alone", () => {
    expect(labelAfterAmountEdit("Setting, hand-finished: 1 stone", "300", estimate)).toBe("Setting, hand-finished: 1 stone");
    expect(labelAfterAmountEdit("Hallmark", "60", estimate)).toBe("Hallmark");
    expect(labelAfterAmountEdit("Setting: 1 stone at ₹250.00 each", "300", null)).toBe("Setting: 1 stone at ₹250.00 each");
  });
});

describe("draftFromQuote", () => {
  it("starts a replacing quote from the quote it replaces", () => {
    const quote = {
      line_items: [{ label: "Gold and making", amount: "1100.00" }],
      amount: "1100.00",
      currency: "INR",
      advance_percent: 30,
      note: "Includes the gift box.",
    } as Quote;
    expect(draftFromQuote(quote)).toEqual({
      line_items: [{ label: "Gold and making", amount: "1100.00" }],
      currency: "INR",
      advance_percent: "30",
      valid_days: "14",
      note: "Includes the gift box.",
    });
  });
});
