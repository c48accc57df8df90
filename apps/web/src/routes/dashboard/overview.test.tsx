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

  const LINK_PAYLOAD = { name: "Rose Gold Halo Ring", design_type: "ring", inspiration_link: "https://shop.example.com/halo", metal: "18K Rose Gold", budget: "1299 USD" };
  const priced = (extra: Record<string, unknown> = {}) => ({
    type: "estimate",
    data: LINK_PAYLOAD.inspiration_link,
    id: "p-1",
    started_at: "2026-11-26T09:00:00.000Z",
    design: { source: "link", payload: LINK_PAYLOAD },
    ...extra,
  });
  const saved = { id: "d-1", name: LINK_PAYLOAD.name, source: "link", inspiration_link: LINK_PAYLOAD.inspiration_link, created_at: "2026-11-26T09:00:05.000Z" };
  const dashboardAnswers = (url: string) => {
    if (url.startsWith("/api/dashboard-data/")) return { status: 200, body: { total_orders: 0, active_orders: 0, total_designs: 0, order_stats: [], recent_orders: [], activity_items: [], notifications: [], unread_notifications: 0 } };
    if (url.startsWith("/api/designs/")) return { status: 200, body: { count: 0, next: null, previous: null, results: [] } };
    return { status: 200, body: { first_name: "Asha", last_name: "Rao", username: "asha", email: "asha@example.com" } };
  };

  it("saves a design priced before sign-up once for the new account and opens it on its estimate", async () => {
    sessionStorage.setItem(PENDING_DESIGN_KEY, JSON.stringify(priced()));
    const calls = stubFetch((url, init) => (init.method === "POST" && url === "/api/designs/" ? { status: 201, body: saved } : dashboardAnswers(url)));
    const { router } = renderRoutes([page("/dashboard", <DashboardOverview />), page("/dashboard/designs/:id", <p>the design</p>)], "/dashboard");
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/designs/d-1"));
    expect(await screen.findByText("Design saved successfully!")).toBeInTheDocument();
    const posts = calls.filter((c) => c.init.method === "POST");
    expect(posts).toHaveLength(1);
    expect(JSON.parse(posts[0]!.init.body as string)).toEqual(LINK_PAYLOAD);
    expect(sessionStorage.getItem(PENDING_DESIGN_KEY)).toBeNull();
  });

  it("keeps the priced design when the save fails, and a later try that finds it saved does not save it again", async () => {
    sessionStorage.setItem(PENDING_DESIGN_KEY, JSON.stringify(priced({ id: "p-2" })));
    stubFetch((url, init) => (init.method === "POST" && url === "/api/designs/" ? { status: 503, body: { detail: "Service unavailable." } } : dashboardAnswers(url)));
    const first = renderRoutes([page("/dashboard", <DashboardOverview />)], "/dashboard");
    expect(await screen.findByText("Your design is not saved yet")).toBeInTheDocument();
    expect(JSON.parse(sessionStorage.getItem(PENDING_DESIGN_KEY) ?? "null")).toMatchObject({ id: "p-2", attempted: true });
    first.unmount();

    // The answer of a try may be lost after the server saved it: the next try looks first.
    const calls = stubFetch((url, init) => {
      if (init.method === "POST") return { status: 201, body: { ...saved, id: "d-dup" } };
      if (url.startsWith("/api/designs/?") && url.includes("search=")) return { status: 200, body: { count: 1, next: null, previous: null, results: [saved] } };
      return dashboardAnswers(url);
    });
    const { router } = renderRoutes([page("/dashboard", <DashboardOverview />), page("/dashboard/designs/:id", <p>the design</p>)], "/dashboard");
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/designs/d-1"));
    expect(calls.filter((c) => c.init.method === "POST")).toHaveLength(0);
    expect(calls.some((c) => c.url === "/api/designs/?page=1&search=Rose+Gold+Halo+Ring")).toBe(true);
    expect(sessionStorage.getItem(PENDING_DESIGN_KEY)).toBeNull();
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
