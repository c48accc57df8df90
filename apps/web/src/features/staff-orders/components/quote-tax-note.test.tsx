import { DEFAULT_TAX_RULES, quoteInputFromForm, taxOnPrice } from "@atelier/contract";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeOrder } from "../testing/fixtures";
import { draftFromEstimate, previewQuote, splitCents } from "../utils/quote-draft";
import { QuoteTaxNote } from "./quote-tax-note";

const MH = { country: "IN", state: "Maharashtra" };
const draft = {
  currency: "INR" as const,
  line_items: [
    { label: "Metal", amount: "60,000" },
    { label: "Diamond", amount: "40000.00" },
  ],
  advance_percent: "50",
  valid_days: "14",
  note: "",
};

describe("the quote builder's tax", () => {
  it("shows the server's tax lines under the total before tax, and the total incl. tax", () => {
    const tax = taxOnPrice(DEFAULT_TAX_RULES, MH, MH, { goods: "100000.00", making: "0.00" });
    render(<QuoteTaxNote tax={tax} currency="INR" loading={false} failed={false} />);
    expect(screen.getByTestId("quote-tax")).toHaveTextContent(
      "Before tax. CGST 1.50% ₹1,500.00 + SGST 1.50% ₹1,500.00. Total incl. tax ₹1,03,000.00",
    );
  });

  it("says an export is zero-rated", () => {
    const tax = taxOnPrice(DEFAULT_TAX_RULES, MH, { country: "GB", state: "" }, { goods: "900.00", making: "0.00" });
    render(<QuoteTaxNote tax={tax} currency="GBP" loading={false} failed={false} />);
    expect(screen.getByTestId("quote-tax")).toHaveTextContent("Before tax. Export: zero-rated, no tax. Total incl. tax £900.00");
  });

  it("while asking, and when the tax could not be worked out", () => {
    const { rerender } = render(<QuoteTaxNote tax={null} currency="INR" loading failed={false} />);
    expect(screen.getByText("Working out the tax…")).toBeInTheDocument();
    rerender(<QuoteTaxNote tax={null} currency="INR" loading={false} failed />);
    expect(screen.getByText("The tax could not be worked out here; the server adds it when the quote is issued.")).toBeInTheDocument();
  });

  it("previews the quote incl. tax, the advance a share of the total incl. tax", () => {
    const tax = taxOnPrice(DEFAULT_TAX_RULES, MH, { country: "IN", state: "Karnataka" }, { goods: "100000.00", making: "0.00" });
    const quote = previewQuote(draft, makeOrder(), new Date("2026-11-26T10:00:00Z"), tax);
    expect(quote).toMatchObject({ amount: "103000.00", advance_amount: "51500.00", balance_amount: "51500.00", tax });
    // a tax answer for other lines (still on its way for these) is not used
    const stale = taxOnPrice(DEFAULT_TAX_RULES, MH, MH, { goods: "99999.00", making: "0.00" });
    expect(previewQuote(draft, makeOrder(), new Date(), stale)).toMatchObject({
      amount: "100000.00",
      advance_amount: "50000.00",
      tax: null,
    });
  });
});

describe("making charges in the builder", () => {
  it("marks the estimate's labour and setting lines as making charges, and sends the mark with the quote", () => {
    const draft = draftFromEstimate({
      currency: "INR",
      low: "0.00",
      point: "10250.00",
      high: "0.00",
      lines: [
        { label: "Metal: 18K gold, 1.00 g at ₹7,150.00/g", amount: "7150.00" },
        { label: "Labour: making charge for a ring", amount: "2850.00" },
        { label: "Setting: 1 stone at ₹250.00 each", amount: "250.00" },
      ],
      retail_price: null,
      savings_percent: null,
      assumptions: [],
      pricing_version: 1,
    });
    expect(draft.line_items.map((l) => Boolean(l.making))).toEqual([false, true, true]);
    expect(splitCents(draft.line_items)).toEqual({ goods: 715000, making: 310000 });
    expect(quoteInputFromForm(draft).line_items).toEqual([
      { label: "Metal: 18K gold, 1.00 g at ₹7,150.00/g", amount: "7150.00" },
      { label: "Labour: making charge for a ring", amount: "2850.00", making: true },
      { label: "Setting: 1 stone at ₹250.00 each", amount: "250.00", making: true },
    ]);
  });
});
