import type { AuditEntry } from "@atelier/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { renderRoutes, stubFetch } from "@/test/render";
import { makeEntry, orderMoved, page } from "../testing/fixtures";
import { AuditScreen } from "./audit-screen";

function renderAudit(path = "/staff/audit", list: AuditEntry[] = [makeEntry(), orderMoved]) {
  const calls = stubFetch((url) => {
    if (url.includes("/api/staff/audit/?")) return { status: 200, body: page(list) };
    return { status: 404, body: { detail: "Not found." } };
  });
  const utils = renderRoutes(
    [
      { path: "/staff/audit", element: <AuditScreen /> },
      { path: "/staff/orders/:orderId", element: <p>workbench</p> },
    ],
    path,
  );
  return { ...utils, calls };
}

const listCalls = (calls: { url: string }[]) =>
  calls.filter((c) => c.url.includes("/api/staff/audit/?")).map((c) => new URL(c.url, "http://x"));

describe("audit log", () => {
  beforeEach(() => localStorage.setItem("authToken", "tok"));

  it("shows each action with its actor, time, target and a readable before/after", async () => {
    const roleChange = makeEntry();
    const { calls } = renderAudit("/staff/audit", [roleChange, orderMoved]);
    const [role, move] = await screen.findAllByTestId("audit-entry");
    expect(within(role!).getByText("Role changed")).toBeInTheDocument();
    expect(role).toHaveTextContent("by Olivia Hart");
    expect(within(role!).getByRole("link", { name: "priya@example.com" })).toHaveAttribute(
      "href",
      "/staff/people?search=priya%40example.com",
    );
    const [change] = within(role!).getAllByTestId("change");
    expect(within(change!).getByText("Staff", { selector: "del span" })).toBeInTheDocument();
    expect(within(change!).getByText("Admin", { selector: "ins span" })).toBeInTheDocument();
    expect(role!.querySelector("time")).toHaveAttribute("dateTime", roleChange.created_at);
    expect(role).not.toHaveTextContent("{");

    expect(within(move!).getByRole("link", { name: "JW-2026-000123" })).toHaveAttribute("href", "/staff/orders/o-123");
    expect(move).toHaveTextContent(/Statusfrom Quality Checkto Shipped/);
    expect(move).toHaveTextContent(/Tracking numberBD77812345IN/);
    expect(listCalls(calls)[0]!.searchParams.get("page")).toBe("1");
  });

  it("opens an order's workbench from its entry", async () => {
    const { router } = renderAudit();
    await userEvent.click(await screen.findByRole("link", { name: "JW-2026-000123" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/staff/orders/o-123"));
  });

  it("links a payment decision to its order's workbench, without showing the order's id", async () => {
    const decision = makeEntry({
      action: "payment.confirmed",
      target_type: "payment",
      target_id: "p-1",
      target_label: "JW-2026-000123 advance",
      before: { status: "pending" },
      after: { order_id: "o-123", status: "confirmed", amount: "1000.00", currency: "INR", reference: "UTR123456" },
    });
    renderAudit("/staff/audit", [decision]);
    const [entry] = await screen.findAllByTestId("audit-entry");
    expect(within(entry!).getByRole("link", { name: "JW-2026-000123 advance" })).toHaveAttribute("href", "/staff/orders/o-123");
    expect(entry).not.toHaveTextContent("o-123");
  });

  it("filters by action and searches, keeping both in the address", async () => {
    const { router, calls } = renderAudit();
    await screen.findAllByTestId("audit-entry");
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Action" }), "person.role_changed");
    await waitFor(() => expect(router.state.location.search).toBe("?action=person.role_changed"));
    await userEvent.type(screen.getByRole("searchbox", { name: "Search the audit log" }), "owner@");
    await waitFor(() => expect(router.state.location.search).toBe("?action=person.role_changed&search=owner%40"));
    await waitFor(() => expect(listCalls(calls).at(-1)!.searchParams.get("search")).toBe("owner@"));
    expect(listCalls(calls).at(-1)!.searchParams.get("action")).toBe("person.role_changed");
  });

  it("offers each action once in the filter, under its group", async () => {
    renderAudit();
    await screen.findAllByTestId("audit-entry");
    const labels = screen.getAllByRole("option").map((o) => o.textContent);
    expect(labels.filter((l) => l === "Gallery changed")).toHaveLength(1);
    expect(new Set(labels).size).toBe(labels.length);
    expect(screen.getByRole("group", { name: "Leads and gallery" })).toHaveTextContent("Lead handledGallery changed");
  });

  it("folds a long change and shows the rest on request", async () => {
    const before = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`labour.item_${i}`, i]));
    const after = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`labour.item_${i}`, i + 10]));
    renderAudit("/staff/audit", [
      makeEntry({ action: "pricing.saved", target_type: "pricing", target_label: "Pricing v4", before, after }),
    ]);
    const entry = await screen.findByTestId("audit-entry");
    expect(within(entry).getAllByTestId("change")).toHaveLength(6);
    await userEvent.click(within(entry).getByRole("button", { name: "Show 3 more changes" }));
    expect(within(entry).getAllByTestId("change")).toHaveLength(9);
    expect(entry).toHaveTextContent("Labour › item 8");
  });

  it("says when nothing matches and clears the filters", async () => {
    const { router } = renderAudit("/staff/audit?action=payment.rejected", []);
    expect(await screen.findByText("No entry matches")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Clear filters" }));
    await waitFor(() => expect(router.state.location.search).toBe(""));
  });

  it("offers a retry when the log fails", async () => {
    let fail = true;
    stubFetch(() => (fail ? { status: 500, body: { detail: "Server error." } } : { status: 200, body: page([makeEntry()]) }));
    renderRoutes([{ path: "/staff/audit", element: <AuditScreen /> }], "/staff/audit");
    expect(await screen.findByText("The audit log could not be loaded. Please try again.")).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole("button", { name: "Try Again" }));
    expect(await screen.findByTestId("audit-entry")).toHaveTextContent("Role changed");
  });
});
