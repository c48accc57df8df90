import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderRoutes, stubFetch } from "@/test/render";
import { flagged, ledger, makeEntry, refunded } from "../testing/fixtures";
import { PaymentsScreen } from "./payments-screen";

const listUrls = (calls: { url: string }[]) =>
  calls.filter((c) => c.url.includes("/api/staff/payments/?")).map((c) => new URL(c.url, "http://x"));

function renderLedger(
  path = "/staff/payments",
  answer: (url: string) => { status: number; body?: unknown } = () => ({ status: 200, body: ledger([flagged, refunded, makeEntry()]) }),
) {
  const calls = stubFetch(answer);
  const utils = renderRoutes(
    [
      { path: "/staff/payments", element: <PaymentsScreen /> },
      { path: "/staff/orders/:orderId", element: <p>workbench</p> },
    ],
    path,
  );
  return { ...utils, calls };
}

describe("payments ledger", () => {
  beforeEach(() => localStorage.setItem("authToken", "tok"));
  afterEach(() => vi.unstubAllGlobals());

  it("shows the totals per currency, each entry, a flagged capture highlighted and a refund as money out", async () => {
    renderLedger();
    const [inr, usd] = await screen.findAllByTestId("ledger-total");
    expect(inr).toHaveTextContent("INR");
    expect(inr).toHaveTextContent("Received₹50,000.00");
    expect(inr).toHaveTextContent("Refunded₹1,234.56");
    expect(inr).toHaveTextContent("Net₹48,765.44");
    expect(inr).toHaveTextContent("1 flagged");
    expect(usd).toHaveTextContent("Net$625.00");

    const [first, second, third] = screen.getAllByTestId("ledger-entry");
    expect(first).toHaveAttribute("data-flagged", "true");
    expect(first).toHaveTextContent("Flagged for review");
    expect(first).toHaveTextContent("Captured ₹49,000.00, ₹50,000.00 was due.");
    expect(within(first!).getByRole("link", { name: "JW-2026-000124" })).toHaveAttribute("href", "/staff/orders/o2");
    expect(second).not.toHaveAttribute("data-flagged");
    expect(second).toHaveTextContent("Refund of the advance");
    expect(second).toHaveTextContent("Refunded");
    expect(second).toHaveTextContent("−₹1,234.56");
    expect(third).toHaveTextContent("Confirmed");
    expect(third).toHaveTextContent("Meera Iyer");
    expect(third).toHaveTextContent("Bank transfer / UPI");
  });

  it("filters by status, method, dates and flagged, kept in the address, and exports the same filters as CSV", async () => {
    const { calls, router } = renderLedger();
    await screen.findAllByTestId("ledger-entry");
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText("Method"), "razorpay");
    await user.click(screen.getByLabelText("Flagged only"));
    await waitFor(() => expect(router.state.location.search).toBe("?method=razorpay&flagged=true"));
    await waitFor(() => expect(listUrls(calls).at(-1)?.search).toBe("?page=1&method=razorpay&flagged=true"));

    globalThis.URL.createObjectURL = vi.fn(() => "blob:x");
    globalThis.URL.revokeObjectURL = vi.fn();
    const save = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    await user.click(screen.getByRole("button", { name: "Export CSV" }));
    await waitFor(() => expect(calls.some((c) => c.url === "/api/staff/payments/export.csv?method=razorpay&flagged=true")).toBe(true));
    await waitFor(() => expect(save).toHaveBeenCalled());
    save.mockRestore();
  });

  it("reads dates from the address and sends them", async () => {
    const { calls } = renderLedger("/staff/payments?from=2026-11-01&to=2026-11-30&status=succeeded");
    await screen.findAllByTestId("ledger-entry");
    expect(listUrls(calls)[0]?.search).toBe("?page=1&status=succeeded&from=2026-11-01&to=2026-11-30");
    expect(screen.getByLabelText("From")).toHaveValue("2026-11-01");
    expect(screen.getByLabelText("To")).toHaveValue("2026-11-30");
  });

  it("says when nothing matches, and offers to clear the filters", async () => {
    const { router } = renderLedger("/staff/payments?flagged=true", () => ({ status: 200, body: ledger([], { totals: [] }) }));
    expect(await screen.findByText("No payment matches")).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole("button", { name: "Clear filters" }));
    await waitFor(() => expect(router.state.location.search).toBe(""));
  });

  it("shows an error with a retry when the ledger cannot be loaded", async () => {
    renderLedger("/staff/payments", () => ({ status: 500, body: { detail: "Server error." } }));
    expect(await screen.findByRole("button", { name: "Try Again" })).toBeInTheDocument();
  });
});
