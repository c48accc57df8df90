import { screen } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { PENDING_DESIGN_KEY } from "@/lib/auth-storage";
import { page, renderRoutes, stubBrowserApis, stubFetch } from "@/test/render";
import DashboardOverview from "./overview";

beforeEach(() => {
  stubBrowserApis();
  localStorage.setItem("authToken", "tok");
  stubFetch((url) => {
    if (url.startsWith("/api/dashboard-data/")) return { status: 200, body: { total_orders: 0, active_orders: 0, total_designs: 0, order_stats: [], recent_orders: [], activity_items: [], notifications: [], unread_notifications: 0 } };
    if (url.startsWith("/api/designs/")) return { status: 200, body: { count: 0, next: null, previous: null, results: [] } };
    return { status: 200, body: { first_name: "Asha", last_name: "Rao", username: "asha", email: "asha@example.com" } };
  });
});

describe("Dashboard overview", () => {
  it("recovers a pending design: removes it, says so and hands it to New Design", async () => {
    sessionStorage.setItem(PENDING_DESIGN_KEY, JSON.stringify({ type: "link", data: "https://shop.example.com/ring" }));
    const { router } = renderRoutes([page("/dashboard", <DashboardOverview />), page("/dashboard/new-design", <p>new design</p>)], "/dashboard");
    expect(await screen.findByText("Design data recovered")).toBeInTheDocument();
    expect(sessionStorage.getItem(PENDING_DESIGN_KEY)).toBeNull();
    expect(router.state.location.pathname).toBe("/dashboard/new-design");
    expect(router.state.location.state).toEqual({ pendingDesign: { type: "link", data: "https://shop.example.com/ring" } });
  });

  it("keeps the welcome, the order summary and the recent designs together", async () => {
    renderRoutes([page("/dashboard", <DashboardOverview />)], "/dashboard");
    expect(await screen.findByRole("heading", { name: "Welcome, Asha Rao" })).toBeInTheDocument();
    expect(await screen.findByText("No orders found.")).toBeInTheDocument();
    expect(await screen.findByText(/No designs yet/)).toBeInTheDocument();
  });
});
