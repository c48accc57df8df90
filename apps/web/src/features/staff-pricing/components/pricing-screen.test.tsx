import type { PricingTables, PricingVersion } from "@atelier/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Link } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { renderRoutes, sentBody, stubBrowserApis, stubFetch } from "@/test/render";
import { makeEstimate, makeOrderRow, makeTables, makeVersion, seeded, versionsPage } from "../testing/fixtures";
import { PricingScreen } from "./pricing-screen";

type Handler = Parameters<typeof stubFetch>[0];
type Reply = ReturnType<Handler>;

interface Overrides {
  inForce?: () => Reply;
  save?: (body: { tables: PricingTables; note: string }) => Reply;
  preview?: (body: { design_id: string; tables: PricingTables }) => Reply;
}

function renderPricing(overrides: Overrides = {}) {
  let inForce: PricingVersion = makeVersion();
  let versions: PricingVersion[] = [inForce, seeded];
  const calls = stubFetch((url, init) => {
    const method = init.method ?? "GET";
    const path = new URL(url, "http://x").pathname;
    if (path === "/api/staff/pricing/" && method === "GET") return overrides.inForce?.() ?? { status: 200, body: inForce };
    if (path === "/api/staff/pricing/" && method === "PUT") {
      const body = JSON.parse(init.body as string) as { tables: PricingTables; note: string };
      const refused = overrides.save?.(body);
      if (refused) return refused;
      inForce = makeVersion({ id: "3", version: 3, tables: body.tables, note: body.note, created_at: new Date().toISOString() });
      versions = [inForce, ...versions];
      return { status: 201, body: inForce };
    }
    if (path === "/api/staff/pricing/versions/") return { status: 200, body: versionsPage(versions) };
    const one = /^\/api\/staff\/pricing\/versions\/(\d+)\/$/.exec(path);
    if (one) {
      const found = versions.find((v) => v.version === Number(one[1]));
      return found ? { status: 200, body: found } : { status: 404, body: { detail: "Pricing version not found." } };
    }
    if (path === "/api/staff/pricing/preview/") {
      const body = JSON.parse(init.body as string) as { design_id: string; tables: PricingTables };
      return (
        overrides.preview?.(body) ?? {
          status: 200,
          body: {
            current: makeEstimate(),
            draft: makeEstimate({
              point: "1320.00",
              low: "1188.00",
              high: "1518.00",
              pricing_version: 3,
              lines: [{ label: "Metal: 18K yellow gold, 4.00 g at ₹8,000.00/g", amount: "363.64" }, ...makeEstimate().lines.slice(1)],
            }),
          },
        }
      );
    }
    if (path === "/api/staff/orders/") {
      const rows = [
        makeOrderRow(),
        makeOrderRow({
          id: "o2",
          order_number: "JW-2026-000124",
          design_id: "1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f",
          design_name: "Halo pendant",
        }),
      ];
      return { status: 200, body: { count: rows.length, next: null, previous: null, results: rows } };
    }
    return { status: 404, body: { detail: "Not found." } };
  });
  const utils = renderRoutes(
    [
      {
        path: "/staff/pricing",
        element: (
          <>
            <Link to="/staff">Queue</Link>
            <PricingScreen />
          </>
        ),
      },
      { path: "/staff", element: <p>The queue</p> },
    ],
    "/staff/pricing",
  );
  return { ...utils, calls };
}

const gold18 = () => screen.getByLabelText("Gold 18K, rupees per gram");
const bar = () => screen.getByRole("region", { name: "Unsaved changes" });

