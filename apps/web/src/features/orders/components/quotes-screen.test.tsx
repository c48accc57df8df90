import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { page as route, renderRoutes, sentBody, stubBrowserApis, stubFetch } from "@/test/render";
import { makeQuote, page } from "../testing/fixtures";
import { QuoteDetailScreen } from "./quote-detail-screen";
import { QuotesScreen } from "./quotes-screen";

beforeEach(() => {
  stubBrowserApis();
  localStorage.setItem("authToken", "tok");
});

describe("Quotes", () => {
  it("lists quotes, filters by status, and accepts or declines pending ones", async () => {
    const calls = stubFetch((url, init) => {
      if (init.method === "POST") return { status: 200, body: makeQuote({ status: url.includes("accept") ? "accepted" : "declined" }) };
      return { status: 200, body: page([makeQuote(), makeQuote({ id: "q2", design_name: "Pearl drops", status: "expired" })]) };
    });
    const user = userEvent.setup();
    renderRoutes([route("/dashboard/quotes", <QuotesScreen />)], "/dashboard/quotes");
    const rows = await screen.findAllByTestId("quote-row");
    expect(calls[0]!.url).toBe("/api/quotes/?page=1");
    expect(within(rows[0]!).getByText("$1,250.00")).toBeInTheDocument();
    expect(within(rows[0]!).getByRole("link", { name: /View/ })).toHaveAttribute("href", "/dashboard/quotes/q1");
    // Accept and decline only on the pending quote.
    expect(within(rows[1]!).getByText("Expired")).toBeInTheDocument();
    expect(within(rows[1]!).queryByRole("button", { name: /Accept/ })).not.toBeInTheDocument();

    await user.click(within(rows[0]!).getByRole("button", { name: "Accept quote for Garden ring" }));
    const accept = await screen.findByRole("alertdialog", { name: "Accept this quote?" });
    expect(calls.filter((c) => c.init.method === "POST")).toHaveLength(0);
    await user.click(within(accept).getByRole("button", { name: "Accept quote" }));
    expect(await screen.findByText("Quote accepted")).toBeInTheDocument();
    expect(calls.filter((c) => c.init.method === "POST").map((c) => c.url)).toEqual(["/api/quotes/q1/accept/"]);

    await user.click(within(rows[0]!).getByRole("button", { name: "Decline quote for Garden ring" }));
    const dialog = await screen.findByRole("alertdialog");
    await user.type(within(dialog).getByLabelText("Reason (optional)"), "Too expensive");
    await user.click(within(dialog).getByRole("button", { name: "Decline" }));
    expect(await screen.findByText("Quote declined")).toBeInTheDocument();
    const decline = calls.find((c) => c.url === "/api/quotes/q1/decline/");
    expect(sentBody(decline)).toEqual({ reason: "Too expensive" });

    await user.selectOptions(screen.getByLabelText("Status"), "Accepted");
    await waitFor(() => expect(calls.at(-1)!.url).toBe("/api/quotes/?page=1&status=accepted"));
  });

  it("shows 'No quotes found'", async () => {
    stubFetch(() => ({ status: 200, body: page([]) }));
    renderRoutes([route("/dashboard/quotes", <QuotesScreen />)], "/dashboard/quotes");
    expect(await screen.findByText("No quotes found")).toBeInTheDocument();
  });

  it("shows one quote with its lines and its order", async () => {
    stubFetch(() => ({ status: 200, body: makeQuote({ status: "accepted", note: "Includes certification." }) }));
    renderRoutes([route("/dashboard/quotes/:id", <QuoteDetailScreen quoteId="q1" />)], "/dashboard/quotes/q1");
    expect(await screen.findByRole("heading", { level: 1, name: "Garden ring" })).toBeInTheDocument();
    expect(screen.getByText("Accepted")).toBeInTheDocument();
    expect(screen.getByText("Advance (50%)")).toBeInTheDocument();
    expect(screen.getByText("Includes certification.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "JW-2026-000123" })).toHaveAttribute("href", "/dashboard/orders/o1");
    expect(screen.queryByRole("button", { name: /Accept/ })).not.toBeInTheDocument();
  });
});
