import { describe, expect, it } from "vitest";
import {
  DEFAULT_TAX_RULES,
  gstinProblem,
  splitInclusive,
  taxOnPrice,
  taxRulesSchema,
  TAX_RATE_MESSAGE,
  type TaxBreakdown,
  type TaxRules,
} from "./tax.ts";

// Every expected figure below is worked out by hand (in the comments), not by the code under test.

const MH = { country: "IN", state: "Maharashtra" };
const KA = { country: "IN", state: "Karnataka" };
const US = { country: "US", state: "California" };
const GB = { country: "GB", state: "" };
const FR = { country: "FR", state: "" };

const SEPARATE: TaxRules = { ...DEFAULT_TAX_RULES, gst: { ...DEFAULT_TAX_RULES.gst, making_billed_separately: true } };
const WITH_VAT: TaxRules = { ...DEFAULT_TAX_RULES, countries: [{ country: "GB", label: "VAT", rate: "20.00" }] };

describe("taxOnPrice: GST in India", () => {
  it.each([
    // seller, destination, goods, making, regime, lines [code, rate, amount], tax, total
    // 10,000.00 × 3% = 300.00, split 150.00 + 150.00 within Maharashtra
    [
      "intra-state 3% goods",
      MH,
      MH,
      "10000.00",
      "0.00",
      "intra_state",
      [
        ["CGST", "1.50", "150.00"],
        ["SGST", "1.50", "150.00"],
      ],
      "300.00",
      "10300.00",
    ],
    // the same sale to Karnataka: IGST 3% = 300.00
    ["inter-state 3% goods", MH, KA, "10000.00", "0.00", "inter_state", [["IGST", "3.00", "300.00"]], "300.00", "10300.00"],
    // by default the making charges are part of the jewellery's value: (8,000.00 + 2,000.00) × 3% = 300.00
    [
      "making charges with the jewellery (default)",
      MH,
      MH,
      "8000.00",
      "2000.00",
      "intra_state",
      [
        ["CGST", "1.50", "150.00"],
        ["SGST", "1.50", "150.00"],
      ],
      "300.00",
      "10300.00",
    ],
    // states are compared as people write them
    [
      "the same state written otherwise",
      MH,
      { country: "in", state: " MAHARASHTRA " },
      "100.00",
      "0.00",
      "intra_state",
      [
        ["CGST", "1.50", "1.50"],
        ["SGST", "1.50", "1.50"],
      ],
      "3.00",
      "103.00",
    ],
    // no delivery place known: the seller's own place
    [
      "no destination: the seller's state",
      MH,
      null,
      "100.00",
      "0.00",
      "intra_state",
      [
        ["CGST", "1.50", "1.50"],
        ["SGST", "1.50", "1.50"],
      ],
      "3.00",
      "103.00",
    ],
    // odd paisa: 100.33 × 3% = 3.0099 → 3.01; SGST = 3.01 ÷ 2 rounded down = 1.50, CGST takes the odd paisa: 1.51
    [
      "odd paisa: CGST takes it",
      MH,
      MH,
      "100.33",
      "0.00",
      "intra_state",
      [
        ["CGST", "1.50", "1.51"],
        ["SGST", "1.50", "1.50"],
      ],
      "3.01",
      "103.34",
    ],
    ["odd paisa across states: IGST whole", MH, KA, "100.33", "0.00", "inter_state", [["IGST", "3.00", "3.01"]], "3.01", "103.34"],
    // half a paisa rounds up: 100.50 × 3% = 3.015 → 3.02, halves 1.51 + 1.51
    [
      "half a paisa rounds up",
      MH,
      MH,
      "100.50",
      "0.00",
      "intra_state",
      [
        ["CGST", "1.50", "1.51"],
        ["SGST", "1.50", "1.51"],
      ],
      "3.02",
      "103.52",
    ],
    // just under half: 100.16 × 3% = 3.0048 → 3.00
    ["under half a paisa rounds down", MH, KA, "100.16", "0.00", "inter_state", [["IGST", "3.00", "3.00"]], "3.00", "103.16"],
  ] as const)("%s", (_name, seller, destination, goods, making, regime, lines, tax, total) => {
    const b = taxOnPrice(DEFAULT_TAX_RULES, seller, destination, { goods, making });
    expect(b.regime).toBe(regime);
    expect(b.lines.map((l) => [l.code, l.rate, l.amount])).toEqual(lines);
    expect(b.tax).toBe(tax);
    expect(b.total).toBe(total);
    expect(b.hsn).toBe("7113");
    expect(b.making).toBeUndefined();
  });

  it("making charges billed separately at their own rate, in their own lines (intra-state)", () => {
    // jewellery 10,000.00 × 3% = 300.00 (150.00 + 150.00); making 2,000.00 × 5% = 100.00 (50.00 + 50.00)
    const b = taxOnPrice(SEPARATE, MH, MH, { goods: "10000.00", making: "2000.00" });
    expect(b).toEqual({
      regime: "intra_state",
      taxable: "12000.00",
      lines: [
        { code: "CGST", label: "CGST on jewellery (HSN 7113)", rate: "1.50", amount: "150.00" },
        { code: "SGST", label: "SGST on jewellery (HSN 7113)", rate: "1.50", amount: "150.00" },
        { code: "CGST", label: "CGST on making charges (SAC 998892)", rate: "2.50", amount: "50.00" },
        { code: "SGST", label: "SGST on making charges (SAC 998892)", rate: "2.50", amount: "50.00" },
      ],
      tax: "400.00",
      total: "12400.00",
      hsn: "7113",
      making: { sac: "998892", taxable: "2000.00", tax: "100.00" },
    });
  });

  it("making charges billed separately, inter-state: two IGST lines", () => {
    const b = taxOnPrice(SEPARATE, MH, KA, { goods: "10000.00", making: "2000.00" });
    expect(b.lines.map((l) => [l.code, l.label, l.rate, l.amount])).toEqual([
      ["IGST", "IGST on jewellery (HSN 7113)", "3.00", "300.00"],
      ["IGST", "IGST on making charges (SAC 998892)", "5.00", "100.00"],
    ]);
    expect([b.tax, b.total]).toEqual(["400.00", "12400.00"]);
  });

  it("each part is rounded on its own, and each pair adds up to its part", () => {
    // jewellery 100.33 × 3% = 3.0099 → 3.01 (CGST 1.51 + SGST 1.50)
    // making 10.10 × 5% = 0.505 → 0.51 (CGST 0.26 + SGST 0.25)
    const b = taxOnPrice(SEPARATE, MH, MH, { goods: "100.33", making: "10.10" });
    expect(b.lines.map((l) => l.amount)).toEqual(["1.51", "1.50", "0.26", "0.25"]);
    expect(b).toMatchObject({ taxable: "110.43", tax: "3.52", total: "113.95", making: { taxable: "10.10", tax: "0.51" } });
  });

  it("a rate of 0.00 keeps its lines at 0.00", () => {
    const zero: TaxRules = { ...DEFAULT_TAX_RULES, gst: { ...DEFAULT_TAX_RULES.gst, goods_rate: "0.00" } };
    const b = taxOnPrice(zero, MH, KA, { goods: "500.00", making: "0.00" });
    expect(b.lines).toEqual([{ code: "IGST", label: "IGST", rate: "0.00", amount: "0.00" }]);
    expect(b.total).toBe("500.00");
  });
});