describe("pricing", () => {
  beforeEach(() => {
    localStorage.setItem("authToken", "tok");
    stubBrowserApis();
  });

  it("shows the tables in force, editable in place, and who saved them", async () => {
    renderPricing();
    expect(await screen.findByTestId("pricing-in-force")).toHaveTextContent("Version 2 in force · Asha Verma");
    expect(gold18()).toHaveValue("7150.00");
    expect(screen.getAllByTestId("metal-rate")).toHaveLength(4);
    // Stones by band; ruby has only a fine rate, its other bands use the gemstone rate.
    expect(screen.getByLabelText("Ruby, fine, rupees per carat")).toHaveValue("60000.00");
    expect(screen.getByLabelText("Ruby, premium, rupees per carat")).toHaveValue("");
    expect(screen.getByLabelText("Labour, ring, rupees")).toHaveValue("3500.00");
    expect(screen.getByLabelText("Margin")).toHaveValue("18");
    expect(screen.getByLabelText("1 INR (the base currency)")).toHaveAttribute("readonly");
    expect(screen.getByLabelText("Gold", { selector: "select" })).toHaveValue("18K");
    // Nothing changed yet: no save bar.
    expect(screen.queryByRole("region", { name: "Unsaved changes" })).not.toBeInTheDocument();
  });

  it("shows an error with a retry when the tables cannot be loaded", async () => {
    let fail = true;
    renderPricing({ inForce: () => (fail ? { status: 500, body: { detail: "A server error occurred." } } : undefined) as Reply });
    expect(await screen.findByText("The pricing tables could not be loaded. Please try again.")).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole("button", { name: "Try Again" }));
    expect(await screen.findByLabelText("Gold 18K, rupees per gram")).toHaveValue("7150.00");
  });

  it("checks a cell against the contract when it is left, next to the cell, and saves nothing until it is fixed", async () => {
    const { calls } = renderPricing();
    await screen.findByTestId("pricing-in-force");
    await userEvent.clear(gold18());
    await userEvent.type(gold18(), "7,15o");
    expect(screen.queryByText("Enter an amount with at most two decimal places.")).not.toBeInTheDocument();
    await userEvent.tab();
    const message = screen.getByText("Enter an amount with at most two decimal places.");
    expect(gold18()).toHaveAttribute("aria-invalid", "true");
    expect(gold18()).toHaveAttribute("aria-describedby", message.id);
    expect(bar()).toHaveTextContent("some values need attention");

    // Another mistake, not yet visited: shown when saving is tried.
    await userEvent.clear(screen.getByLabelText("Margin"));
    await userEvent.click(within(bar()).getByRole("button", { name: "Save as version 3" }));
    expect(await screen.findByText("Enter a percentage from 0 to 100.")).toBeInTheDocument();
    expect(within(bar()).getByRole("alert")).toHaveTextContent("Some values need attention");
    await waitFor(() => expect(gold18()).toHaveFocus());
    expect(calls.some((c) => c.init.method === "PUT")).toBe(false);
  });

  it("previews a design's estimate under the draft beside the one in force", async () => {
    const { calls } = renderPricing();
    await screen.findByTestId("pricing-in-force");
    await userEvent.clear(gold18());
    await userEvent.type(gold18(), "8000");
    const form = screen.getByRole("form", { name: "Preview the draft" });
    const design = await within(form).findByRole("combobox", { name: "Design" });
    await waitFor(() => expect(design).toHaveValue("9b2f3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d"));
    await userEvent.selectOptions(design, "1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f");
    await userEvent.click(within(form).getByRole("button", { name: "Preview the draft" }));

    const current = await screen.findByTestId("estimate-current");
    const drafted = screen.getByTestId("estimate-draft");
    expect(within(current).getByTestId("estimate-point")).toHaveTextContent("$1,240.00");
    expect(within(drafted).getByTestId("estimate-point")).toHaveTextContent("$1,320.00");
    expect(within(drafted).getByTestId("estimate-difference")).toHaveTextContent("+$80.00 (+6.5%)");
    expect(within(drafted).getByText("Metal: 18K yellow gold, 4.00 g at ₹8,000.00/g")).toBeInTheDocument();
    expect(screen.getByTestId("preview-design")).toHaveTextContent("Halo pendant (JW-2026-000124) in USD.");

    const sent = sentBody(calls.find((c) => c.url.endsWith("/api/staff/pricing/preview/"))) as { design_id: string; tables: PricingTables };
    expect(sent.design_id).toBe("1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f");
    expect(sent.tables).toEqual(makeTables((t) => (t.metal_rates[1]!.price_per_gram = "8000.00")));
    // Nothing saved by a preview.
    expect(calls.some((c) => c.init.method === "PUT")).toBe(false);

    // A later edit marks the preview out of date.
    await userEvent.type(gold18(), "5");
    expect(screen.getByText("The draft has changed since this preview. Preview again to see its effect.")).toBeInTheDocument();
  });

  it("previews a pasted design id, and says when no design has it", async () => {
    renderPricing({ preview: () => ({ status: 404, body: { detail: "Design not found." } }) });
    await screen.findByTestId("pricing-in-force");
    const form = screen.getByRole("form", { name: "Preview the draft" });
    await userEvent.click(within(form).getByRole("button", { name: "Paste a design id instead" }));
    await userEvent.type(within(form).getByLabelText("Design id"), "not-an-id");
    await userEvent.click(within(form).getByRole("button", { name: "Preview the draft" }));
    expect(within(form).getByText(/A design id looks like/)).toBeInTheDocument();
    await userEvent.clear(within(form).getByLabelText("Design id"));
    await userEvent.type(within(form).getByLabelText("Design id"), "00000000-0000-4000-8000-000000000000");
    await userEvent.click(within(form).getByRole("button", { name: "Preview the draft" }));
    expect(await within(form).findByText("No design has this id.")).toBeInTheDocument();
  });

  it("saves the draft as a new version with a note, listing what changes", async () => {
    const { calls } = renderPricing();
    await screen.findByTestId("pricing-in-force");
    await userEvent.clear(gold18());
    await userEvent.type(gold18(), "8000");
    expect(bar()).toHaveTextContent("1 unsaved change");
    await userEvent.click(within(bar()).getByRole("button", { name: "Save as version 3" }));
    const dialog = await screen.findByRole("dialog", { name: "Save as version 3" });
    const changes = within(dialog).getByRole("list", { name: "Changes in version 3" });
    expect(changes).toHaveTextContent("Gold 18K, per gram");
    expect(changes).toHaveTextContent("₹7,150.00");
    expect(changes).toHaveTextContent("₹8,000.00");
    await userEvent.type(within(dialog).getByLabelText("Note"), "Gold up 4%");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save version 3" }));

    expect(await screen.findByText("Pricing version 3 saved")).toBeInTheDocument();
    expect(screen.getByText("New estimates use it from now on.")).toBeInTheDocument();
    const put = calls.find((c) => c.init.method === "PUT");
    expect(sentBody(put)).toEqual({ tables: makeTables((t) => (t.metal_rates[1]!.price_per_gram = "8000.00")), note: "Gold up 4%" });
    // The new version is in force and heads the history; the draft starts from it.
    await waitFor(() => expect(screen.getByTestId("pricing-in-force")).toHaveTextContent("Version 3 in force"));
    const versions = await screen.findAllByTestId("pricing-version");
    await waitFor(() => expect(screen.getAllByTestId("pricing-version")).toHaveLength(3));
    expect(versions[0]).toHaveTextContent("Version 3");
    expect(within(screen.getAllByTestId("pricing-version")[0]!).getByText("In force")).toBeInTheDocument();
    expect(screen.getAllByTestId("pricing-version")[0]).toHaveTextContent("Asha Verma");
    expect(screen.getAllByTestId("pricing-version")[0]).toHaveTextContent("Gold up 4%");
    expect(gold18()).toHaveValue("8000.00");
    expect(screen.queryByRole("region", { name: "Unsaved changes" })).not.toBeInTheDocument();
  });

  it("shows the server's refusal next to the cells it names", async () => {
    renderPricing({ save: () => ({ status: 400, body: { "tables.metal_rates.0.price_per_gram": ["Enter a rate above zero."] } }) });
    await screen.findByTestId("pricing-in-force");
    const gold22 = screen.getByLabelText("Gold 22K, rupees per gram");
    await userEvent.clear(gold22);
    await userEvent.type(gold22, "0");
    await userEvent.click(within(bar()).getByRole("button", { name: "Save as version 3" }));
    await userEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Save version 3" }));
    expect(await screen.findByText("Enter a rate above zero.")).toBeInTheDocument();
    expect(gold22).toHaveAttribute("aria-invalid", "true");
    expect(within(bar()).getByRole("alert")).toHaveTextContent("The tables were not saved: fix the highlighted fields, then save.");
    // Editing the cell clears its message.
    await userEvent.type(gold22, "1");
    expect(screen.queryByText("Enter a rate above zero.")).not.toBeInTheDocument();
  });

  it("discards the changes after asking", async () => {
    renderPricing();
    await screen.findByTestId("pricing-in-force");
    await userEvent.clear(gold18());
    await userEvent.type(gold18(), "9999");
    await userEvent.click(within(bar()).getByRole("button", { name: "Discard changes" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Discard your changes?" });
    await userEvent.click(within(confirm).getByRole("button", { name: "Discard changes" }));
    expect(await screen.findByText("Changes discarded")).toBeInTheDocument();
    expect(gold18()).toHaveValue("7150.00");
    expect(screen.queryByRole("region", { name: "Unsaved changes" })).not.toBeInTheDocument();
  });

  it("asks before leaving with unsaved changes", async () => {
    const { router } = renderPricing();
    await screen.findByTestId("pricing-in-force");
    await userEvent.type(screen.getByLabelText("Labour, ring, rupees"), "5");
    await userEvent.click(screen.getByRole("link", { name: "Queue" }));
    const ask = await screen.findByRole("alertdialog", { name: "Leave without saving?" });
    await userEvent.click(within(ask).getByRole("button", { name: "Stay and keep editing" }));
    expect(router.state.location.pathname).toBe("/staff/pricing");
    expect(screen.getByLabelText("Labour, ring, rupees")).toHaveValue("3500.005");
    await userEvent.click(screen.getByRole("link", { name: "Queue" }));
    await userEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Leave and discard" }));
    expect(await screen.findByText("The queue")).toBeInTheDocument();
  });

  it("lists the versions and opens one to show what it changed, and starts a draft from it", async () => {
    renderPricing();
    await screen.findByTestId("pricing-in-force");
    const rows = await screen.findAllByTestId("pricing-version");
    expect(rows[1]).toHaveTextContent("Version 1");
    expect(rows[1]).toHaveTextContent("Shipped with the product");
    await userEvent.click(within(rows[0]!).getByRole("button", { name: "View version 2" }));
    const dialog = await screen.findByRole("dialog", { name: "Version 2" });
    const changes = await within(dialog).findByRole("list", { name: "Changes from version 1" });
    expect(changes).toHaveTextContent("Gold 18K, per gram");
    expect(changes).toHaveTextContent("₹7,000.00");
    expect(within(dialog).getByText("Gold up")).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "Done" }));

    await userEvent.click(within(rows[1]!).getByRole("button", { name: "View version 1" }));
    const first = await screen.findByRole("dialog", { name: "Version 1" });
    await userEvent.click(await within(first).findByRole("button", { name: "Start a draft from these values" }));
    expect(await screen.findByText("Draft from version 1")).toBeInTheDocument();
    expect(gold18()).toHaveValue("7000.00");
    expect(bar()).toHaveTextContent("1 unsaved change");
  });
});
