import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { makeDesign, makeProduct } from "../testing/fixtures";
import { renderWithProviders, stubBrowserApis, stubFetch } from "../testing/render";
import { LinkExtraction } from "./link-extraction";

const LINK = "https://shop.example.com/products/halo-ring";

beforeEach(() => {
  stubBrowserApis();
  localStorage.setItem("authToken", "token-1");
});
afterEach(() => vi.unstubAllGlobals());

describe("Share a Link", () => {
  it("asks for a link when it is empty and calls nothing", async () => {
    const calls = stubFetch(() => ({ status: 500 }));
    const user = userEvent.setup();
    renderWithProviders(<LinkExtraction onFallback={vi.fn()} />, { path: "/dashboard/new-design" });
    await user.type(screen.getByLabelText("Product link"), "   ");
    await user.click(screen.getByRole("button", { name: "Extract Details" }));

    const toast = (await screen.findByText("Please enter a product link")).closest("li")!;
    expect(within(toast).getByText("Error")).toBeInTheDocument();
    expect(toast).toHaveClass("bg-destructive");
    expect(calls).toHaveLength(0);
  });

  it("extracts, shows the review form and saves the spec's JSON payload", async () => {
    const product = makeProduct();
    const calls = stubFetch((method, path) => {
      if (path === "/api/scrape/") return { status: 200, body: product };
      if (method === "POST" && path === "/api/designs/") return { status: 201, body: makeDesign({ source: "link" }) };
      return { status: 404, body: { detail: "Not found." } };
    });
    const user = userEvent.setup();
    const { router } = renderWithProviders(<LinkExtraction onFallback={vi.fn()} />, { path: "/dashboard/new-design" });
    await user.type(screen.getByLabelText("Product link"), LINK);
    await user.click(screen.getByRole("button", { name: "Extract Details" }));

    expect(await screen.findByText("Product details extracted successfully! Please review and complete any missing details.")).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ method: "POST", path: "/api/scrape/", body: { url: LINK } });
    expect(screen.getByLabelText("Design name")).toHaveValue("Rose Gold Halo Ring");
    expect(screen.getByLabelText("Purity")).toHaveValue("18K");
    expect(screen.getByText(/metal weight, certificate type/)).toBeInTheDocument();
    for (const section of ["Basic Details", "Additional Information", "Metal Details", "Stone Details", "Design Details", "Dimensions", "Authentication", "Media"]) {
      expect(screen.getByRole("region", { name: section })).toBeInTheDocument();
    }

    // Image URLs: Enter adds, a broken image shows a placeholder, × removes.
    await user.type(screen.getByLabelText("Image URLs"), "https://shop.example.com/b.jpg{Enter}");
    expect(screen.getByRole("img", { name: "Product view 2" })).toBeInTheDocument();
    fireEvent.error(screen.getByRole("img", { name: "Product view 2" }));
    expect(screen.getByTestId("image-placeholder")).toHaveTextContent("Image unavailable");
    await user.click(screen.getByRole("button", { name: "Remove image 1" }));
    await user.type(screen.getByLabelText("Image URLs"), "not a url{Enter}");
    expect(screen.getByText(/Enter a valid image URL/)).toBeInTheDocument();

    await user.clear(screen.getByLabelText("Price"));
    await user.type(screen.getByLabelText("Price"), "1500");
    await user.click(screen.getByRole("button", { name: "Save Design" }));

    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]).toMatchObject({
      method: "POST",
      path: "/api/designs/",
      body: {
        name: "Rose Gold Halo Ring",
        design_type: "ring",
        description: "A halo of pavé diamonds.",
        inspiration_link: LINK,
        metal: "18K Rose Gold",
        stones: "2 x Diamond 0.5ct G VS1",
        size: "7",
        budget: "1500 USD",
      },
    });
    expect(await screen.findByText("Design saved successfully!")).toBeInTheDocument();
    // As after a custom design, the saved design opens with its estimate.
    await waitFor(() => expect(router.state.location.pathname).toBe(`/dashboard/designs/${makeDesign().id}`));
  });

  it.each([
    [422, { detail: "No product was found on this page." }],
    [502, { detail: "The shop did not answer." }],
    [200, { nothing: "useful" }],
  ])("falls back to the custom form on %i", async (status, body) => {
    stubFetch(() => ({ status, body }));
    const onFallback = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<LinkExtraction onFallback={onFallback} />, { path: "/dashboard/new-design" });
    await user.type(screen.getByLabelText("Product link"), LINK);
    await user.click(screen.getByRole("button", { name: "Extract Details" }));
    expect(await screen.findByText("Unable to Extract Details")).toBeInTheDocument();
    // The toast, and for a moment its screen-reader announcement too.
    expect(screen.getAllByText(/Please fill in the custom design form/)[0]).toBeInTheDocument();
    expect(onFallback).toHaveBeenCalledWith(LINK);
  });

  it("signs out on 403", async () => {
    stubFetch(() => ({ status: 403, body: { detail: "Forbidden." } }));
    const onFallback = vi.fn();
    const user = userEvent.setup();
    const { router } = renderWithProviders(<LinkExtraction onFallback={onFallback} />, { path: "/dashboard/new-design" });
    await user.type(screen.getByLabelText("Product link"), LINK);
    await user.click(screen.getByRole("button", { name: "Extract Details" }));
    expect(await screen.findByText("Please log in again to continue.")).toBeInTheDocument();
    expect(localStorage.getItem("authToken")).toBeNull();
    expect(router.state.location.pathname).toBe("/login");
    expect(onFallback).not.toHaveBeenCalled();
  });

  it("shows the server's message when the save fails", async () => {
    stubFetch((method, path) => (path === "/api/scrape/" ? { status: 200, body: makeProduct() } : { status: 400, body: { inspiration_link: ["Enter a valid URL."] } }));
    const user = userEvent.setup();
    renderWithProviders(<LinkExtraction onFallback={vi.fn()} />, { path: "/dashboard/new-design" });
    await user.type(screen.getByLabelText("Product link"), LINK);
    await user.click(screen.getByRole("button", { name: "Extract Details" }));
    await user.click(await screen.findByRole("button", { name: "Save Design" }));
    expect(await screen.findByText("Enter a valid URL.")).toBeInTheDocument();
  });
});