describe("taxOnPrice: outside India", () => {
  it("an export from India is zero-rated: no tax lines", () => {
    expect(taxOnPrice(SEPARATE, MH, US, { goods: "1000.00", making: "250.00" })).toEqual({
      regime: "export",
      taxable: "1250.00",
      lines: [],
      tax: "0.00",
      total: "1250.00",
      hsn: "7113",
    });
  });

  it("a foreign seller's rate for its own country, on the whole price", () => {
    // (1,000.00 + 250.00) × 20% = 250.00
    const b = taxOnPrice(WITH_VAT, GB, GB, { goods: "1000.00", making: "250.00" });
    expect(b).toEqual({
      regime: "foreign",
      taxable: "1250.00",
      lines: [{ code: "TAX", label: "VAT", rate: "20.00", amount: "250.00" }],
      tax: "250.00",
      total: "1500.00",
      hsn: "7113",
    });
  });

  it("a foreign seller: another country without a rate is an export, its own country without one has no tax", () => {
    expect(taxOnPrice(WITH_VAT, GB, FR, { goods: "100.00", making: "0.00" })).toMatchObject({
      regime: "export",
      lines: [],
      total: "100.00",
    });
    expect(taxOnPrice(DEFAULT_TAX_RULES, GB, GB, { goods: "100.00", making: "0.00" })).toMatchObject({
      regime: "domestic_no_tax",
      lines: [],
      total: "100.00",
    });
    // a foreign seller delivering into India charges no GST (the import is taxed at the border)
    expect(taxOnPrice(DEFAULT_TAX_RULES, GB, MH, { goods: "100.00", making: "0.00" })).toMatchObject({ regime: "export", lines: [] });
  });

  it("a country rate set by the admin applies to an Indian seller's delivery there too", () => {
    // 99.99 × 20% = 19.998 → 20.00
    const b = taxOnPrice(WITH_VAT, MH, GB, { goods: "99.99", making: "0.00" });
    expect(b).toMatchObject({ regime: "foreign", tax: "20.00", total: "119.99" });
  });
});

