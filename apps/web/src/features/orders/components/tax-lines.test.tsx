import { DEFAULT_TAX_RULES, taxOnPrice } from "@atelier/contract";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { EstimateSummary } from "@/components/estimate-summary";
import { QuoteBreakdown } from "@/components/quote-breakdown";
import { page as route, renderRoutes, stubBrowserApis, stubFetch } from "@/test/render";
import { makeEstimate, makeOrder, makeQuote } from "../testing/fixtures";
import { OrderDetailScreen } from "./order-detail-screen";

const MH = { country: "IN", state: "Maharashtra" };
const rows = () => screen.getAllByTestId("tax-line").map((r) => r.textContent);
const row = (label: string) => screen.getByText(label).parentElement;

describe("tax lines on a quote", () => {
  it("shows the lines before tax, the subtotal, CGST and SGST, and the total incl. tax the advance is a share of", () => {
    // ₹1,00,000.33 × 3% = ₹3,000.01: CGST ₹1,500.01 + SGST ₹1,500.00
    const tax = taxOnPrice(DEFAULT_TAX_RULES, MH, MH, { goods: "100000.33", making: "0.00" });
    render(
      <QuoteBreakdown
        quote={makeQuote({
          currency: "INR",
          line_items: [{ label: "Ring", amount: "100000.33" }],
          tax,
          amount: "103000.34",
          advance_amount: "51500.17",
          balance_amount: "51500.17",
        })}
      />,
    );
    expect(row("Subtotal before tax")).toHaveTextContent("₹1,00,000.33");
    expect(rows()).toEqual(["CGST at 1.50%₹1,500.01", "SGST at 1.50%₹1,500.00"]);
    expect(row("Total incl. tax")).toHaveTextContent("₹1,03,000.34");
    expect(row("Advance (50%)")).toHaveTextContent("₹51,500.17");
    expect(screen.queryByText("Total")).not.toBeInTheDocument();
  });

  it("says an export carries no tax", () => {
    const tax = taxOnPrice(DEFAULT_TAX_RULES, MH, { country: "US", state: "CA" }, { goods: "1250.00", making: "0.00" });
    render(<QuoteBreakdown quote={makeQuote({ tax })} />);
    expect(rows()).toEqual(["Export: zero-rated, no tax$0.00"]);
    expect(row("Total incl. tax")).toHaveTextContent("$1,250.00");
  });

  it("an IGST line across states", () => {
    const tax = taxOnPrice(DEFAULT_TAX_RULES, MH, { country: "IN", state: "Karnataka" }, { goods: "10000.00", making: "0.00" });
    render(<QuoteBreakdown quote={makeQuote({ currency: "INR", tax, amount: "10300.00" })} />);
    expect(rows()).toEqual(["IGST at 3.00%₹300.00"]);
  });

  it("a quote from before tax keeps its plain total", () => {
    render(<QuoteBreakdown quote={makeQuote({ tax: null })} />);
    expect(row("Total")).toHaveTextContent("$1,250.00");
    expect(screen.queryByText("Total incl. tax")).not.toBeInTheDocument();
    expect(screen.queryAllByTestId("tax-line")).toHaveLength(0);
  });
});

describe("tax lines on the instant estimate", () => {
  it("shows the tax on the estimate and the estimate incl. tax, and says where it assumes delivery", () => {
    const tax = taxOnPrice(DEFAULT_TAX_RULES, MH, MH, { goods: "1240.00", making: "0.00" });
    render(<EstimateSummary estimate={makeEstimate({ currency: "INR", point: "1240.00", tax })} />);
    const summary = screen.getByRole("region", { name: "Your instant estimate" });
    expect(
      within(summary)
        .getAllByTestId("tax-line")
        .map((r) => r.textContent),
    ).toEqual(["CGST at 1.50%₹18.60", "SGST at 1.50%₹18.60"]);
    expect(row("Estimate incl. tax")).toHaveTextContent("₹1,277.20");
    expect(screen.getByText("Tax as for a delivery in our state; the quote works it out for your delivery address.")).toBeInTheDocument();
  });

  it("an estimate stored before tax shows no tax rows", () => {
    render(<EstimateSummary estimate={makeEstimate()} />);
    expect(screen.queryByText("Estimate incl. tax")).not.toBeInTheDocument();
  });
});

describe("tax on the order page's quote", () => {
  it("says the amount is incl. tax, and lists the tax lines with what the quote covers", async () => {
    localStorage.setItem("authToken", "tok");
    stubBrowserApis();
    const tax = taxOnPrice(DEFAULT_TAX_RULES, MH, { country: "IN", state: "Karnataka" }, { goods: "100000.00", making: "0.00" });
    const quote = makeQuote({
      currency: "INR",
      line_items: [
        { label: "Chain and setting", amount: "60000.00" },
        { label: "Sapphire", amount: "40000.00" },
      ],
      tax,
      amount: "103000.00",
      advance_amount: "51500.00",
      balance_amount: "51500.00",
    });
    const order = makeOrder({ status: "quoted", currency: "INR", quoted_price: "103000.00", quotes: [quote] });
    stubFetch(() => ({ status: 200, body: order }));
    renderRoutes([route("/dashboard/orders/:id", <OrderDetailScreen orderId="o1" />)], "/dashboard/orders/o1");
    const region = await screen.findByRole("region", { name: "Your quote" });
    expect(within(region).getByTestId("quote-amount")).toHaveTextContent("₹1,03,000.00");
    expect(within(region).getByText("incl. tax")).toBeInTheDocument();
    expect(within(region).getAllByText("Total incl. tax")[0]!.parentElement).toHaveTextContent("₹1,03,000.00");
    await userEvent.click(within(region).getByText("What the quote covers"));
    expect(
      within(region)
        .getAllByTestId("tax-line")
        .map((r) => r.textContent),
    ).toEqual(["IGST at 3.00%₹3,000.00"]);
    expect(within(region).getByText("Subtotal before tax").parentElement).toHaveTextContent("₹1,00,000.00");
  });
});
