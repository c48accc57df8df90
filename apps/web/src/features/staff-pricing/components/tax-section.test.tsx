import { TAX_RATE_MESSAGE, type PricingTables, type PricingVersion } from "@atelier/contract";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { renderRoutes, sentBody, stubBrowserApis, stubFetch } from "@/test/render";
import { makeTables, makeVersion, seeded, versionsPage } from "../testing/fixtures";
import { PricingScreen } from "./pricing-screen";

type Reply = { status: number; body?: unknown };

function renderPricing(save?: (body: { tables: PricingTables; note: string }) => Reply | undefined) {
  let inForce: PricingVersion = makeVersion();
  const calls = stubFetch((url, init) => {
    const method = init.method ?? "GET";
    const path = new URL(url, "http://x").pathname;
    if (path === "/api/staff/pricing/" && method === "GET") return { status: 200, body: inForce };
    if (path === "/api/staff/pricing/" && method === "PUT") {
      const body = JSON.parse(init.body as string) as { tables: PricingTables; note: string };
      const refused = save?.(body);
      if (refused) return refused;
      inForce = makeVersion({ id: "3", version: 3, tables: body.tables, note: body.note });
      return { status: 201, body: inForce };
    }
    if (path === "/api/staff/pricing/versions/") return { status: 200, body: versionsPage([inForce, seeded]) };
    if (path === "/api/staff/orders/") return { status: 200, body: { count: 0, next: null, previous: null, results: [] } };
    return { status: 404, body: { detail: "Not found." } };
  });
  renderRoutes([{ path: "/staff/pricing", element: <PricingScreen /> }], "/staff/pricing");
  return calls;
}

const bar = () => screen.getByRole("region", { name: "Unsaved changes" });
const taxSection = () => screen.getByRole("region", { name: "Tax" });

async function saveWithNote() {
  await userEvent.click(within(bar()).getByRole("button", { name: "Save as version 3" }));
  const dialog = await screen.findByRole("dialog", { name: "Save as version 3" });
  await userEvent.click(within(dialog).getByRole("button", { name: "Save version 3" }));
  return dialog;
}

describe("the pricing editor's tax section", () => {
  beforeEach(() => {
    localStorage.setItem("authToken", "tok");
    stubBrowserApis();
  });

  it("shows the GST rules in force: 3% on jewellery (HSN 7113), making charges taxed with the piece, no country rates", async () => {
    renderPricing();
    await screen.findByTestId("pricing-in-force");
    expect(within(taxSection()).getByLabelText("GST on jewellery")).toHaveValue("3.00");
    expect(within(taxSection()).getByLabelText("HSN code of jewellery")).toHaveValue("7113");
    expect(within(taxSection()).getByLabelText(/Bill making charges separately/)).not.toBeChecked();
    expect(within(taxSection()).queryByLabelText("GST on making charges")).not.toBeInTheDocument();
    expect(within(taxSection()).getByText("No country has a rate: deliveries outside India carry no tax.")).toBeInTheDocument();
  });

  it("refuses a bad rate next to its cell and saves nothing", async () => {
    const calls = renderPricing();
    await screen.findByTestId("pricing-in-force");
    const rate = within(taxSection()).getByLabelText("GST on jewellery");
    await userEvent.clear(rate);
    await userEvent.type(rate, "3.5.0");
    await userEvent.tab();
    expect(within(taxSection()).getByText(TAX_RATE_MESSAGE)).toBeInTheDocument();
    expect(rate).toHaveAttribute("aria-invalid", "true");
    await userEvent.click(within(bar()).getByRole("button", { name: "Save as version 3" }));
    expect(calls.some((c) => c.init.method === "PUT")).toBe(false);
  });

  it("bills making charges separately and adds a country's VAT, saved as the contract's rules and listed as changes", async () => {
    const calls = renderPricing();
    await screen.findByTestId("pricing-in-force");
    await userEvent.click(within(taxSection()).getByLabelText(/Bill making charges separately/));
    expect(within(taxSection()).getByLabelText("GST on making charges")).toHaveValue("5.00");
    expect(within(taxSection()).getByLabelText("SAC code of making charges")).toHaveValue("998892");
    await userEvent.click(within(taxSection()).getByRole("button", { name: "Add a country rate" }));
    await userEvent.type(within(taxSection()).getByLabelText("Country 1 (ISO code)"), "gb");
    await userEvent.type(within(taxSection()).getByLabelText("Name of the tax of country 1"), "VAT");
    await userEvent.type(within(taxSection()).getByLabelText("Rate of country 1"), "20");
    const dialog = await saveWithNote();
    const changes = within(dialog).getByRole("list", { name: "Changes in version 3" });
    expect(changes).toHaveTextContent("Making charges billed separately");
    expect(changes).toHaveTextContent("Tax on deliveries to GB");
    expect(await screen.findByText("Pricing version 3 saved")).toBeInTheDocument();
    const put = sentBody(calls.find((c) => c.init.method === "PUT")) as { tables: PricingTables };
    expect(put.tables).toEqual(
      makeTables((t) => {
        t.tax = {
          gst: { ...t.tax.gst, making_billed_separately: true },
          countries: [{ country: "GB", label: "VAT", rate: "20.00" }],
        };
      }),
    );
  });

  it("shows the server's refusal of a country rate on its cell", async () => {
    renderPricing(() => ({
      status: 400,
      body: { "tables.tax.countries.0.country": ["India's tax is the GST section; remove IN from the country rates."] },
    }));
    await screen.findByTestId("pricing-in-force");
    await userEvent.click(within(taxSection()).getByRole("button", { name: "Add a country rate" }));
    await userEvent.type(within(taxSection()).getByLabelText("Country 1 (ISO code)"), "AE");
    await userEvent.type(within(taxSection()).getByLabelText("Name of the tax of country 1"), "VAT");
    await userEvent.type(within(taxSection()).getByLabelText("Rate of country 1"), "5");
    await saveWithNote();
    expect(await screen.findByText("India's tax is the GST section; remove IN from the country rates.")).toBeInTheDocument();
    expect(within(taxSection()).getByLabelText("Country 1 (ISO code)")).toHaveAttribute("aria-invalid", "true");
  });
});
