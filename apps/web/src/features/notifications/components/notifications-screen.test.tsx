import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { page, renderRoutes, stubBrowserApis, stubFetch } from "@/test/render";
import { NotificationBell } from "./notification-bell";
import { NotificationsScreen } from "./notifications-screen";

beforeEach(() => {
  stubBrowserApis();
  localStorage.setItem("authToken", "tok");
});

const note = (id: string, is_read: boolean) => ({
  id,
  type: "quote_issued",
  title: `Notice ${id}`,
  message: "Your quote is ready.",
  link: "/dashboard/orders/o1",
  is_read,
  created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
});
const list = (results: unknown[], unread_count: number) => ({ count: results.length, next: null, previous: null, results, unread_count });

describe("Notifications", () => {
  it("highlights unread ones, marks one read on open and all read on request", async () => {
    let readAll = false;
    const calls = stubFetch((url, init) => {
      if (init.method === "POST") {
        if (url.endsWith("/read-all/")) readAll = true;
        return { status: 200, body: {} };
      }
      return { status: 200, body: readAll ? list([note("n1", true), note("n2", true)], 0) : list([note("n1", false), note("n2", true)], 1) };
    });
    const user = userEvent.setup();
    const { router } = renderRoutes([page("/dashboard/notifications", <NotificationsScreen />), page("/dashboard/orders/:id", <p>order</p>)], "/dashboard/notifications");
    const items = await screen.findAllByTestId("notification");
    expect(calls[0]!.url).toBe("/api/notifications/?page=1");
    expect(items[0]).toHaveAttribute("data-unread", "true");
    expect(within(items[0]!).getByText("Unread:")).toBeInTheDocument();
    expect(items[1]).toHaveAttribute("data-unread", "false");
    expect(screen.getByText("1 unread")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: /Mark all as read/ }));
    await waitFor(() => expect(calls.some((c) => c.url === "/api/notifications/read-all/")).toBe(true));
    await waitFor(() => expect(screen.getByRole("button", { name: /Mark all as read/ })).toBeDisabled());

    readAll = false;
    await user.click(within(screen.getAllByTestId("notification")[1]!).getByRole("button"));
    expect(router.state.location.pathname).toBe("/dashboard/orders/o1");
  });

  it("marks an unread notification read when opened", async () => {
    const calls = stubFetch((_url, init) => (init.method === "POST" ? { status: 200, body: {} } : { status: 200, body: list([note("n1", false)], 1) }));
    const user = userEvent.setup();
    renderRoutes([page("/dashboard/notifications", <NotificationsScreen />), page("/dashboard/orders/:id", <p>order</p>)], "/dashboard/notifications");
    await user.click(within(await screen.findByTestId("notification")).getByRole("button"));
    await waitFor(() => expect(calls.some((c) => c.init.method === "POST" && c.url === "/api/notifications/n1/read/")).toBe(true));
  });

  it("says 'No notifications.' when there are none, and shows the error with retry", async () => {
    stubFetch(() => ({ status: 200, body: list([], 0) }));
    const { unmount } = renderRoutes([page("/dashboard/notifications", <NotificationsScreen />)], "/dashboard/notifications");
    expect(await screen.findByText("No notifications.")).toBeInTheDocument();
    unmount();
    stubFetch(() => ({ status: 500, body: null }));
    renderRoutes([page("/dashboard/notifications", <NotificationsScreen />)], "/dashboard/notifications");
    expect(await screen.findByText("Failed to load notifications. Please try again.")).toBeInTheDocument();
  });
});

describe("Notification bell", () => {
  it("shows its red dot only while something is unread", async () => {
    stubFetch(() => ({ status: 200, body: list([note("n1", false)], 2) }));
    const { unmount } = renderRoutes([page("/dashboard", <NotificationBell />)], "/dashboard");
    expect(await screen.findByRole("link", { name: "Notifications, 2 unread" })).toHaveAttribute("href", "/dashboard/notifications");
    expect(screen.getByTestId("notification-dot")).toBeInTheDocument();
    unmount();

    const calls = stubFetch(() => ({ status: 200, body: list([note("n1", true)], 0) }));
    renderRoutes([page("/dashboard", <NotificationBell />)], "/dashboard");
    await waitFor(() => expect(calls).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByRole("link", { name: "Notifications" })).toBeInTheDocument();
    expect(screen.queryByTestId("notification-dot")).not.toBeInTheDocument();
  });
});
