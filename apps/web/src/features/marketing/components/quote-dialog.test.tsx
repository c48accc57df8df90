import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { useToasts } from "@/components/ui/use-toast";
import { goTo } from "../lib/navigate";
import QuoteDialog from "./quote-dialog";

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

  it("keeps a visitor's link as the pending design and goes to sign-up", async () => {
    renderDialog();
    await userEvent.type(screen.getByLabelText("Jewelry Product Link"), "https://shop.example.com/rings/halo");
    await userEvent.click(screen.getByRole("button", { name: "Get Quote" }));
    expect(JSON.parse(sessionStorage.getItem("pendingDesign") ?? "null")).toEqual({ type: "link", data: "https://shop.example.com/rings/halo" });
    expect(goTo).toHaveBeenCalledWith("/signup");
  });

  it("sends a signed-in customer straight to New design with the link as navigation state", async () => {
    localStorage.setItem("authToken", "abc");
    renderDialog();
    await userEvent.type(screen.getByLabelText("Jewelry Product Link"), "www.example.com/pendant");
    await userEvent.click(screen.getByRole("button", { name: "Get Quote" }));
    await waitFor(() =>
      expect(goTo).toHaveBeenCalledWith("/dashboard/new-design", { pendingDesign: { type: "link", data: "https://www.example.com/pendant" } }),
    );
    expect(sessionStorage.getItem("pendingDesign")).toBeNull();
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
