import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetGalleryPosts } from "../api/gallery-posts";
import { GalleryCarousel } from "./gallery-carousel";
import { GalleryGrid } from "./gallery-grid";

const posts = Array.from({ length: 10 }, (_, i) => ({
  id: String(i),
  image: `/images/gallery/piece-${i}-640.webp`,
  customer_name: `Customer ${i}`,
  customer_quote: `Quote ${i}`,
  date: "2025-06-05",
}));
const ok = () => new Response(JSON.stringify(posts), { status: 200, headers: { "Content-Type": "application/json" } });

describe("gallery", () => {
  beforeEach(() => resetGalleryPosts());
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it("shows 'Loading gallery...' and then the posts, with responsive images", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValue(ok());
    render(<GalleryCarousel />);
    expect(screen.getByText("Loading gallery...")).toBeInTheDocument();
    expect((await screen.findAllByText("Customer 0"))[0]).toBeInTheDocument();
    const img = screen.getAllByRole("img", { name: "A piece made for Customer 0" })[0]!;
    expect(img).toHaveAttribute("srcset", "/images/gallery/piece-0-320.webp 320w, /images/gallery/piece-0-640.webp 640w");
    expect(img).toHaveAttribute("loading", "lazy");
    // The clones that close the loop are hidden from assistive technology.
    expect(screen.getAllByRole("listitem")).toHaveLength(10);
  });

  it("advances every 3000 ms, pauses on hover and with the pause button", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValue(ok());
    vi.useFakeTimers({ shouldAdvanceTime: true });
    render(<GalleryCarousel />);
    await screen.findAllByText("Customer 0");
    const track = screen.getByRole("region", { name: "Customer gallery" }).querySelector("ul")!;
    expect(track.style.transform).toContain("calc(0 *");
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(track.style.transform).toContain("calc(-1 *");
    act(() => {
      screen.getByRole("region", { name: "Customer gallery" }).dispatchEvent(new MouseEvent("mouseover", { bubbles: true }));
    });
    act(() => {
      vi.advanceTimersByTime(9000);
    });
    expect(track.style.transform).toContain("calc(-1 *");
    vi.useRealTimers();
    await userEvent.unhover(screen.getByRole("region", { name: "Customer gallery" }));
    await userEvent.click(screen.getByRole("button", { name: "Pause gallery" }));
    expect(screen.getByRole("button", { name: "Play gallery" })).toBeInTheDocument();
  });

  it("says 'Failed to load gallery posts' when there are none, and retries", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockResolvedValueOnce(new Response("{}", { status: 500 })).mockResolvedValueOnce(ok());
    render(<GalleryCarousel />);
    expect(await screen.findByText("Failed to load gallery posts")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Try Again" }));
    expect((await screen.findAllByText("Customer 0"))[0]).toBeInTheDocument();
    expect(fetchSpy).toHaveBeenCalledTimes(2);
  });

  it("the gallery page says 'Failed to load gallery items' on error and lists every post otherwise", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValueOnce(new Response("{}", { status: 503 }));
    const { unmount } = render(<GalleryGrid />);
    expect(await screen.findByText("Failed to load gallery items")).toBeInTheDocument();
    unmount();
    resetGalleryPosts();
    vi.spyOn(globalThis, "fetch").mockResolvedValue(ok());
    render(<GalleryGrid />);
    expect(await screen.findByText("“Quote 9”")).toBeInTheDocument();
    expect(screen.getAllByRole("figure")).toHaveLength(10);
    expect(screen.getAllByText("June 2025")).toHaveLength(10);
  });
});
