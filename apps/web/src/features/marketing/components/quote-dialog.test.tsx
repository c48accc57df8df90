import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { useToasts } from "@/components/ui/use-toast";
import { goTo } from "../lib/navigate";
import { stubFetch } from "@/test/render";
import QuoteDialog from "./quote-dialog";

const PRODUCT = {
  title: "Rose Gold Halo Ring",
  url: "https://shop.example.com/rings/halo",
  price: 1299,
  currency: "USD",
  jewelry_type: "Ring",
  source_website: "shop.example.com",
  metal_details: { purity: "18K", weight: 3.2, metal_type: "Gold", metal_color: "Rose", weight_unit: "g" },
  media: { video_url: "", image_urls: [] },
};
const ESTIMATE = {
  currency: "USD",
  low: "955.00",
  point: "1005.00",
  high: "1106.00",
  lines: [
    { label: "Metal: 18K rose gold, 3.20 g at ₹6,000.00/g", amount: "230.00" },
    { label: "Labour: making charge for a ring", amount: "775.00" },
  ],
  retail_price: "1299.00",
  savings_percent: 22.6,
  assumptions: [],
  pricing_version: 1,
};


vi.mock("../lib/navigate", () => ({ goTo: vi.fn() }));

function ToastText() {
  const toasts = useToasts();
  return <output>{toasts.filter((t) => t.open).map((t) => `${t.variant ?? "default"}: ${t.title as string}`)}</output>;
}

function renderDialog() {
  const returnFocusTo = { current: null };
  render(
    <>
      <QuoteDialog open onOpenChange={() => undefined} returnFocusTo={returnFocusTo} />
      <ToastText />
    </>,
  );
}

