import { QueryClient } from "@tanstack/react-query";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { renderRoutes, stubFetch } from "@/test/render";
import { counts, DAY, HOUR, makeRow, ago } from "../testing/fixtures";
import { formatWaiting } from "../utils/waiting";
import { QueueScreen } from "./queue-screen";

function renderQueue(
  path = "/staff",
  list = [makeRow(), makeRow({ id: "o2", order_number: "JW-2026-000124", design_name: "Halo pendant", status_since: ago(2 * DAY) })],
) {
  const calls = stubFetch((url) => {
    if (url.endsWith("/api/staff/queue/")) return { status: 200, body: counts };
    if (url.includes("/api/staff/orders/")) return { status: 200, body: { count: list.length, next: null, previous: null, results: list } };
    return { status: 404, body: { detail: "Not found." } };
  });
  const utils = renderRoutes(
    [
      { path: "/staff", element: <QueueScreen /> },
      { path: "/staff/orders/:orderId", element: <p>workbench</p> },
    ],
    path,
  );
  return { ...utils, calls };
}

const listCalls = (calls: { url: string }[]) =>
  calls.filter((c) => c.url.includes("/api/staff/orders/")).map((c) => new URL(c.url, "http://x"));

describe("staff queue", () => {
  beforeEach(() => localStorage.setItem("authToken", "tok"));

  it("shows every group with its count and opens on New, sorted by waiting time", async () => {
    const { calls } = renderQueue();
    const nav = screen.getByRole("navigation", { name: "Queue groups" });
    await waitFor(() => expect(within(nav).getAllByTestId("group-count")).toHaveLength(6));
    const links = within(nav).getAllByRole("link");
    expect(links.map((l) => l.textContent)).toEqual([
      "New(4 orders)To quote",
      "Awaiting customer(2 orders)Quote sent",
      "Payments to confirm(1 order)Declared payments",
      "CAD awaiting approval(0 orders)With the customer",
      "In production(7 orders)Approved to quality check",
      "Ready to ship(3 orders)Packed, to dispatch",
      "All ordersEvery status",
    ]);
    expect(links[0]).toHaveAttribute("aria-current", "page");
    await screen.findByText("Garden ring");
    const query = listCalls(calls)[0]!.searchParams;
    expect(query.get("group")).toBe("new");
    expect(query.get("sort")).toBe("waiting");
    expect(query.get("page")).toBe("1");
  });

  it("shows no waiting time for a completed or cancelled order", async () => {
    renderQueue("/staff?group=all", [
      makeRow({ status: "completed", status_since: ago(17 * 60_000) }),
      makeRow({ id: "o2", order_number: "JW-2026-000124", design_name: "Halo pendant", status: "cancelled", status_since: ago(13 * 60_000) }),
      makeRow({ id: "o3", order_number: "JW-2026-000125", design_name: "Pearl drops", status: "manufacturing", status_since: ago(2 * DAY) }),
    ]);
    const rows = await screen.findAllByTestId("queue-row");
    expect(within(rows[0]!).queryByTestId("waiting")).not.toBeInTheDocument();
    expect(rows[0]).not.toHaveTextContent(/waiting/);
    expect(within(rows[1]!).queryByTestId("waiting")).not.toBeInTheDocument();
    expect(rows[1]).not.toHaveTextContent(/waiting/);
    expect(within(rows[2]!).getByTestId("waiting")).toHaveTextContent("waiting 2 days");
  });

  it("shows how long each order has waited in its status", async () => {
    renderQueue();
    const rows = await screen.findAllByTestId("queue-row");
    expect(within(rows[0]!).getByTestId("waiting")).toHaveTextContent("3 h");
    expect(within(rows[0]!).getByText("waiting 3 hours")).toBeInTheDocument();
    expect(within(rows[1]!).getByTestId("waiting")).toHaveTextContent("2 d");
    expect(within(rows[0]!).getByRole("link", { name: "Garden ring" })).toHaveAttribute("href", "/staff/orders/o1");
    expect(within(rows[0]!).getByText(/Meera Iyer/)).toBeInTheDocument();
  });

  it("keeps the search in the address after a pause in typing and sends it", async () => {
    const { router, calls } = renderQueue();
    await screen.findByText("Garden ring");
    await userEvent.type(screen.getByRole("searchbox", { name: "Search orders" }), "meera");
    await waitFor(() => expect(router.state.location.search).toBe("?search=meera"));
    await waitFor(() => expect(listCalls(calls).at(-1)!.searchParams.get("search")).toBe("meera"));
  });

  it("moves to another group, keeping the search, and lists All orders newest first", async () => {
    const { router, calls } = renderQueue("/staff?search=ring");
    await screen.findByText("Garden ring");
    await userEvent.click(screen.getByRole("link", { name: /In production/ }));
    await waitFor(() => expect(router.state.location.search).toBe("?search=ring&group=production"));
    expect(await screen.findByRole("combobox", { name: "Status" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("link", { name: /All orders/ }));
    await waitFor(() => expect(listCalls(calls).at(-1)!.searchParams.get("sort")).toBe("newest"));
    expect(listCalls(calls).at(-1)!.searchParams.get("group")).toBeNull();
    expect(listCalls(calls).at(-1)!.searchParams.get("search")).toBe("ring");
  });

  it("says what an empty group means", async () => {
    renderQueue("/staff?group=cad_review", []);
    expect(await screen.findByText("No CAD versions awaiting approval")).toBeInTheDocument();
  });

  it("offers a retry when the list fails", async () => {
    let fail = true;
    stubFetch((url) => {
      if (url.endsWith("/api/staff/queue/")) return { status: 200, body: counts };
      if (fail) return { status: 500, body: { detail: "Server error." } };
      return { status: 200, body: { count: 1, next: null, previous: null, results: [makeRow()] } };
    });
    renderRoutes([{ path: "/staff", element: <QueueScreen /> }], "/staff");
    expect(await screen.findByText("The queue could not be loaded. Please try again.")).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole("button", { name: "Try Again" }));
    expect(await screen.findByText("Garden ring")).toBeInTheDocument();
  });
});

describe("staff queue when a list request fails", () => {
  beforeEach(() => localStorage.setItem("authToken", "tok"));

  /** The app's client retries a 5xx (three times, seconds apart): the failure must show while it does. */
  const retryingClient = () => new QueryClient({ defaultOptions: { queries: { retry: 3, retryDelay: 60_000 } } });

  function renderFailingTab(failing: string) {
    stubFetch((url) => {
      if (url.endsWith("/api/staff/queue/")) return { status: 200, body: counts };
      if (url.includes(failing)) return { status: 500, body: { detail: "A server error occurred." } };
      if (url.includes("/api/staff/orders/")) return { status: 200, body: { count: 1, next: null, previous: null, results: [makeRow()] } };
      return { status: 404, body: { detail: "Not found." } };
    });
    return renderRoutes([{ path: "/staff", element: <QueueScreen /> }], "/staff", retryingClient());
  }

  it("shows an error on another tab instead of the previous tab's rows", async () => {
    renderFailingTab("group=");
    // "New" (the default tab) fails too here; All orders (no group) answers: start there.
    await userEvent.click(screen.getByRole("link", { name: /All orders/ }));
    expect(await screen.findByText("Garden ring")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("link", { name: /^New/ }));
    expect(await screen.findByText("The queue could not be loaded. Please try again.")).toBeInTheDocument();
    expect(screen.queryByText("Garden ring")).not.toBeInTheDocument();
  });

  it("shows an error on the next page of the same tab at the first failure, while it is retried", async () => {
    const { router } = renderFailingTab("page=2");
    expect(await screen.findByText("Garden ring")).toBeInTheDocument();
    await router.navigate("/staff?page=2");
    expect(await screen.findByText("The queue could not be loaded. Please try again.")).toBeInTheDocument();
    expect(screen.queryByText("Garden ring")).not.toBeInTheDocument();
  });
});

describe("waiting time", () => {
  it("is short: minutes, hours, days, weeks", () => {
    const now = Date.now();
    expect(formatWaiting(new Date(now - 20_000).toISOString(), now)).toBe("just now");
    expect(formatWaiting(new Date(now - 12 * 60_000).toISOString(), now)).toBe("12 min");
    expect(formatWaiting(new Date(now - 3 * HOUR - 59 * 60_000).toISOString(), now)).toBe("3 h");
    expect(formatWaiting(new Date(now - 2 * DAY).toISOString(), now)).toBe("2 d");
    expect(formatWaiting(new Date(now - 21 * DAY).toISOString(), now)).toBe("3 w");
  });
});
