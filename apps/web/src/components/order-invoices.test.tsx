import type { TaxDocument } from "@atelier/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { holdFetch, renderRoutes, stubFetch } from "@/test/render";
import { OrderInvoices } from "./order-invoices";

const ORDER = "7a0d1c4e-0000-4000-8000-000000000001";

function doc(overrides: Partial<TaxDocument> = {}): TaxDocument {
  return {
    id: "d1",
    kind: "invoice",
    number: "INV/2026-27/000123",
    financial_year: "2026-27",
    label: "Advance receipt",
    payment_kind: "advance",
    order_id: ORDER,
    order_number: "JW-2026-000123",
    date: "2026-11-26",
    issued_at: "2026-11-26T06:00:00Z",
    currency: "INR",
    taxable: "48543.69",
    tax: "1456.31",
    total: "50000.00",
    against_number: "",
    pdf_url: "/api/invoices/d1.pdf",
    ...overrides,
  };
}

const creditNote = doc({
  id: "d2",
  kind: "credit_note",
  number: "CN/2026-27/000004",
  label: "Credit note",
  date: "2026-11-28",
  total: "10000.00",
  against_number: "INV/2026-27/000123",
  pdf_url: "/api/invoices/d2.pdf",
});

function renderList(list: TaxDocument[] | "error", audience?: "staff") {
  const calls = stubFetch((url) => {
    if (url.endsWith(`/api/orders/${ORDER}/invoices/`))
      return list === "error" ? { status: 500, body: { detail: "boom" } } : { status: 200, body: { count: list.length, results: list } };
    if (url.endsWith("/api/invoices/d1.pdf")) return { status: 200, body: "pdf" };
    return { status: 404, body: { detail: "Not found." } };
  });
  renderRoutes([{ path: "/", element: <OrderInvoices orderId={ORDER} {...(audience && { audience })} /> }], "/");
  return calls;
}

let createObjectURL = vi.fn((_: Blob) => "blob:");

describe("the order's invoices", () => {
  beforeEach(() => {
    localStorage.setItem("authToken", "tok");
    createObjectURL = vi.fn(() => "blob:invoice");
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.restoreAllMocks());

  it("shows a skeleton while loading, then each document's number, kind, date and amount", async () => {
    stubFetch((url) => (url.includes("/invoices/") ? { status: 200, body: { count: 2, results: [doc(), creditNote] } } : { status: 404 }));
    const release = holdFetch((url) => url.includes("/invoices/"));
    renderRoutes([{ path: "/", element: <OrderInvoices orderId={ORDER} /> }], "/");
    expect(screen.getByLabelText("Loading invoices")).toBeInTheDocument();
    release();
    const items = within(await screen.findByRole("list", { name: "Invoices and credit notes" })).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent("INV/2026-27/000123");
    expect(items[0]).toHaveTextContent("Advance receipt");
    expect(items[0]).toHaveTextContent("Nov 26, 2026");
    expect(items[0]).toHaveTextContent("₹50,000.00");
    expect(items[1]).toHaveTextContent("CN/2026-27/000004");
    expect(items[1]).toHaveTextContent("Credit note");
    expect(items[1]).toHaveTextContent("−₹10,000.00");
    expect(items[1]).toHaveTextContent("against INV/2026-27/000123");
  });

  it("says when there is none yet (customer and staff wording)", async () => {
    renderList([]);
    expect(await screen.findByText("No invoices yet. Your tax invoice appears here as soon as we receive a payment.")).toBeInTheDocument();
  });

  it("tells staff when a payment will get one", async () => {
    renderList([], "staff");
    expect(
      await screen.findByText("No invoice yet. One is issued when a payment of this order is confirmed or captured."),
    ).toBeInTheDocument();
  });

  it("offers a retry when the list fails", async () => {
    renderList("error");
    expect(await screen.findByText("The invoices could not be loaded. Please try again.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try Again" })).toBeInTheDocument();
  });

  it("downloads a PDF with the token, and says so when it fails", async () => {
    const calls = renderList([doc(), creditNote]);
    await userEvent.click(await screen.findByRole("button", { name: "Download PDF INV/2026-27/000123" }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    const pdfCall = calls.find((c) => c.url.endsWith("/api/invoices/d1.pdf"));
    expect(new Headers(pdfCall?.init.headers).get("Authorization")).toBe("Token tok");

    await userEvent.click(screen.getByRole("button", { name: "Download PDF CN/2026-27/000004" }));
    expect(await screen.findByText("Not found.")).toBeInTheDocument();
  });
});
