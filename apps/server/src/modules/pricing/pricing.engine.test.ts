import { describe, expect, it } from "vitest";
import { MONEY_PATTERN, estimateSchema, type Estimate } from "@atelier/contract";
import { DEFAULT_PRICING_TABLES as T } from "./pricing.defaults.ts";
import { computeEstimate, estimateInputOf, type EstimateInput, type EstimateStoneInput } from "./pricing.engine.ts";

/*
 * Every figure below is worked out by hand from DEFAULT_PRICING_TABLES (INR):
 *   gold/g 24K 9500, 22K 8710, 18K 7150, 14K 5580; platinum 950 3400; silver 925 105
 *   diamond/ct 60000 | 120000 | 250000 (standard | fine | premium); ruby 20000 | 60000 | 150000;
 *   emerald 18000 | 50000 | 130000; pearl 2000 | 5000 | 12000; lab-grown 15000 | 25000 | 40000;
 *   sapphire 15000 | 45000 | 120000; gemstone 3000 | 8000 | 20000; default carat 0.10
 *   labour ring 3500, necklace 9000, earrings 4500, bracelet 6500, pendant 3000
 *   setting 250/stone, hallmark 45, grading 3500 per diamond ≥ 0.30 ct, margin 18 %, range −10 % / +15 %
 *   default weights ring 4.00, necklace 15.00, earrings 5.00; 1 USD = ₹88.00, 1 EUR = ₹102.50, 1 GBP = ₹117.25
 * Changing the defaults means recomputing these on purpose.
 */

const diamondGVS1: EstimateStoneInput = { stone_type: "diamond", stone_carat: 0.5, stone_color: "G", stone_clarity: "VS1", quantity: 1 };

function input(over: Partial<EstimateInput> = {}): EstimateInput {
  return {
    design_type: "ring",
    metal_type: "gold",
    metal_color: "yellow",
    purity: "18K",
    weight_grams: 4,
    stones: [],
    currency: "INR",
    retail_price: null,
    ...over,
  };
}

/** Integer cents of a 2-place decimal string, so sums in the test are exact too. */
const cents = (m: string) => BigInt(m.replace(".", ""));

function amounts(e: Estimate): string[] {
  return e.lines.map((l) => l.amount);
}

interface Case {
  name: string;
  input: EstimateInput;
  lines: [label: string, amount: string][];
  point: string;
  low?: string;
  high?: string;
  assumptions?: string[];
}

