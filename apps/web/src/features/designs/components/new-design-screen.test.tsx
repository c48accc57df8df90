import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { makeDesign } from "../testing/fixtures";
import { renderWithProviders, stubBrowserApis, stubFetch } from "../testing/render";
import { NewDesignScreen } from "./new-design-screen";

const PATH = "/dashboard/new-design";

beforeEach(() => {
  stubBrowserApis();
  localStorage.setItem("authToken", "token-1");
});
afterEach(() => vi.unstubAllGlobals());

describe("New design screen", () => {
  it("opens on Share a Link with a pending link in the input", () => {
    renderWithProviders(<NewDesignScreen />, { path: PATH, entry: { pathname: PATH, state: { pendingDesign: { type: "link", data: "https://shop.example.com/p/1" } } } });
    expect(screen.getByRole("heading", { level: 1, name: "New Design" })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: /Share a Link/ })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByLabelText("Product link")).toHaveValue("https://shop.example.com/p/1");
  });

  it("opens on Custom Design for ?tab=custom and for a pending file, asking to upload it again", () => {
    renderWithProviders(<NewDesignScreen />, { path: PATH, entry: { pathname: PATH, search: "?tab=custom", state: { pendingDesign: { type: "file", data: "sketch.jpg" } } } });
    expect(screen.getByRole("tab", { name: /Custom Design/ })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByText(/You started with “sketch.jpg”/)).toBeInTheDocument();
  });

  it("switches to Custom Design with the link as inspiration when extraction fails", async () => {
    stubFetch(() => ({ status: 422, body: { detail: "No product found." } }));
    const user = userEvent.setup();
    renderWithProviders(<NewDesignScreen />, { path: PATH });
    await user.type(screen.getByLabelText("Product link"), "https://shop.example.com/blog");
    await user.click(screen.getByRole("button", { name: "Extract Details" }));
    await waitFor(() => expect(screen.getByRole("tab", { name: /Custom Design/ })).toHaveAttribute("aria-selected", "true"));
    expect(screen.getByLabelText(/Inspiration link/)).toHaveValue("https://shop.example.com/blog");
  });

  it("loads ?edit=<id> and shows Edit Design", async () => {
    stubFetch((_m, path) => (path === "/api/designs/d-5/" ? { status: 200, body: makeDesign({ id: "d-5", name: "Heirloom band" }) } : { status: 404, body: { detail: "Not found." } }));
    renderWithProviders(<NewDesignScreen />, { path: PATH, entry: `${PATH}?edit=d-5` });
    expect(screen.getByRole("heading", { level: 1, name: "Edit Design" })).toBeInTheDocument();
    expect(await screen.findByLabelText(/Design Name/)).toHaveValue("Heirloom band");
    expect(screen.getByRole("tab", { name: /Custom Design/ })).toHaveAttribute("aria-selected", "true");
    // An edited design opens on its first step, every step reachable from the indicator.
    expect(screen.getByText("Step 1 of 6")).toBeInTheDocument();
    expect(screen.getByRole("navigation", { name: "Design steps" })).toContainElement(screen.getByRole("button", { name: /Review/ }));
  });

  it("says when the design to edit does not exist", async () => {
    stubFetch(() => ({ status: 404, body: { detail: "Not found." } }));
    renderWithProviders(<NewDesignScreen />, { path: PATH, entry: `${PATH}?edit=gone` });
    expect(await screen.findByText("Design not found")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to Designs" })).toHaveAttribute("href", "/dashboard/designs");
  });
});
