import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
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

describe("Dashboard overview notifications", () => {
  it("marks an unread notification read as it is followed", async () => {
    const note = { id: "n1", type: "cad_ready", title: "CAD version 2 is ready", message: "Review it.", link: "/dashboard/orders/o1", is_read: false, created_at: new Date().toISOString() };
    const calls = stubFetch((url, init) => {
      if (init.method === "POST") return { status: 200, body: {} };
      if (url.startsWith("/api/dashboard-data/")) return { status: 200, body: { total_orders: 1, active_orders: 1, total_designs: 1, order_stats: [], recent_orders: [], activity_items: [], notifications: [note], unread_notifications: 1 } };
      if (url.startsWith("/api/designs/")) return { status: 200, body: { count: 0, next: null, previous: null, results: [] } };
      return { status: 200, body: { first_name: "Asha", last_name: "Rao", username: "asha", email: "asha@example.com" } };
    });
    const user = userEvent.setup();
    const { router } = renderRoutes([page("/dashboard", <DashboardOverview />), page("/dashboard/orders/:id", <p>order</p>)], "/dashboard");
    await user.click(await screen.findByRole("link", { name: "CAD version 2 is ready" }));
    await waitFor(() => expect(calls.some((c) => c.init.method === "POST" && c.url === "/api/notifications/n1/read/")).toBe(true));
    expect(router.state.location.pathname).toBe("/dashboard/orders/o1");
  });
});
