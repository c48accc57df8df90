import { QueryClient } from "@tanstack/react-query";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderRoutes } from "@/test/render";
import { makeDesign } from "../testing/fixtures";
import { renderWithProviders, stubBrowserApis, stubFetch } from "../testing/render";
import { DesignDetailScreen } from "./design-detail-screen";
import { DesignsScreen } from "./designs-screen";

const page = (results: unknown[], count = results.length) => ({ count, next: null, previous: null, results });

beforeEach(() => {
  stubBrowserApis();
  localStorage.setItem("authToken", "token-1");
});
afterEach(() => vi.unstubAllGlobals());

describe("My Designs", () => {
  it("lists designs with their details, the inspiration link and pagination", async () => {
    const calls = stubFetch(() => ({
      status: 200,
      body: page(
        [
          makeDesign({ id: "a", name: "Garden ring", inspiration_link: "https://shop.example.com/p", stones: [{ id: "s", stone_type: "Emerald", stone_cut: "Oval", stone_carat: 1.2, stone_color: "", stone_clarity: "", position: "Center", quantity: 1 }] }),
          makeDesign({ id: "b", name: "From a link", source: "link", metal_type: "", metal_color: "", purity: "", metal: "18K Rose Gold", stones_text: "2 x Diamond 0.5ct G VS1", status: "processing" }),
        ],
        12,
      ),
    }));
    renderWithProviders(<DesignsScreen />, { path: "/dashboard/designs" });
    const cards = await screen.findAllByTestId("design-card");
    expect(calls[0]!.path).toBe("/api/designs/?page=1");
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    expect(first.getByRole("heading", { name: "Garden ring" })).toBeInTheDocument();
    expect(first.getByText("Pending")).toBeInTheDocument();
    expect(first.getByText("1 × Emerald · Oval · 1.2 ct · Center")).toBeInTheDocument();
    expect(first.getByText("₹75,000.00")).toBeInTheDocument();
    expect(first.getByRole("link", { name: /View Link/ })).toHaveAttribute("rel", "noopener noreferrer");
    const second = within(cards[1]!);
    expect(second.getByText("18K Rose Gold")).toBeInTheDocument();
    expect(second.getByText("2 x Diamond 0.5ct G VS1")).toBeInTheDocument();
    expect(second.getByText("Processing")).toBeInTheDocument();
    expect(second.queryByRole("link", { name: /View Link/ })).not.toBeInTheDocument();
    expect(screen.getByText("Page 1 of 2")).toBeInTheDocument();
  });

  it("offers Delete only on designs that are still editable", async () => {
    stubFetch(() => ({ status: 200, body: page([makeDesign({ id: "a", name: "Open" }), makeDesign({ id: "b", name: "In production", editable: false })]) }));
    renderWithProviders(<DesignsScreen />, { path: "/dashboard/designs" });
    const cards = await screen.findAllByTestId("design-card");
    expect(within(cards[0]!).getByRole("button", { name: /Delete/ })).toBeInTheDocument();
    expect(within(cards[1]!).queryByRole("button", { name: /Delete/ })).not.toBeInTheDocument();
  });

  it("shows the empty state, and no pagination for one page", async () => {
    stubFetch(() => ({ status: 200, body: page([]) }));
    renderWithProviders(<DesignsScreen />, { path: "/dashboard/designs" });
    expect(await screen.findByText("No designs found")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Create Your First Design" })).toHaveAttribute("href", "/dashboard/new-design");
    expect(screen.queryByRole("navigation", { name: "Pagination" })).not.toBeInTheDocument();
  });

  it("shows the error at the first failure of the next page (while it is retried), not the previous page's designs", async () => {
    stubFetch((_method, path) =>
      path.includes("page=2") ? { status: 500, body: { detail: "A server error occurred." } } : { status: 200, body: page([makeDesign({ id: "a", name: "Garden ring" })], 12) },
    );
    // The app's client retries a 5xx three times, seconds apart.
    const client = new QueryClient({ defaultOptions: { queries: { retry: 3, retryDelay: 60_000 } } });
    const { router } = renderRoutes([{ path: "/dashboard/designs", element: <DesignsScreen /> }], "/dashboard/designs", client);
    expect(await screen.findByText("Garden ring")).toBeInTheDocument();
    await router.navigate("/dashboard/designs?page=2");
    expect(await screen.findByText("Failed to load your designs. Please try again.")).toBeInTheDocument();
    expect(screen.queryByText("Garden ring")).not.toBeInTheDocument();
  });

  it("shows the error with Try Again", async () => {
    stubFetch(() => ({ status: 500, body: { detail: "boom" } }));
    renderWithProviders(<DesignsScreen />, { path: "/dashboard/designs" });
    expect(await screen.findByText("Failed to load your designs. Please try again.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try Again" })).toBeInTheDocument();
  });

  it("honours ?search= and deletes after confirmation", async () => {
    let deleted = false;
    const calls = stubFetch((method) => {
      if (method === "DELETE") {
        deleted = true;
        return { status: 204 };
      }
      return { status: 200, body: page(deleted ? [] : [makeDesign({ id: "a", name: "Garden ring" })]) };
    });
    const user = userEvent.setup();
    renderWithProviders(<DesignsScreen />, { path: "/dashboard/designs", entry: "/dashboard/designs?search=garden" });
    expect(await screen.findByText("“garden”")).toBeInTheDocument();
    expect(calls[0]!.path).toBe("/api/designs/?page=1&search=garden");
    await user.click(await screen.findByRole("button", { name: /Delete/ }));
    const dialog = await screen.findByRole("alertdialog");
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Design deleted")).toBeInTheDocument();
    expect(calls.some((c) => c.method === "DELETE" && c.path === "/api/designs/a/")).toBe(true);
    expect(await screen.findByText("No designs found")).toBeInTheDocument();
  });
});

