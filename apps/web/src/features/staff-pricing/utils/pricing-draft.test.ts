import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api-client";
import { makeTables } from "../testing/fixtures";
import { checkDraft, draftFromTables, draftSignature, normaliseDecimal, serverDraftErrors, tableChanges } from "./pricing-draft";

describe("the pricing draft", () => {
  it("round-trips the tables: an untouched draft checks out as the same tables", () => {
    const tables = makeTables();
    const checked = checkDraft(draftFromTables(tables));
    expect(checked.ok && checked.tables).toEqual(tables);
    // The stones are one row per type, a blank band where the table has no rate.
    const draft = draftFromTables(tables);
    expect(draft.stones.map((s) => s.stone_type)).toEqual(["diamond", "ruby", "gemstone"]);
    expect(draft.stones[1]!.prices).toEqual({ standard: "", fine: "60000.00", premium: "" });
  });

  it("reads amounts as people type them", () => {
    expect(normaliseDecimal("8000")).toBe("8000.00");
    expect(normaliseDecimal(" 8,000.5 ")).toBe("8000.50");
    expect(normaliseDecimal("007.10")).toBe("7.10");
    expect(normaliseDecimal("8000.555")).toBe("8000.555");
    expect(normaliseDecimal("-5")).toBe("-5");
  });

  it("gives each cell the contract's check in plain words, keyed by cell", () => {
    const draft = draftFromTables(makeTables());
    draft.metal_rates[1]!.price_per_gram = "seven";
    draft.metal_rates[2]!.purity = "";
    draft.stones[1]!.prices.fine = "1.234";
    draft.stones.push({ key: "new", stone_type: "opal", prices: { standard: "", fine: "", premium: "" } });
    draft.margin_percent = "120";
    draft.range_low_percent = "";
    draft.default_weight_grams.ring = "4g";
    draft.currency_rates.USD = "";
    const checked = checkDraft(draft);
    expect(checked.ok).toBe(false);
    expect(!checked.ok && checked.errors).toEqual({
      "metal_rates.1.price_per_gram": "Enter an amount with at most two decimal places.",
      "metal_rates.2.purity": "Enter a purity of 1 to 10 characters, e.g. 18K.",
      "stones.1.fine": "Enter an amount with at most two decimal places.",
      "stones.3.stone_type": "Give this stone a rate in at least one band, or remove it.",
      margin_percent: "Enter a percentage from 0 to 100.",
      range_low_percent: "Enter a percentage from 0 to 100.",
      "default_weight_grams.ring": "Enter a number with at most two decimal places.",
      "currency_rates.USD": "Enter an amount with at most two decimal places.",
    });
  });

  it("refuses a negative rate for its sign, not for its decimal places", () => {
    const draft = draftFromTables(makeTables());
    draft.metal_rates[0]!.price_per_gram = "-5";
    draft.stones[0]!.prices.fine = "-1200.5";
    draft.labour.ring = "-10";
    draft.hallmark_fee = "-1";
    draft.currency_rates.USD = "-88";
    const checked = checkDraft(draft);
    const negative = "Enter an amount of zero or more; it cannot be negative.";
    expect(!checked.ok && checked.errors).toEqual({
      "metal_rates.0.price_per_gram": negative,
      "stones.0.fine": negative,
      "labour.ring": negative,
      hallmark_fee: negative,
      "currency_rates.USD": negative,
    });
  });

  it("puts the server's messages on the cells they are about, stones included", () => {
    const draft = draftFromTables(makeTables());
    const checked = checkDraft(draft);
    if (!checked.ok) throw new Error("draft should be valid");
    const err = new ApiError(400, {
      "tables.metal_rates.0.price_per_gram": ["Enter a rate above zero."],
      "tables.stone_rates.3.price_per_carat": ["Enter a rate above zero."],
      "tables.stone_rates.0.stone_type": ["Use lowercase letters and underscores, e.g. lab_grown_diamond."],
      "tables.default_purity.gold": ["Choose a purity listed for gold in the metal rates (22K, 18K)."],
      "tables.stone_rates": ['Keep a "gemstone" rate in every band (missing: fine).'],
    });
    expect(serverDraftErrors(err, checked.stoneIndex)).toEqual({
      "metal_rates.0.price_per_gram": "Enter a rate above zero.",
      // The fourth rate is ruby's fine band: the ruby row's "fine" cell.
      "stones.1.fine": "Enter a rate above zero.",
      "stones.0.stone_type": "Use lowercase letters and underscores, e.g. lab_grown_diamond.",
      "default_purity.gold": "Choose a purity listed for gold in the metal rates (22K, 18K).",
      stone_rates: 'Keep a "gemstone" rate in every band (missing: fine).',
    });
    expect(serverDraftErrors(new ApiError(500, { detail: "A server error occurred." }), checked.stoneIndex)).toEqual({});
  });

  it("says what changed, in words, and ignores reformatting", () => {
    const before = makeTables();
    const draft = draftFromTables(before);
    draft.metal_rates[1]!.price_per_gram = "8000";
    draft.labour.ring = "3500";
    draft.currency_rates.USD = "90";
    draft.stones[1]!.prices.premium = "150000";
    const checked = checkDraft(draft);
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(tableChanges(before, checked.tables).map((c) => [c.label, c.before, c.after])).toEqual([
      ["Gold 18K, per gram", "₹7,150.00", "₹8,000.00"],
      ["Ruby, premium, per carat", null, "₹1,50,000.00"],
      ["1 USD in rupees", "₹88.00", "₹90.00"],
    ]);
    expect(draftSignature(draftFromTables(before))).toBe(draftSignature(draftFromTables(before)));
  });
});