describe("splitInclusive: payments that include tax, apportioned exactly", () => {
  // 100.33 within Maharashtra: tax 3.01 (CGST 1.51 + SGST 1.50), total 103.34
  const sale = taxOnPrice(DEFAULT_TAX_RULES, MH, MH, { goods: "100.33", making: "0.00" });
  const add = (a: string, b: string) => {
    const c = BigInt(a.replace(".", "")) + BigInt(b.replace(".", ""));
    return `${c / 100n}.${(c % 100n).toString().padStart(2, "0")}`;
  };
  const amounts = (b: TaxBreakdown) => [b.taxable, ...b.lines.map((l) => l.amount), b.tax, b.total];

  it("the advance (50% of 103.34 = 51.67) on its own", () => {
    // tax 3.01 × 51.67 ÷ 103.34 = 1.505 → 1.51 (CGST 0.76 + SGST 0.75); taxable 51.67 − 1.51 = 50.16
    expect(amounts(splitInclusive("51.67", sale))).toEqual(["50.16", "0.76", "0.75", "1.51", "51.67"]);
  });

  it("the balance after the advance takes what is left, so advance + balance = the sale to the paisa", () => {
    const advance = splitInclusive("51.67", sale);
    const balance = splitInclusive("51.67", sale, "51.67");
    // the whole is 1.51 + 1.50; the advance took 0.76 + 0.75; the balance takes 0.75 + 0.75 = 1.50, taxable 50.17
    expect(amounts(balance)).toEqual(["50.17", "0.75", "0.75", "1.50", "51.67"]);
    expect(amounts(advance).map((a, i) => add(a, amounts(balance)[i] ?? "0.00"))).toEqual(amounts(sale));
    // on its own the balance would round to 1.51 as well: 3.02 in all, one paisa too many
    expect(splitInclusive("51.67", sale).tax).toBe("1.51");
  });

  it("partial refunds of the advance add up to the advance", () => {
    const advance = splitInclusive("51.67", sale);
    // 1.51 × 20.00 ÷ 51.67 = 0.5844… → 0.58 (0.29 + 0.29); taxable 19.42
    const first = splitInclusive("20.00", advance);
    expect(amounts(first)).toEqual(["19.42", "0.29", "0.29", "0.58", "20.00"]);
    // the rest, 31.67: 1.51 − 0.58 = 0.93 (CGST 0.76 − 0.29 = 0.47, SGST 0.75 − 0.29 = 0.46); taxable 30.74
    const rest = splitInclusive("31.67", advance, "20.00");
    expect(amounts(rest)).toEqual(["30.74", "0.47", "0.46", "0.93", "31.67"]);
  });

  it("the whole amount is the breakdown itself; nothing is nothing", () => {
    expect(splitInclusive("103.34", sale)).toEqual(sale);
    expect(amounts(splitInclusive("0.00", sale))).toEqual(["0.00", "0.00", "0.00", "0.00", "0.00"]);
  });

  it("with making charges billed separately, each group and the making part are apportioned", () => {
    // tax 400.00 (300.00 jewellery, 100.00 making) on 12,400.00; half = 6,200.00 takes 200.00:
    // jewellery 150.00 (75.00 + 75.00), making 50.00 (25.00 + 25.00); taxable 6,000.00 of which making 1,000.00
    const whole = taxOnPrice(SEPARATE, MH, MH, { goods: "10000.00", making: "2000.00" });
    const half = splitInclusive("6200.00", whole);
    expect(amounts(half)).toEqual(["6000.00", "75.00", "75.00", "25.00", "25.00", "200.00", "6200.00"]);
    expect(half.making).toEqual({ sac: "998892", taxable: "1000.00", tax: "50.00" });
    const other = splitInclusive("6200.00", whole, "6200.00");
    expect(other.making).toEqual({ sac: "998892", taxable: "1000.00", tax: "50.00" });
  });

  it("an export's payment is all taxable value", () => {
    const exp = taxOnPrice(DEFAULT_TAX_RULES, MH, US, { goods: "999.99", making: "0.00" });
    expect(splitInclusive("333.33", exp)).toEqual({
      regime: "export",
      taxable: "333.33",
      lines: [],
      tax: "0.00",
      total: "333.33",
      hsn: "7113",
    });
  });

  it("refuses to apportion more than the sale", () => {
    expect(() => splitInclusive("60.00", sale, "51.67")).toThrow(/cannot apportion/);
  });
});