const cases: Case[] = [
  {
    // The README's worked example.
    name: "18K yellow gold ring, 4 g, one 0.50 ct diamond G VS1 (fine), certified",
    input: input({ stones: [diamondGVS1] }),
    lines: [
      ["Metal: 18K yellow gold, 4.00 g at ₹7,150.00/g", "28600.00"], // 4.00 × 7150
      ["Stone: 1 × diamond 0.50 ct G VS1, fine quality at ₹1,20,000.00/ct", "60000.00"], // 0.50 × 120000 × 1
      ["Labour: making charge for a ring", "3500.00"],
      ["Setting: 1 stone at ₹250.00 each", "250.00"],
      ["Hallmark: 18K gold", "45.00"],
      ["Grading: 1 certificate (diamonds of 0.30 ct or more) at ₹3,500.00 each", "3500.00"], // 0.50 ≥ 0.30
      // subtotal 28600 + 60000 + 3500 + 250 + 45 + 3500 = 95895.00; × 0.18 = 17261.10
      ["Margin: 18% of ₹95,895.00", "17261.10"],
    ],
    point: "113156.10", // 95895.00 + 17261.10
    low: "101840.49", // 113156.10 × 0.90 = 101840.49
    high: "130129.52", // 113156.10 × 1.15 = 130129.515 → half-up 130129.52
    assumptions: [],
  },
  {
    name: "missing weight: the necklace default of 15 g",
    input: input({ design_type: "necklace", purity: "22K", metal_color: "", weight_grams: null }),
    lines: [
      ["Metal: 22K gold, 15.00 g at ₹8,710.00/g", "130650.00"], // 15.00 × 8710
      ["Labour: making charge for a necklace", "9000.00"],
      ["Hallmark: 22K gold", "45.00"],
      ["Margin: 18% of ₹1,39,695.00", "25145.10"], // (130650 + 9000 + 45) × 0.18
    ],
    point: "164840.10", // 139695.00 + 25145.10
    low: "148356.09", // × 0.90
    high: "189566.12", // × 1.15 = 189566.115 → 189566.12
    assumptions: ["Weight not given: 15.00 g assumed, the usual weight of a necklace."],
  },
  {
    name: "a zero weight counts as not given",
    input: input({ weight_grams: 0 }),
    lines: [
      ["Metal: 18K yellow gold, 4.00 g at ₹7,150.00/g", "28600.00"],
      ["Labour: making charge for a ring", "3500.00"],
      ["Hallmark: 18K gold", "45.00"],
      ["Margin: 18% of ₹32,145.00", "5786.10"], // (28600 + 3500 + 45) × 0.18
    ],
    point: "37931.10",
    assumptions: ["Weight not given: 4.00 g assumed, the usual weight of a ring."],
  },
  {
    name: "missing purity: the table's default (18K) for gold",
    input: input({ design_type: "pendant", metal_color: "white", purity: "", weight_grams: 3.5 }),
    lines: [
      ["Metal: 18K white gold, 3.50 g at ₹7,150.00/g", "25025.00"], // 3.50 × 7150
      ["Labour: making charge for a pendant", "3000.00"],
      ["Hallmark: 18K gold", "45.00"],
      ["Margin: 18% of ₹28,070.00", "5052.60"], // 28070 × 0.18
    ],
    point: "33122.60",
    assumptions: ["Purity not given: 18K gold assumed."],
  },
  {
    name: "missing metal: 18K gold assumed, keeping the colour",
    input: input({ metal_type: "", metal_color: "rose", purity: "" }),
    lines: [
      ["Metal: 18K rose gold, 4.00 g at ₹7,150.00/g", "28600.00"],
      ["Labour: making charge for a ring", "3500.00"],
      ["Hallmark: 18K gold", "45.00"],
      ["Margin: 18% of ₹32,145.00", "5786.10"],
    ],
    point: "37931.10",
    assumptions: ["Metal not given: priced as 18K gold."],
  },
  {
    name: 'metal "other" with 14K: read as gold, the only metal with a 14K rate',
    input: input({ metal_type: "other", metal_color: "", purity: "14K" }),
    lines: [
      ["Metal: 14K gold, 4.00 g at ₹5,580.00/g", "22320.00"], // 4 × 5580
      ["Labour: making charge for a ring", "3500.00"],
      ["Hallmark: 14K gold", "45.00"],
      ["Margin: 18% of ₹25,865.00", "4655.70"], // 25865 × 0.18
    ],
    point: "30520.70",
    assumptions: ['Metal "other" is not priced: 14K read as gold.'],
  },
  {
    name: "no metal but purity 925: read as silver",
    input: input({ metal_type: "", metal_color: "", purity: "925", weight_grams: 6 }),
    lines: [
      ["Metal: 925 silver, 6.00 g at ₹105.00/g", "630.00"],
      ["Labour: making charge for a ring", "3500.00"],
      ["Hallmark: 925 silver", "45.00"],
      ["Margin: 18% of ₹4,175.00", "751.50"], // 4175 × 0.18
    ],
    point: "4926.50",
    assumptions: ["Metal not given: 925 read as silver."],
  },
  {
    name: "stones with unknown carat: 0.10 ct each, standard without grades",
    input: input({ stones: [{ stone_type: "ruby", stone_carat: null, stone_color: "", stone_clarity: "", quantity: 3 }] }),
    lines: [
      ["Metal: 18K yellow gold, 4.00 g at ₹7,150.00/g", "28600.00"],
      ["Stone: 3 × ruby 0.10 ct, standard quality at ₹20,000.00/ct", "6000.00"], // 0.10 × 20000 × 3
      ["Labour: making charge for a ring", "3500.00"],
      ["Setting: 3 stones at ₹250.00 each", "750.00"],
      ["Hallmark: 18K gold", "45.00"],
      // 28600 + 6000 + 3500 + 750 + 45 = 38895.00; × 0.18 = 7001.10
      ["Margin: 18% of ₹38,895.00", "7001.10"],
    ],
    point: "45896.10",
    assumptions: [
      "Stone 1 (ruby): carat not given, 0.10 ct assumed per stone.",
      "Stone 1 (ruby): quality grade not given, standard quality assumed.",
    ],
  },
  {
    name: "several stone rows and quantities, each banded on its own",
    input: input({
      design_type: "bracelet",
      purity: "14K",
      weight_grams: 10,
      stones: [
        { stone_type: "Diamonds", stone_carat: 0.05, stone_color: "F", stone_clarity: "VVS1", quantity: 20 }, // premium
        { stone_type: "emerald", stone_carat: 0.4, stone_color: "green", stone_clarity: "VS", quantity: 2 }, // fine, by clarity alone
        { stone_type: "Freshwater Pearl", stone_carat: 2, stone_color: "white", stone_clarity: "AA", quantity: 1 }, // AA: fine
      ],
    }),
    lines: [
      ["Metal: 14K yellow gold, 10.00 g at ₹5,580.00/g", "55800.00"], // 10 × 5580
      ["Stone: 20 × diamonds 0.05 ct F VVS1, premium quality at ₹2,50,000.00/ct", "250000.00"], // 0.05 × 250000 × 20
      ["Stone: 2 × emerald 0.40 ct green VS, fine quality at ₹50,000.00/ct", "40000.00"], // 0.40 × 50000 × 2
      ["Stone: 1 × freshwater pearl 2.00 ct white AA, fine quality at ₹5,000.00/ct", "10000.00"], // 2 × 5000
      ["Labour: making charge for a bracelet", "6500.00"],
      ["Setting: 23 stones at ₹250.00 each", "5750.00"], // (20 + 2 + 1) × 250; no grading: 0.05 ct < 0.30
      ["Hallmark: 14K gold", "45.00"],
      // 55800 + 250000 + 40000 + 10000 + 6500 + 5750 + 45 = 368095.00; × 0.18 = 66257.10
      ["Margin: 18% of ₹3,68,095.00", "66257.10"],
    ],
    point: "434352.10",
    assumptions: [],
  },
  {
    name: "silver pendant: hallmark, no stones so no setting line",
    input: input({ design_type: "pendant", metal_type: "silver", metal_color: "", purity: "925", weight_grams: 6 }),
    lines: [
      ["Metal: 925 silver, 6.00 g at ₹105.00/g", "630.00"], // 6 × 105
      ["Labour: making charge for a pendant", "3000.00"],
      ["Hallmark: 925 silver", "45.00"],
      ["Margin: 18% of ₹3,675.00", "661.50"], // 3675 × 0.18
    ],
    point: "4336.50",
    low: "3902.85", // 4336.50 × 0.90
    high: "4986.98", // 4336.50 × 1.15 = 4986.975 → 4986.98
    assumptions: [],
  },
  {
    name: "platinum ring (colour is gold's only)",
    input: input({ metal_type: "platinum", metal_color: "white", purity: "950", weight_grams: 5 }),
    lines: [
      ["Metal: 950 platinum, 5.00 g at ₹3,400.00/g", "17000.00"], // 5 × 3400
      ["Labour: making charge for a ring", "3500.00"],
      ["Hallmark: 950 platinum", "45.00"],
      ["Margin: 18% of ₹20,545.00", "3698.10"], // 20545 × 0.18
    ],
    point: "24243.10",
    assumptions: [],
  },
  {
    name: "platinum with a gold purity: the platinum default",
    input: input({ metal_type: "platinum", metal_color: "", purity: "18K", weight_grams: 5 }),
    lines: [
      ["Metal: 950 platinum, 5.00 g at ₹3,400.00/g", "17000.00"],
      ["Labour: making charge for a ring", "3500.00"],
      ["Hallmark: 950 platinum", "45.00"],
      ["Margin: 18% of ₹20,545.00", "3698.10"],
    ],
    point: "24243.10",
    assumptions: ["No platinum rate for 18K: priced as 950."],
  },
  {
    name: "a 0.30 ct diamond is certified",
    input: input({ stones: [{ ...diamondGVS1, stone_carat: 0.3, stone_clarity: "VS2" }] }),
    lines: [
      ["Metal: 18K yellow gold, 4.00 g at ₹7,150.00/g", "28600.00"],
      ["Stone: 1 × diamond 0.30 ct G VS2, fine quality at ₹1,20,000.00/ct", "36000.00"], // 0.30 × 120000
      ["Labour: making charge for a ring", "3500.00"],
      ["Setting: 1 stone at ₹250.00 each", "250.00"],
      ["Hallmark: 18K gold", "45.00"],
      ["Grading: 1 certificate (diamonds of 0.30 ct or more) at ₹3,500.00 each", "3500.00"],
      ["Margin: 18% of ₹71,895.00", "12941.10"], // (28600 + 36000 + 3500 + 250 + 45 + 3500) × 0.18
    ],
    point: "84836.10",
    assumptions: [],
  },
  {
    name: "a 0.29 ct diamond is not",
    input: input({ stones: [{ ...diamondGVS1, stone_carat: 0.29, stone_clarity: "VS2" }] }),
    lines: [
      ["Metal: 18K yellow gold, 4.00 g at ₹7,150.00/g", "28600.00"],
      ["Stone: 1 × diamond 0.29 ct G VS2, fine quality at ₹1,20,000.00/ct", "34800.00"], // 0.29 × 120000
      ["Labour: making charge for a ring", "3500.00"],
      ["Setting: 1 stone at ₹250.00 each", "250.00"],
      ["Hallmark: 18K gold", "45.00"],
      ["Margin: 18% of ₹67,195.00", "12095.10"], // (28600 + 34800 + 3500 + 250 + 45) × 0.18
    ],
    point: "79290.10",
    assumptions: [],
  },
  {
    name: "lab-grown diamonds are certified per stone; an unknown type takes the gemstone rate",
    input: input({
      design_type: "earrings",
      weight_grams: 5,
      stones: [
        { stone_type: "Lab-grown diamond", stone_carat: 1, stone_color: "H", stone_clarity: "SI1", quantity: 2 }, // standard
        { stone_type: "amethyst", stone_carat: 1.5, stone_color: "purple", stone_clarity: "", quantity: 2 }, // no grade: standard
      ],
    }),
    lines: [
      ["Metal: 18K yellow gold, 5.00 g at ₹7,150.00/g", "35750.00"], // 5 × 7150
      ["Stone: 2 × lab grown diamond 1.00 ct H SI1, standard quality at ₹15,000.00/ct", "30000.00"], // 1 × 15000 × 2
      ["Stone: 2 × amethyst 1.50 ct purple, standard quality at ₹3,000.00/ct (gemstone rate)", "9000.00"], // 1.5 × 3000 × 2
      ["Labour: making charge for a pair of earrings", "4500.00"],
      ["Setting: 4 stones at ₹250.00 each", "1000.00"],
      ["Hallmark: 18K gold", "45.00"],
      ["Grading: 2 certificates (diamonds of 0.30 ct or more) at ₹3,500.00 each", "7000.00"],
      // 35750 + 30000 + 9000 + 4500 + 1000 + 45 + 7000 = 87295.00; × 0.18 = 15713.10
      ["Margin: 18% of ₹87,295.00", "15713.10"],
    ],
    point: "103008.10",
    assumptions: [
      "Stone 2 (amethyst): not in the price table, priced at the gemstone rate.",
      "Stone 2 (amethyst): quality grade not given, standard quality assumed.",
    ],
  },
  {
    name: "the README example in USD: each line converted and rounded, the point is their sum",
    input: input({ stones: [diamondGVS1], currency: "USD" }),
    lines: [
      ["Metal: 18K yellow gold, 4.00 g at ₹7,150.00/g", "325.00"], // 28600 / 88 = 325.00
      ["Stone: 1 × diamond 0.50 ct G VS1, fine quality at ₹1,20,000.00/ct", "681.82"], // 60000 / 88 = 681.818…
      ["Labour: making charge for a ring", "39.77"], // 3500 / 88 = 39.772…
      ["Setting: 1 stone at ₹250.00 each", "2.84"], // 250 / 88 = 2.8409…
      ["Hallmark: 18K gold", "0.51"], // 45 / 88 = 0.5113…
      ["Grading: 1 certificate (diamonds of 0.30 ct or more) at ₹3,500.00 each", "39.77"],
      ["Margin: 18% of ₹95,895.00", "196.15"], // 17261.10 / 88 = 196.1488…
    ],
    point: "1285.86", // 325.00 + 681.82 + 39.77 + 2.84 + 0.51 + 39.77 + 196.15
    low: "1157.27", // 1285.86 × 0.90 = 1157.274
    high: "1478.74", // 1285.86 × 1.15 = 1478.739
    assumptions: ["Converted from INR at ₹88.00 per USD."],
  },
  {
    // 113156.10 / 102.50 = 1103.962 would round to 1103.96; the lines' roundings add to 1103.97, and that is the point.
    name: "in EUR the point is the sum of the rounded lines, not the rounded total",
    input: input({ stones: [diamondGVS1], currency: "EUR" }),
    lines: [
      ["Metal: 18K yellow gold, 4.00 g at ₹7,150.00/g", "279.02"], // 28600 / 102.5 = 279.024…
      ["Stone: 1 × diamond 0.50 ct G VS1, fine quality at ₹1,20,000.00/ct", "585.37"], // 585.365…
      ["Labour: making charge for a ring", "34.15"], // 34.146…
      ["Setting: 1 stone at ₹250.00 each", "2.44"], // 2.439…
      ["Hallmark: 18K gold", "0.44"], // 0.439…
      ["Grading: 1 certificate (diamonds of 0.30 ct or more) at ₹3,500.00 each", "34.15"],
      ["Margin: 18% of ₹95,895.00", "168.40"], // 17261.10 / 102.5 = 168.401…
    ],
    point: "1103.97",
    low: "993.57", // 1103.97 × 0.90 = 993.573
    high: "1269.57", // 1103.97 × 1.15 = 1269.5655 → 1269.57
    assumptions: ["Converted from INR at ₹102.50 per EUR."],
  },
  {
    name: "the README example in GBP",
    input: input({ stones: [diamondGVS1], currency: "GBP" }),
    lines: [
      ["Metal: 18K yellow gold, 4.00 g at ₹7,150.00/g", "243.92"], // 28600 / 117.25 = 243.923…
      ["Stone: 1 × diamond 0.50 ct G VS1, fine quality at ₹1,20,000.00/ct", "511.73"], // 511.727…
      ["Labour: making charge for a ring", "29.85"], // 29.850…
      ["Setting: 1 stone at ₹250.00 each", "2.13"], // 2.132…
      ["Hallmark: 18K gold", "0.38"], // 0.383…
      ["Grading: 1 certificate (diamonds of 0.30 ct or more) at ₹3,500.00 each", "29.85"],
      ["Margin: 18% of ₹95,895.00", "147.22"], // 17261.10 / 117.25 = 147.216…
    ],
    point: "965.08", // 243.92 + 511.73 + 29.85 + 2.13 + 0.38 + 29.85 + 147.22
    low: "868.57", // 965.08 × 0.90 = 868.572
    high: "1109.84", // 965.08 × 1.15 = 1109.842
    assumptions: ["Converted from INR at ₹117.25 per GBP."],
  },
];

