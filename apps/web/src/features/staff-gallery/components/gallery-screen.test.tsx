import type { StaffGalleryPost } from "@atelier/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderRoutes, sentBody, stubBrowserApis, stubFetch } from "@/test/render";
import { stubXhr } from "@/test/fake-xhr";
import { imageFile, makePost, posts } from "../testing/fixtures";
import { GalleryScreen } from "./gallery-screen";

type Handler = Parameters<typeof stubFetch>[0];

function renderGallery(handler?: Handler, list: StaffGalleryPost[] = posts) {
  let current = [...list];
  const calls = stubFetch(
    handler ??
      ((url, init) => {
        const method = init.method ?? "GET";
        if (url.endsWith("/api/staff/gallery/") && method === "GET") return { status: 200, body: current };
        if (url.endsWith("/api/staff/gallery/reorder/")) {
          const { ids } = JSON.parse(init.body as string) as { ids: string[] };
          current = ids.map((id, i) => ({ ...current.find((p) => p.id === id)!, position: i }));
          return { status: 200, body: current };
        }
        const match = /\/api\/staff\/gallery\/([^/]+)\/$/.exec(url);
        if (match && method === "PATCH") {
          const form = init.body as FormData;
          const post = { ...current.find((p) => p.id === match[1])!, published: form.get("published") === "true" };
          current = current.map((p) => (p.id === post.id ? post : p));
          return { status: 200, body: post };
        }
        if (match && method === "DELETE") {
          current = current.filter((p) => p.id !== match[1]);
          return { status: 204 };
        }
        return { status: 404, body: { detail: "Not found." } };
      }),
  );
  const utils = renderRoutes([{ path: "/staff/gallery", element: <GalleryScreen /> }], "/staff/gallery");
  return { ...utils, calls };
}

const rows = () => screen.getAllByTestId("gallery-row");
const names = () => rows().map((r) => within(r).getByRole("heading", { level: 3 }).textContent);

