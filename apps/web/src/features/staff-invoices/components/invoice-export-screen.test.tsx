import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderRoutes, stubFetch } from "@/test/render";
import { financialYearStart, indianToday, InvoiceExportScreen } from "./invoice-export-screen";

const NOW = new Date("2026-11-26T20:00:00Z"); // 27 Nov 2026, 01:30 in India

function renderExport(status = 200) {
  const calls = stubFetch((url) =>
    url.includes("/api/staff/invoices/export.csv")
      ? { status, body: status === 200 ? "number\r\n" : { detail: "Only an administrator can do this." } }
      : { status: 404 },
  );
  renderRoutes([{ path: "/staff/invoices", element: <InvoiceExportScreen now={NOW} /> }], "/staff/invoices");
  return calls;
}

let createObjectURL = vi.fn((_: Blob) => "blob:");

describe("the admins' invoice export", () => {
  beforeEach(() => {
    localStorage.setItem("authToken", "tok");
    createObjectURL = vi.fn(() => "blob:csv");
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.restoreAllMocks());

  it("dates by India's calendar and starts at the financial year's first day", () => {
    expect(indianToday(NOW)).toBe("2026-11-27");
    expect(financialYearStart("2026-11-27")).toBe("2026-04-01");
    expect(financialYearStart("2027-03-31")).toBe("2026-04-01");
    expect(financialYearStart("2027-04-01")).toBe("2027-04-01");
  });

  it("exports the financial year so far by default and confirms the download", async () => {
    const calls = renderExport();
    expect(screen.getByLabelText(/From/)).toHaveValue("2026-04-01");
    expect(screen.getByLabelText(/To/)).toHaveValue("2026-11-27");
    await userEvent.click(screen.getByRole("button", { name: "Export CSV" }));
    expect(await screen.findByText("Invoices exported")).toBeInTheDocument();
    const url = new URL(calls.find((c) => c.url.includes("export.csv"))?.url ?? "", "http://x");
    expect(url.pathname).toBe("/api/staff/invoices/export.csv");
    expect(url.searchParams.get("from")).toBe("2026-04-01");
    expect(url.searchParams.get("to")).toBe("2026-11-27");
    expect(createObjectURL).toHaveBeenCalled();
  });

  it("refuses a reversed range before asking the server", async () => {
    const calls = renderExport();
    const to = screen.getByLabelText(/To/);
    await userEvent.clear(to);
    await userEvent.type(to, "2026-01-01");
    await userEvent.click(screen.getByRole("button", { name: "Export CSV" }));
    expect(await screen.findByText("The end date must be on or after the start date.")).toBeInTheDocument();
    expect(calls.filter((c) => c.url.includes("export.csv"))).toHaveLength(0);
  });

  it("shows the server's refusal", async () => {
    renderExport(403);
    await userEvent.click(screen.getByRole("button", { name: "Export CSV" }));
    expect(await screen.findByText("Only an administrator can do this.")).toBeInTheDocument();
  });
});
