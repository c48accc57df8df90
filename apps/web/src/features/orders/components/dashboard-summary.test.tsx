import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { page as route, renderRoutes, stubBrowserApis, stubFetch } from "@/test/render";
import { ago, makeDashboardData } from "../testing/fixtures";
import { DashboardSummary } from "./dashboard-summary";

beforeEach(() => {
  stubBrowserApis();
  localStorage.setItem("authToken", "tok");
});

const render = () => renderRoutes([route("/dashboard", <DashboardSummary />)], "/dashboard");

describe("Dashboard summary", () => {
  it("shows the counts, recent orders, activity and notifications with their links", async () => {
    const calls = stubFetch(() => ({
      status: 200,
      body: makeDashboardData({
        recent_orders: [{ id: "o1", design_name: "Garden ring", order_number: "JW-2026-000123", created_at: ago(3600_000), status: "cad_design", quoted_price: "1250.00", currency: "USD" }],
        activity_items: [
          { id: "a1", type: "comment", status: "cad_design", title: "New comment from Meera", design_name: "Garden ring", order_number: "JW-2026-000123", order_id: "o1", created_at: ago(600_000) },
          { id: "a2", type: "status_change", status: "cancelled", title: "Order cancelled", design_name: "Pearl drops", order_number: "JW-2026-000124", order_id: "o2", created_at: ago(1200_000) },
        ],
        notifications: [
          { id: "n1", type: "quote_issued", title: "Your quote is ready", message: "Review it.", link: "/dashboard/orders/o1", is_read: false, created_at: ago(60_000) },
          { id: "n2", type: "status_change", title: "Order shipped", message: "On its way.", link: "/dashboard/orders/o2", is_read: true, created_at: ago(86400_000) },
        ],
        unread_notifications: 1,
      }),
    }));
    const user = userEvent.setup();
    render();
    const summary = await screen.findByRole("list", { name: "Summary" });
    expect(calls[0]!.url).toBe("/api/dashboard-data/");
    expect(within(summary).getByRole("link", { name: "Total Orders" }).parentElement!.nextSibling).toHaveTextContent("5");
    expect(within(summary).getByRole("link", { name: "Active Orders" }).parentElement!.nextSibling).toHaveTextContent("3");
    expect(within(summary).getByRole("link", { name: "Total Designs" }).parentElement!.nextSibling).toHaveTextContent("7");

    const row = screen.getByTestId("recent-order");
    expect(within(row).getByRole("link", { name: "Garden ring" })).toHaveAttribute("href", "/dashboard/orders/o1");
    expect(within(row).getByText("JW-2026-000123")).toBeInTheDocument();
    expect(within(row).getByText("CAD Design")).toBeInTheDocument();
    expect(within(row).getByText("$1,250.00")).toBeInTheDocument();
    expect(within(row).getByText("1 hour ago")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /All orders/ })).toHaveAttribute("href", "/dashboard/orders");

    const notes = screen.getAllByTestId("dashboard-notification");
    expect(notes[0]).toHaveAttribute("data-unread", "true");
    expect(within(notes[0]!).getByText("Unread:")).toBeInTheDocument();
    expect(notes[1]).toHaveAttribute("data-unread", "false");
    expect(screen.getByRole("link", { name: /View all notifications/ })).toHaveAttribute("href", "/dashboard/notifications");

    await user.click(screen.getByRole("tab", { name: "Order Activity" }));
    const items = screen.getAllByTestId("activity-item");
    expect(items[0]).toHaveClass("border-info");
    expect(items[1]).toHaveClass("border-destructive");
    expect(within(items[1]!).getByRole("link", { name: "Order cancelled" })).toHaveAttribute("href", "/dashboard/orders/o2");
  });

  it("says 'Awaiting quote' only for an order still to be quoted, not for a cancelled one", async () => {
    stubFetch(() => ({
      status: 200,
      body: makeDashboardData({
        recent_orders: [
          { id: "o1", design_name: "Garden ring", order_number: "JW-2026-000123", created_at: ago(3600_000), status: "initiated", quoted_price: null, currency: "USD" },
          { id: "o2", design_name: "Pearl drops", order_number: "JW-2026-000124", created_at: ago(7200_000), status: "cancelled", quoted_price: null, currency: "USD" },
        ],
      }),
    }));
    render();
    const rows = await screen.findAllByTestId("recent-order");
    expect(within(rows[0]!).getByText("Awaiting quote")).toBeInTheDocument();
    expect(within(rows[1]!).getByText("Not quoted")).toBeInTheDocument();
    expect(rows[1]).not.toHaveTextContent("Awaiting quote");
  });

  it("shows the empty texts", async () => {
    stubFetch(() => ({ status: 200, body: makeDashboardData() }));
    const user = userEvent.setup();
    render();
    expect(await screen.findByText("No orders found.")).toBeInTheDocument();
    expect(screen.getByText("No notifications.")).toBeInTheDocument();
    await user.click(screen.getByRole("tab", { name: "Order Activity" }));
    expect(screen.getByText("No order activity found.")).toBeInTheDocument();
  });

  it("toasts and explains a load failure", async () => {
    stubFetch(() => ({ status: 500, body: null }));
    render();
    expect(await screen.findByText("Failed to load dashboard data. Please refresh the page.")).toBeInTheDocument();
    expect(await screen.findByText("Failed to load dashboard data. Please try again.")).toBeInTheDocument();
  });
});
