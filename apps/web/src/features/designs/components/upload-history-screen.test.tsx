import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders, stubBrowserApis, stubFetch } from "../testing/render";
import { UploadHistoryScreen } from "./upload-history-screen";

const upload = (over: Record<string, unknown>) => ({
  id: "u1",
  file_name: "front.png",
  size: 204800,
  content_type: "image/png",
  status: "completed",
  design_id: "d1",
  design_name: "Garden ring",
  url: "/files/front.png",
  thumbnail: "/files/front-t.png",
  created_at: new Date().toISOString(),
  deletable: true,
  ...over,
});

beforeEach(() => {
  stubBrowserApis();
  localStorage.setItem("authToken", "token-1");
});
afterEach(() => vi.unstubAllGlobals());

describe("Upload History", () => {
  it("lists files; preview and download only for completed ones; delete asks first", async () => {
    const calls = stubFetch((method) =>
      method === "DELETE"
        ? { status: 204 }
        : { status: 200, body: { count: 2, next: null, previous: null, results: [upload({}), upload({ id: "u2", file_name: "side.jpg", content_type: "image/jpeg", status: "processing", url: null, thumbnail: null, deletable: false })] } },
    );
    const user = userEvent.setup();
    renderWithProviders(<UploadHistoryScreen />, { path: "/dashboard/upload-history" });
    const rows = await screen.findAllByTestId("upload-row");
    expect(calls[0]!.path).toBe("/api/uploads/?page=1");
    const done = within(rows[0]!);
    expect(done.getByText(/200 KB · PNG/)).toBeInTheDocument();
    expect(done.getByText("Completed")).toBeInTheDocument();
    expect(done.getByRole("link", { name: "Garden ring" })).toHaveAttribute("href", "/dashboard/designs/d1");
    expect(done.getByRole("link", { name: "Download front.png" })).toHaveAttribute("href", "/files/front.png");
    const pending = within(rows[1]!);
    expect(pending.getByText("Processing")).toBeInTheDocument();
    // Part of a submitted order: no Delete.
    expect(pending.queryByRole("button", { name: /Delete/ })).not.toBeInTheDocument();
    expect(pending.queryByRole("button", { name: /Preview/ })).not.toBeInTheDocument();
    expect(pending.queryByRole("link", { name: /Download/ })).not.toBeInTheDocument();

    await user.click(done.getByRole("button", { name: "Preview front.png" }));
    expect(within(await screen.findByRole("dialog")).getByRole("img", { name: "front.png" })).toHaveAttribute("src", "/files/front.png");
    await user.keyboard("{Escape}");

    await user.click(done.getByRole("button", { name: "Delete front.png" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("File deleted")).toBeInTheDocument();
    expect(calls.some((c) => c.method === "DELETE" && c.path === "/api/uploads/u1/")).toBe(true);
  });

  it("has an empty state", async () => {
    stubFetch(() => ({ status: 200, body: { count: 0, next: null, previous: null, results: [] } }));
    renderWithProviders(<UploadHistoryScreen />, { path: "/dashboard/upload-history" });
    expect(await screen.findByText("No uploads yet")).toBeInTheDocument();
  });
});