describe("computeEstimate", () => {
  it.each(cases)("$name", (c) => {
    const e = computeEstimate(c.input, T, 7);
    expect(e.lines.map((l) => [l.label, l.amount])).toEqual(c.lines);
    expect(e.point).toBe(c.point);
    if (c.low) expect(e.low).toBe(c.low);
    if (c.high) expect(e.high).toBe(c.high);
    if (c.assumptions) expect(e.assumptions).toEqual(c.assumptions);
    expect(e.currency).toBe(c.input.currency);
    expect(e.pricing_version).toBe(7);
    expect(e.retail_price).toBeNull();
    expect(e.savings_percent).toBeNull();
    // Every amount is a two-place decimal string, and the lines add up to the point exactly.
    for (const m of [...amounts(e), e.low, e.point, e.high]) expect(m).toMatch(MONEY_PATTERN);
    expect(amounts(e).reduce((a, m) => a + cents(m), 0n)).toBe(cents(e.point));
    expect(() => estimateSchema.parse(e)).not.toThrow();
  });

  it.each([
    // [colour, clarity, band]: FL/IF/VVS with D–F premium; VS or better with D–H fine; the rest standard.
    ["D", "FL", "premium"],
    ["E", "IF", "premium"],
    ["F", "VVS2", "premium"],
    ["G", "VVS1", "fine"],
    ["E", "VS2", "fine"],
    ["H", "VS1", "fine"],
    ["I", "VS1", "standard"],
    ["G", "SI1", "standard"],
    ["G-H", "VS1-VS2", "fine"],
    ["F/G", "VVS1", "fine"], // the worse colour counts
    ["", "VVS1", "standard"], // a diamond needs both grades
  ])("a diamond %s %s is %s", (colour, clarity, band) => {
    const e = computeEstimate(input({ stones: [{ ...diamondGVS1, stone_color: colour, stone_clarity: clarity }] }), T, 1);
    expect(e.lines[1]?.label).toContain(`, ${band} quality at`);
  });

  it.each([
    ["Lab Grown Diamonds", "lab grown diamonds", "₹25,000.00"],
    ["CVD diamond", "cvd diamond", "₹25,000.00"],
    ["Blue Sapphire", "blue sapphire", "₹45,000.00"],
    ["rubies", "rubies", "₹60,000.00"],
    ["lab_grown_diamond", "lab grown diamond", "₹25,000.00"],
  ])("stone type %s is priced as the table's type", (type, name, rate) => {
    const e = computeEstimate(input({ stones: [{ ...diamondGVS1, stone_type: type }] }), T, 1);
    expect(e.lines[1]?.label).toBe(`Stone: 1 × ${name} 0.50 ct G VS1, fine quality at ${rate}/ct`);
    expect(e.assumptions).toEqual([]);
  });

  it("leaves out an empty stone row, and prices an untyped graded stone as a diamond", () => {
    const e = computeEstimate(
      input({
        stones: [
          { stone_type: "", stone_carat: null, stone_color: "", stone_clarity: "", quantity: 1 },
          { stone_type: "", stone_carat: 0.2, stone_color: "G", stone_clarity: "VS1", quantity: 1 },
        ],
      }),
      T,
      1,
    );
    // 0.20 × 120000 = 24000.00; one stone set.
    expect(e.lines[1]).toEqual({ label: "Stone: 1 × diamond 0.20 ct G VS1, fine quality at ₹1,20,000.00/ct", amount: "24000.00" });
    expect(e.lines[3]).toEqual({ label: "Setting: 1 stone at ₹250.00 each", amount: "250.00" });
    expect(e.assumptions).toEqual(["Stone 1: an empty row, left out.", "Stone 2: type not given, priced as diamond."]);
  });

  describe("retail price and savings", () => {
    it("a saving against a dearer shop price (USD)", () => {
      const e = computeEstimate(input({ stones: [diamondGVS1], currency: "USD", retail_price: "1500" }), T, 1);
      expect(e.point).toBe("1285.86");
      expect(e.retail_price).toBe("1500.00");
      // (1500 − 1285.86) / 1500 × 100 = 14.276 → 14.3
      expect(e.savings_percent).toBe(14.3);
    });

    it("a negative saving against a cheaper shop price", () => {
      const e = computeEstimate(input({ stones: [diamondGVS1], currency: "USD", retail_price: "1000.00" }), T, 1);
      expect(e.retail_price).toBe("1000.00");
      // (1000 − 1285.86) / 1000 × 100 = −28.586 → −28.6
      expect(e.savings_percent).toBe(-28.6);
    });

    it("in INR", () => {
      const e = computeEstimate(input({ stones: [diamondGVS1], retail_price: "150000.00" }), T, 1);
      // (150000 − 113156.10) / 150000 × 100 = 24.5626 → 24.6
      expect(e.savings_percent).toBe(24.6);
    });

    it("a shop price equal to the point saves 0", () => {
      const e = computeEstimate(input({ stones: [diamondGVS1], retail_price: "113156.10" }), T, 1);
      expect(e.savings_percent).toBe(0);
      expect(Object.is(e.savings_percent, -0)).toBe(false);
    });

    it.each(["", "abc", "0", "-5.00"])("ignores an unusable retail price %j", (retail) => {
      const e = computeEstimate(input({ retail_price: retail }), T, 1);
      expect(e.retail_price).toBeNull();
      expect(e.savings_percent).toBeNull();
    });
  });

  it("is deterministic", () => {
    const i = input({ stones: [diamondGVS1], currency: "EUR", retail_price: "999.99" });
    expect(computeEstimate(i, T, 1)).toEqual(computeEstimate(i, T, 1));
  });
});