describe("QuoteDialog", () => {
  beforeEach(() => vi.mocked(goTo).mockClear());

  it("shows the title, the three steps, the URL field and the notes", () => {
    renderDialog();
    expect(screen.getByRole("dialog", { name: "Get Your Instant Quote" })).toBeInTheDocument();
    expect(screen.getAllByRole("listitem").map((li) => li.textContent)).toEqual(
      expect.arrayContaining([expect.stringContaining("Share Link"), expect.stringContaining("Get Quote"), expect.stringContaining("Order & Delivery")]),
    );
    const input = screen.getByLabelText("Jewelry Product Link");
    expect(input).toHaveAttribute("type", "url");
    expect(input).toHaveAttribute("placeholder", expect.stringMatching(/^https:\/\//));
    expect(screen.getByText("Save up to 40%")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Cancel" })).toBeInTheDocument();
  });

  it("refuses an empty link with the destructive toast and stores nothing", async () => {
    renderDialog();
    await userEvent.click(screen.getByRole("button", { name: "Get Quote" }));
    expect(screen.getByRole("status", { hidden: true })).toHaveTextContent("destructive: Please enter a jewelry product link");
    expect(sessionStorage.getItem("pendingDesign")).toBeNull();
    expect(goTo).not.toHaveBeenCalled();
  });

  it("reads a pasted link by itself and shows its estimate before sign-up; saving keeps the design and goes to sign-up", async () => {
    const calls = stubFetch((url, init) => {
      if (url === "/api/public/scrape/") return { status: 200, body: PRODUCT };
      if (url === "/api/public/estimate/") return { status: 200, body: ESTIMATE };
      return { status: 404, body: { detail: `unexpected ${init.method ?? "GET"} ${url}` } };
    });
    renderDialog();
    await userEvent.click(screen.getByLabelText("Jewelry Product Link"));
    await userEvent.paste("https://shop.example.com/rings/halo");

    const estimate = await screen.findByRole("region", { name: "Your instant estimate" });
    expect(estimate).toHaveTextContent("Metal: 18K rose gold, 3.20 g");
    expect(estimate).toHaveTextContent("$1,005.00");
    expect(screen.getByTestId("estimate-saving")).toHaveTextContent("About 23% less than the shop's price of $1,299.00");
    expect(screen.getByTestId("quoted-product")).toHaveTextContent("Rose Gold Halo Ring");
    // No button was pressed: the paste did it, anonymously, with the link's save payload.
    expect(calls.map((c) => c.url)).toEqual(["/api/public/scrape/", "/api/public/estimate/"]);
    expect(new Headers(calls[0]!.init.headers).get("authorization")).toBeNull();
    expect(JSON.parse(calls[1]!.init.body as string)).toMatchObject({
      source: "link",
      name: "Rose Gold Halo Ring",
      metal: "18K Rose Gold",
      weight: "3.2 g",
      budget: "1299 USD",
      inspiration_link: "https://shop.example.com/rings/halo",
    });
    expect(screen.queryByRole("button", { name: "Get Quote" })).toBeNull();

    await userEvent.click(screen.getByRole("button", { name: "Save and get a firm quote" }));
    const pending = JSON.parse(sessionStorage.getItem("pendingDesign") ?? "null") as Record<string, unknown>;
    expect(pending).toMatchObject({
      type: "estimate",
      data: "https://shop.example.com/rings/halo",
      design: { source: "link", payload: { name: "Rose Gold Halo Ring", metal: "18K Rose Gold", budget: "1299 USD" } },
    });
    expect(pending.id).toEqual(expect.any(String));
    expect(goTo).toHaveBeenCalledWith("/signup");
  });

  it("says why a link could not be read, and offers to describe the piece or to continue with the link", async () => {
    stubFetch(() => ({ status: 422, body: { detail: "We could not find a product on that page." } }));
    renderDialog();
    await userEvent.type(screen.getByLabelText("Jewelry Product Link"), "https://shop.example.com/blog");
    await userEvent.click(screen.getByRole("button", { name: "Get Quote" }));
    expect(await screen.findByTestId("quote-error")).toHaveTextContent("We could not find a product on that page.");
    expect(screen.getByRole("button", { name: "Describe it instead" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Continue with this link" }));
    expect(JSON.parse(sessionStorage.getItem("pendingDesign") ?? "null")).toEqual({ type: "link", data: "https://shop.example.com/blog" });
    expect(goTo).toHaveBeenCalledWith("/signup");
  });

  it("shows the server's throttle message as it is", async () => {
    const detail = "Too many instant quotes from your network. Please try again in 60 minutes, or sign in to continue.";
    stubFetch(() => ({ status: 429, body: { detail } }));
    renderDialog();
    await userEvent.type(screen.getByLabelText("Jewelry Product Link"), "https://shop.example.com/rings/halo");
    await userEvent.click(screen.getByRole("button", { name: "Get Quote" }));
    expect(await screen.findByTestId("quote-error")).toHaveTextContent(detail);
    expect(screen.queryByRole("button", { name: "Continue with this link" })).toBeNull();
  });

  it("prices a described piece without a link, and re-estimates as it changes", async () => {
    const calls = stubFetch((url) =>
      url === "/api/public/estimate/" ? { status: 200, body: { ...ESTIMATE, currency: "INR", retail_price: null, savings_percent: null } } : { status: 404 },
    );
    renderDialog();
    await userEvent.click(screen.getByRole("button", { name: "No link? Describe the piece instead" }));
    expect(await screen.findByRole("region", { name: "Your instant estimate" })).toBeInTheDocument();
    expect(JSON.parse(calls[0]!.init.body as string)).toMatchObject({ source: "custom", design_type: "ring", metal_type: "gold", purity: "18K", stones: [], currency: "INR" });
    await userEvent.selectOptions(screen.getByLabelText("Stone"), "diamond");
    await userEvent.type(screen.getByLabelText("Carat each"), "0.5");
    await waitFor(() => expect(JSON.parse(calls.at(-1)!.init.body as string)).toMatchObject({ stones: [{ stone_type: "diamond", stone_carat: "0.5", quantity: "1" }] }));
    await waitFor(() => expect(screen.getByRole("button", { name: "Save and get a firm quote" })).toBeEnabled());
    await userEvent.click(screen.getByRole("button", { name: "Save and get a firm quote" }));
    expect(JSON.parse(sessionStorage.getItem("pendingDesign") ?? "null")).toMatchObject({
      type: "estimate",
      data: "",
      design: { source: "custom", payload: { name: "18K Yellow Gold Ring", design_type: "ring" } },
    });
    expect(goTo).toHaveBeenCalledWith("/signup");
  });

  it("explains a link that is not a web address", async () => {
    renderDialog();
    await userEvent.type(screen.getByLabelText("Jewelry Product Link"), "emerald ring");
    await userEvent.click(screen.getByRole("button", { name: "Get Quote" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Please enter a full web address");
    expect(screen.getByLabelText("Jewelry Product Link")).toHaveAttribute("aria-invalid", "true");
    expect(goTo).not.toHaveBeenCalled();
  });
});
