import { describe, expect, it } from "vitest";
import { linkFigureErrors, parseBudgetText, parseLengthText, parseMetalText, parseNumberToken, parseStonesText, parseWeightText } from "./link-text.ts";

describe("parseMetalText", () => {
  it.each([
    ["18K Rose Gold", { metal_type: "gold", metal_color: "rose", purity: "18K" }],
    ["Sterling Silver 925", { metal_type: "silver", metal_color: "", purity: "925" }],
    ["Platinum PT950", { metal_type: "platinum", metal_color: "", purity: "950" }],
    ["White Gold 14k", { metal_type: "gold", metal_color: "white", purity: "14K" }],
    ["22kt yellow gold", { metal_type: "gold", metal_color: "yellow", purity: "22K" }],
    ["Gold 750", { metal_type: "gold", metal_color: "", purity: "18K" }],
    ["10K Gold", { metal_type: "gold", metal_color: "", purity: "" }],
    ["Gold plated sterling silver", { metal_type: "silver", metal_color: "", purity: "925" }],
    ["Titanium", { metal_type: "other", metal_color: "", purity: "" }],
    ["", { metal_type: "", metal_color: "", purity: "" }],
  ])("%s", (text, expected) => {
    expect(parseMetalText(text)).toEqual(expected);
  });
});

describe("parseBudgetText", () => {
  it.each([
    ["₹45,000", 45000, "INR"],
    ["USD 1,299.00", 1299, "USD"],
    ["1.299,00 €", 1299, "EUR"],
    ["$850", 850, "USD"],
    ["£1,250.50", 1250.5, "GBP"],
    ["Rs. 1,23,456", 123456, "INR"],
    ["INR 1.5 lakh", 150000, "INR"],
    ["45k USD", 45000, "USD"],
    ["2500", 2500, null],
    ["EUR 12,5", 12.5, "EUR"],
    ["CAD 900", null, null],
    ["C$ 900", null, null],
    ["", null, null],
    ["on request", null, null],
    ["-450 USD", -450, "USD"],
    ["USD -450", -450, "USD"],
    ["-$450", -450, "USD"],
    ["$ 2,000,000,000", 2_000_000_000, "USD"],
  ])("%s", (text, amount, currency) => {
    expect(parseBudgetText(text)).toEqual({ amount, currency });
  });

  it("reads grouped numbers", () => {
    expect(parseNumberToken("1 299.50")).toBe(1299.5);
    expect(parseNumberToken("1.234.567")).toBe(1234567);
    expect(parseNumberToken("12.5")).toBe(12.5);
  });
});

describe("parseStonesText", () => {
  it("reads quantity, type, carat, colour and clarity of each stone", () => {
    expect(parseStonesText("2 x Diamond 0.50ct G VS1; 1 x Ruby 1.2ct")).toEqual([
      { stone_type: "Diamond", stone_cut: "NA", stone_carat: 0.5, stone_color: "G", stone_clarity: "VS1", position: "", quantity: 2 },
      { stone_type: "Ruby", stone_cut: "NA", stone_carat: 1.2, stone_color: "", stone_clarity: "", position: "", quantity: 1 },
    ]);
  });

  it("reads cuts, colour words, ranges and several separators", () => {
    expect(parseStonesText("Round Diamonds 1.25 ctw F-G VVS2\n3 x Blue Sapphire, 2 x Emerald cut Emerald 0,75 ct | Pearl")).toEqual([
      { stone_type: "Diamond", stone_cut: "Round", stone_carat: 1.25, stone_color: "F-G", stone_clarity: "VVS2", position: "", quantity: 1 },
      { stone_type: "Sapphire", stone_cut: "NA", stone_carat: null, stone_color: "Blue", stone_clarity: "", position: "", quantity: 3 },
      { stone_type: "Emerald", stone_cut: "Emerald", stone_carat: 0.75, stone_color: "", stone_clarity: "", position: "", quantity: 2 },
      { stone_type: "Pearl", stone_cut: "NA", stone_carat: null, stone_color: "", stone_clarity: "", position: "", quantity: 1 },
    ]);
  });

  it("skips parts that name neither a gem nor a weight", () => {
    expect(parseStonesText("none; handcrafted")).toEqual([]);
    expect(parseStonesText("")).toEqual([]);
    expect(parseStonesText("0.3 ct accent")).toMatchObject([{ stone_type: "", stone_carat: 0.3 }]);
  });
});

describe("parseWeightText", () => {
  it.each([
    ["3.2 g", 3.2],
    ["3,5 grams", 3.5],
    ["4.1", 4.1],
    ["2 dwt", 3.11],
    ["1 oz", 31.1],
    ["2.45 gms", 2.45],
    ["Gross weight: 5.2 g", 5.2],
    ["NA", null],
    ["", null],
    ["3 carats", null],
    ["0 g", null],
    // A minus is kept, never dropped (then refused by linkFigureErrors); a range or a dash between words is not one.
    ["-5", -5],
    ["- 5 g", -5],
    ["\u22123.5 grams", -3.5],
    ["5-6 g", 5],
    ["approx - 4 g", 4],
  ])("%s → %s", (text, grams) => {
    expect(parseWeightText(text)).toBe(grams);
  });
});

describe("parseLengthText", () => {
  it.each([
    ["2 mm", 2],
    ["2.5mm", 2.5],
    ["1.8 cm", 18],
    ["0.5 in", 12.7],
    ['0.5"', 12.7],
    ["18", 18],
    ["NA", null],
    ["", null],
    ["7 US", null],
    ["-2 mm", -2],
  ])("%s → %s", (text, mm) => {
    expect(parseLengthText(text)).toBe(mm);
  });
});

describe("linkFigureErrors", () => {
  const none = { weight: null, band_width: null, length: null, width: null, height: null, budget: null, stones: [] };

  it("refuses negative figures and figures beyond the limits, naming each", () => {
    expect(linkFigureErrors(none)).toEqual({});
    expect(linkFigureErrors({ ...none, weight: -5, width: 1501, budget: -1, stones: parseStonesText("-0.5 ct Diamond; 3000 x Ruby 501 ct") })).toEqual({
      weight: ["The weight cannot be negative."],
      width: ["The width can be at most 1,500 mm."],
      budget: ["The price cannot be negative."],
      stones: ["Stone 1: a carat weight cannot be negative.", "Stone 2: a stone can weigh at most 500 ct.", "Stone 2: at most 2,000 stones of a kind."],
    });
  });
});