describe("Design detail", () => {
  it("shows the instant estimate with the saving, its order, and no Edit/Delete once it is not editable", async () => {
    stubFetch(() => ({
      status: 200,
      body: makeDesign({
        id: "a",
        source: "link",
        editable: false,
        order: { id: "o1", order_number: "JW-2026-000123", status: "cad_design" },
        estimate: {
          currency: "USD",
          low: "900.00",
          point: "1000.00",
          high: "1100.00",
          lines: [{ label: "Metal: 18K gold, 4.5 g", amount: "600.00" }, { label: "Stones", amount: "400.00" }],
          retail_price: "1600.00",
          savings_percent: 37.5,
          assumptions: [],
          pricing_version: 1,
        },
      }),
    }));
    renderWithProviders(<DesignDetailScreen designId="a" />, { path: "/dashboard/designs/:id", entry: "/dashboard/designs/a" });
    const estimate = await screen.findByRole("region", { name: "Your instant estimate" });
    expect(within(estimate).getByText("Metal: 18K gold, 4.5 g")).toBeInTheDocument();
    expect(within(estimate).getByText("$900.00")).toBeInTheDocument();
    expect(within(estimate).getByText("$1,100.00")).toBeInTheDocument();
    expect(within(estimate).getByTestId("estimate-saving")).toHaveTextContent("38% less than the shop's price of $1,600.00");
    const order = screen.getByTestId("design-order");
    expect(within(order).getByRole("link", { name: "JW-2026-000123" })).toHaveAttribute("href", "/dashboard/orders/o1");
    expect(within(order).getByText("CAD Design")).toBeInTheDocument();
    expect(within(order).getByRole("link", { name: "the order's comments" })).toHaveAttribute("href", "/dashboard/orders/o1");
    expect(screen.queryByRole("link", { name: /Edit/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Delete/ })).not.toBeInTheDocument();
  });

  it("shows only the sections that have data", async () => {
    stubFetch(() => ({
      status: 200,
      body: makeDesign({ id: "a", special_requests: "Gift box please", images: [{ id: "i1", image: "/i/1.png", thumbnail: "/i/1t.png", width: 1, height: 1 }] }),
    }));
    const user = userEvent.setup();
    renderWithProviders(<DesignDetailScreen designId="a" />, { path: "/dashboard/designs/:id", entry: "/dashboard/designs/a" });
    expect(await screen.findByRole("heading", { level: 1, name: "Anniversary solitaire" })).toBeInTheDocument();
    for (const s of ["Metal", "Specifications", "Design Details", "Special Requests"]) expect(screen.getByRole("region", { name: s })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Stone Details" })).not.toBeInTheDocument();
    expect(within(screen.getByRole("region", { name: "Specifications" })).getByText("7")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Edit/ })).toHaveAttribute("href", "/dashboard/new-design?edit=a");

    await user.click(screen.getByRole("button", { name: "View full-size image" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByRole("img")).toHaveAttribute("src", "/i/1.png");
  });

  it("says 'Design not found' on 404 and toasts on other failures", async () => {
    stubFetch((_m, path) => (path.includes("gone") ? { status: 404, body: { detail: "Not found." } } : { status: 500, body: null }));
    renderWithProviders(<DesignDetailScreen designId="gone" />, { path: "/x" });
    expect(await screen.findByText("Design not found")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to Designs" })).toBeInTheDocument();
  });

  it("shows the failure text and toast when loading fails", async () => {
    stubFetch(() => ({ status: 500, body: null }));
    renderWithProviders(<DesignDetailScreen designId="a" />, { path: "/x" });
    expect(await screen.findByText("Failed to fetch design details")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText("Failed to load design details. Please try again.")).toBeInTheDocument());
  });
});