describe("staff gallery", () => {
  beforeEach(() => {
    localStorage.setItem("authToken", "tok");
    stubBrowserApis();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("lists every post in public order with its photograph, hidden ones marked", async () => {
    renderGallery();
    expect(await screen.findByRole("heading", { level: 1, name: "Gallery" })).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(names()).toEqual(["Priya N.", "Arjun Mehta", "Sara K."]);
    expect(within(rows()[0]!).getByRole("img", { name: "The piece made for Priya N." })).toHaveAttribute("src", "/files/gallery/p1.webp");
    expect(within(rows()[0]!).queryByText("Hidden")).not.toBeInTheDocument();
    expect(within(rows()[2]!).getByText("Hidden")).toBeInTheDocument();
    expect(within(rows()[2]!).getByRole("button", { name: "Show Sara K.'s post" })).toBeInTheDocument();
    expect(screen.getByTestId("gallery-summary")).toHaveTextContent("3 posts · 1 hidden");
    // The first cannot move up, the last cannot move down.
    expect(screen.getByRole("button", { name: "Move Priya N.'s post up" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Move Sara K.'s post down" })).toBeDisabled();
    expect(screen.getByRole("link", { name: /Public gallery/ })).toHaveAttribute("href", "/gallery");
  });

  it("shows the empty state with a way to add the first post", async () => {
    renderGallery(undefined, []);
    expect(await screen.findByRole("heading", { name: "No gallery posts yet" })).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole("button", { name: "New post" }).at(-1)!);
    expect(await screen.findByRole("dialog", { name: "New gallery post" })).toBeInTheDocument();
  });

  it("shows an error with a retry that loads the list again", async () => {
    let fail = true;
    renderGallery((url) => {
      if (url.endsWith("/api/staff/gallery/"))
        return fail ? { status: 500, body: { detail: "A server error occurred." } } : { status: 200, body: posts };
      return { status: 404 };
    });
    expect(await screen.findByText("The gallery could not be loaded. Please try again.")).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole("button", { name: "Try Again" }));
    await waitFor(() => expect(rows()).toHaveLength(3));
  });

  it("moves a post down with the keyboard, saves the new order and keeps the focus on the post", async () => {
    const { calls } = renderGallery();
    await waitFor(() => expect(rows()).toHaveLength(3));
    const down = screen.getByRole("button", { name: "Move Priya N.'s post down" });
    down.focus();
    await userEvent.keyboard("{Enter}");
    await waitFor(() => expect(names()).toEqual(["Arjun Mehta", "Priya N.", "Sara K."]));
    const reorder = calls.find((c) => c.url.endsWith("/api/staff/gallery/reorder/"));
    expect(reorder?.init.method).toBe("POST");
    expect(sentBody(reorder)).toEqual({ ids: [posts[1]!.id, posts[0]!.id, posts[2]!.id] });
    await waitFor(() => expect(screen.getByRole("button", { name: "Move Priya N.'s post down" })).toHaveFocus());
    expect(screen.getByText("Priya N.'s post moved to position 2 of 3.")).toHaveAttribute("role", "status");
  });

  it("puts the list back when the server refuses the new order", async () => {
    renderGallery((url, init) => {
      if (url.endsWith("/api/staff/gallery/reorder/")) return { status: 400, body: { ids: ["Unknown post."] } };
      if (url.endsWith("/api/staff/gallery/") && (init.method ?? "GET") === "GET") return { status: 200, body: posts };
      return { status: 404 };
    });
    await waitFor(() => expect(rows()).toHaveLength(3));
    await userEvent.click(screen.getByRole("button", { name: "Move Sara K.'s post up" }));
    expect(await screen.findByText("The order was not saved")).toBeInTheDocument();
    await waitFor(() => expect(names()).toEqual(["Priya N.", "Arjun Mehta", "Sara K."]));
  });

  it("hides and shows a post", async () => {
    const { calls } = renderGallery();
    await waitFor(() => expect(rows()).toHaveLength(3));
    await userEvent.click(screen.getByRole("button", { name: "Hide Priya N.'s post" }));
    expect(await screen.findByText("Post hidden")).toBeInTheDocument();
    const patch = calls.find((c) => c.init.method === "PATCH")!;
    expect(patch.url).toMatch(/\/api\/staff\/gallery\/11111111-1111-4111-8111-111111111111\/$/);
    expect([...(patch.init.body as FormData).entries()]).toEqual([["published", "false"]]);
    expect(await within(rows()[0]!).findByText("Hidden")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Show Priya N.'s post" }));
    expect(await screen.findByText("Post shown")).toBeInTheDocument();
  });

  it("deletes a post after confirming", async () => {
    const { calls } = renderGallery();
    await waitFor(() => expect(rows()).toHaveLength(3));
    await userEvent.click(screen.getByRole("button", { name: "Delete Arjun Mehta's post" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Delete this post?" });
    await userEvent.click(within(confirm).getByRole("button", { name: "Keep post" }));
    expect(calls.some((c) => c.init.method === "DELETE")).toBe(false);
    await userEvent.click(screen.getByRole("button", { name: "Delete Arjun Mehta's post" }));
    await userEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Delete post" }));
    expect(await screen.findByText("Post deleted")).toBeInTheDocument();
    expect(calls.find((c) => c.init.method === "DELETE")?.url).toMatch(/22222222-2222-4222-8222-222222222222\/$/);
    await waitFor(() => expect(names()).toEqual(["Priya N.", "Sara K."]));
  });
});

describe("the post dialog", () => {
  beforeEach(() => {
    localStorage.setItem("authToken", "tok");
    stubBrowserApis();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("checks the fields and the photograph before sending a new post", async () => {
    const requests = stubXhr();
    renderGallery();
    await waitFor(() => expect(rows()).toHaveLength(3));
    await userEvent.click(screen.getByRole("button", { name: "New post" }));
    const dialog = await screen.findByRole("dialog", { name: "New gallery post" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Add the post" }));
    expect(within(dialog).getByText("Add a photograph of the piece.")).toBeInTheDocument();
    expect(within(dialog).getAllByText("This field is required.")).toHaveLength(2);
    expect(within(dialog).getByLabelText(/Customer's name/)).toHaveAttribute("aria-invalid", "true");

    const input = within(dialog).getByLabelText("Choose a photograph");
    fireEvent.change(input, { target: { files: [imageFile("sketch.gif", "image/gif")] } });
    expect(within(dialog).getByText("“sketch.gif” is not a JPG, PNG or WebP image.")).toBeInTheDocument();
    const huge = imageFile("huge.jpg");
    Object.defineProperty(huge, "size", { value: 11 * 1024 * 1024 });
    fireEvent.change(input, { target: { files: [huge] } });
    expect(within(dialog).getByText("“huge.jpg” is larger than 10 MB.")).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it("sends a new post as multipart with its photograph, with upload progress, and closes with a toast", async () => {
    const requests = stubXhr();
    renderGallery();
    await waitFor(() => expect(rows()).toHaveLength(3));
    await userEvent.click(screen.getByRole("button", { name: "New post" }));
    const dialog = await screen.findByRole("dialog", { name: "New gallery post" });
    await userEvent.upload(within(dialog).getByLabelText("Choose a photograph"), imageFile("ring.jpg"));
    expect(within(dialog).getByLabelText("Replace the photograph")).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/Customer's name/), "Meera I.");
    await userEvent.type(within(dialog).getByLabelText(/Their words/), "Better than the sketch.");
    const date = within(dialog).getByLabelText(/Delivered on/);
    await userEvent.clear(date);
    await userEvent.type(date, "2026-02-01");
    await userEvent.click(within(dialog).getByLabelText("Show on the public gallery"));
    await userEvent.click(within(dialog).getByRole("button", { name: "Add the post" }));

    await waitFor(() => expect(requests).toHaveLength(1));
    const xhr = requests[0]!;
    expect(xhr.method).toBe("POST");
    expect(xhr.url).toBe("/api/staff/gallery/");
    const body = xhr.body!;
    expect(body.get("customer_name")).toBe("Meera I.");
    expect(body.get("customer_quote")).toBe("Better than the sketch.");
    expect(body.get("date")).toBe("2026-02-01");
    expect(body.get("published")).toBe("false");
    expect((body.get("image") as File).name).toBe("ring.jpg");
    xhr.progress(50, 100);
    expect(await within(dialog).findByText("Uploading… 50%")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: /Saving/ })).toBeDisabled();
    xhr.respond(201, makePost({ id: "44444444-4444-4444-8444-444444444444", customer_name: "Meera I.", published: false }));
    expect(await screen.findByText("Post added")).toBeInTheDocument();
    expect(screen.getByText("It is hidden until you show it.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("edits a post without a new photograph and shows the server's field errors", async () => {
    const requests = stubXhr();
    renderGallery();
    await waitFor(() => expect(rows()).toHaveLength(3));
    await userEvent.click(screen.getByRole("button", { name: "Edit Arjun Mehta's post" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit the post" });
    expect(within(dialog).getByRole("img", { name: "The piece made for Arjun Mehta" })).toHaveAttribute("src", "/images/gallery/halo.jpg");
    const words = within(dialog).getByLabelText(/Their words/);
    expect(words).toHaveValue("Her halo pendant arrived a week early.");
    await userEvent.clear(words);
    await userEvent.type(words, "Arrived early and shines.");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save changes" }));

    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]!.method).toBe("PATCH");
    expect(requests[0]!.url).toBe("/api/staff/gallery/22222222-2222-4222-8222-222222222222/");
    expect(requests[0]!.body!.get("customer_quote")).toBe("Arrived early and shines.");
    expect(requests[0]!.body!.get("image")).toBeNull();
    requests[0]!.respond(400, { date: ["Enter a date as YYYY-MM-DD."] });
    expect(await within(dialog).findByText("Enter a date as YYYY-MM-DD.")).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Delivered on/)).toHaveAttribute("aria-invalid", "true");

    await userEvent.click(within(dialog).getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(requests).toHaveLength(2));
    requests[1]!.respond(200, makePost({ ...posts[1]!, customer_quote: "Arrived early and shines." }));
    expect(await screen.findByText("Post saved")).toBeInTheDocument();
  });
});
