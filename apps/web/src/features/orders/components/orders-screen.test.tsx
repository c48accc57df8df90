import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { page as route, renderRoutes, stubBrowserApis, stubFetch } from "@/test/render";
import { makeOrderSummary, page } from "../testing/fixtures";
import { OrdersScreen } from "./orders-screen";

beforeEach(() => {
  stubBrowserApis();
  localStorage.setItem("authToken", "tok");
});

const render = (entry = "/dashboard/orders") => renderRoutes([route("/dashboard/orders", <OrdersScreen />)], entry);

describe("Orders list", () => {
  it("lists orders with status, price in their currency, View Details and pagination", async () => {
    const calls = stubFetch(() => ({
      status: 200,
      body: page([makeOrderSummary(), makeOrderSummary({ id: "o2", design_name: "Pearl drops", status: "manufacturing", quoted_price: "80000.00", currency: "INR" })], 12),
    }));
    render();
    const rows = await screen.findAllByTestId("order-row");
    expect(calls[0]!.url).toBe("/api/orders/?page=1");
    const first = within(rows[0]!);
    expect(first.getByRole("heading", { name: "Garden ring" })).toBeInTheDocument();
    expect(first.getByText("JW-2026-000123")).toBeInTheDocument();
    expect(first.getByText("Quoted")).toBeInTheDocument();
    expect(first.getByText("$1,250.00")).toBeInTheDocument();
    expect(first.getByRole("link", { name: /View Details/ })).toHaveAttribute("href", "/dashboard/orders/o1");
    expect(within(rows[1]!).getByText("Manufacturing")).toBeInTheDocument();
    expect(within(rows[1]!).getByText("₹80,000.00")).toBeInTheDocument();
    expect(screen.getByText("Page 1 of 2")).toBeInTheDocument();
  });

  it("shows a row whose estimate cannot be shown as 'No estimate', beside the others", async () => {
    stubFetch(() => ({
      status: 200,
      body: page([makeOrderSummary({ quoted_price: null, estimate_point: null }), makeOrderSummary({ id: "o2", design_name: "Pearl drops", quoted_price: null, estimate_point: "900.00" })]),
    }));
    render();
    const rows = await screen.findAllByTestId("order-row");
    expect(within(rows[0]!).getByText("No estimate")).toBeInTheDocument();
    expect(within(rows[1]!).getByText("≈ $900.00")).toBeInTheDocument();
  });

  it("sends the status filter and the search as query parameters", async () => {
    const calls = stubFetch(() => ({ status: 200, body: page([makeOrderSummary()]) }));
    const user = userEvent.setup();
    render();
    await screen.findByTestId("order-row");
    expect(screen.queryByRole("navigation", { name: "Pagination" })).not.toBeInTheDocument();
    const filter = screen.getByLabelText("Status");
    expect(within(filter).getAllByRole("option").map((o) => o.textContent)).toEqual(["All", "Pending", "Processing", "Shipped", "Delivered", "Canceled"]);
    await user.selectOptions(filter, "Canceled");
    await waitFor(() => expect(calls.at(-1)!.url).toBe("/api/orders/?page=1&status=canceled"));
    await user.type(screen.getByRole("searchbox", { name: "Search orders" }), "garden{Enter}");
    await waitFor(() => expect(calls.at(-1)!.url).toBe("/api/orders/?page=1&status=canceled&search=garden"));
  });

  it("shows 'No orders found' when empty, and the error with retry", async () => {
    stubFetch(() => ({ status: 200, body: page([]) }));
    const { unmount } = render();
    expect(await screen.findByText("No orders found")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Start a Design" })).toHaveAttribute("href", "/dashboard/new-design");
    unmount();
    stubFetch(() => ({ status: 500, body: { detail: "boom" } }));
    render();
    expect(await screen.findByText("Failed to load your orders. Please try again.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try Again" })).toBeInTheDocument();
  });
});