describe("taxRulesSchema", () => {
  it("reads the defaults", () => {
    expect(taxRulesSchema.parse(DEFAULT_TAX_RULES)).toEqual(DEFAULT_TAX_RULES);
  });

  it.each(["3", "3.5", "101.00", "-1.00", "3.000", "abc"])("refuses the rate %s with a clear message", (rate) => {
    const r = taxRulesSchema.safeParse({ ...DEFAULT_TAX_RULES, gst: { ...DEFAULT_TAX_RULES.gst, goods_rate: rate } });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["gst.goods_rate", TAX_RATE_MESSAGE]]);
  });

  it("refuses India among the country rates, and a country twice", () => {
    const r = taxRulesSchema.safeParse({
      ...DEFAULT_TAX_RULES,
      countries: [
        { country: "IN", label: "GST", rate: "3.00" },
        { country: "GB", label: "VAT", rate: "20.00" },
        { country: "GB", label: "VAT", rate: "5.00" },
      ],
    });
    expect(r.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["countries.0.country", "India's tax is the GST section; remove IN from the country rates."],
      ["countries.2.country", "GB has two rates; keep one."],
    ]);
  });
});

describe("the seller's state not configured", () => {
  it("every Indian delivery is taken as within the state: the same 3% in total, split CGST + SGST", () => {
    const b = taxOnPrice(DEFAULT_TAX_RULES, { country: "IN", state: "" }, KA, { goods: "100.00", making: "0.00" });
    expect(b.regime).toBe("intra_state");
    expect(b.tax).toBe("3.00");
  });
});

describe("gstinProblem", () => {
  it("takes a GSTIN whose check character matches", () => {
    expect(gstinProblem("27AAPFU0939F1ZV")).toBeNull();
    expect(gstinProblem("29AAGCB7383J1Z4")).toBeNull();
  });
  it.each([
    [
      "27AAPFU0939F1Z",
      "Enter a GSTIN of 15 characters: 2-digit state code, 10-character PAN, entity number, Z, check character (e.g. 27AAPFU0939F1ZV).",
    ],
    [
      "27aapfu0939f1zv",
      "Enter a GSTIN of 15 characters: 2-digit state code, 10-character PAN, entity number, Z, check character (e.g. 27AAPFU0939F1ZV).",
    ],
    ["00AAPFU0939F1ZV", "00 is not a GST state code (01 to 38)."],
    ["27AAPFU0939F1ZW", "This GSTIN's check character does not match: check it for a typing mistake."],
  ])("refuses %s", (gstin, message) => {
    expect(gstinProblem(gstin)).toBe(message);
  });
});