describe("estimateInputOf", () => {
  const design = {
    designType: "ring" as const,
    metalType: "gold",
    metalColor: "rose",
    purity: "14K",
    weight: 3.25,
    currency: "USD" as const,
    source: "link" as const,
    budget: 1499,
  };
  const stones = [{ stoneType: "diamond", stoneCarat: 0.3, stoneColor: "F", stoneClarity: "VS2", quantity: 2 }];

  it("maps a link design with a shop price, which becomes the retail price", () => {
    expect(estimateInputOf(design, stones)).toEqual({
      design_type: "ring",
      metal_type: "gold",
      metal_color: "rose",
      purity: "14K",
      weight_grams: 3.25,
      stones: [{ stone_type: "diamond", stone_carat: 0.3, stone_color: "F", stone_clarity: "VS2", quantity: 2 }],
      currency: "USD",
      retail_price: "1499.00",
    });
  });

  it("gives no retail price for a custom design's budget or a link without a price", () => {
    expect(estimateInputOf({ ...design, source: "custom" }, stones).retail_price).toBeNull();
    expect(estimateInputOf({ ...design, budget: null }, []).retail_price).toBeNull();
    expect(estimateInputOf({ ...design, budget: 12.5 }, []).retail_price).toBe("12.50");
  });
});
