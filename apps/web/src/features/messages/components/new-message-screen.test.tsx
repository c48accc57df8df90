import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { page, renderRoutes, sentBody, stubBrowserApis, stubFetch } from "@/test/render";
import { NewMessageScreen } from "./new-message-screen";

const topics = {
  orders: [
    { id: "o0", order_number: "JW-2026-000100", design_name: "Old pendant" },
    { id: "o1", order_number: "JW-2026-000123", design_name: "Garden ring" },
  ],
};
const message = { id: "m1", seq: 1, text: "Can it be rose gold?", created_at: "", sender: null, attachments: [] };

function renderNew(post: { status: number; body?: unknown }, at = "/dashboard/messages/new") {
  const calls = stubFetch((url, init) => (init.method === "POST" ? post : url.endsWith("/api/messages/topics/") ? { status: 200, body: topics } : { status: 404 }));
  const { router } = renderRoutes([page("/dashboard/messages/new", <NewMessageScreen />), page("/dashboard/messages/:id", <p>thread</p>)], at);
  return { calls, router };
}

describe("New message about an order", () => {
  beforeEach(() => {
    stubBrowserApis();
    localStorage.setItem("authToken", "tok");
  });

  it("opened from an order's 'Contact Support' (?order=), has that order chosen and asks only for the message", async () => {
    const { calls, router } = renderNew({ status: 201, body: message }, "/dashboard/messages/new?order=o1");
    expect(await screen.findByLabelText(/^Order/)).toHaveValue("o1");
    expect(screen.getByRole("tab", { name: "About an order", selected: true })).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Email/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^Name/)).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Message/), "Where is my ring?");
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/messages/o1"));
    expect(calls.find((c) => c.init.method === "POST")!.url).toBe("/api/messages/o1/");
  });

  it("says 'Please fill out all required fields.', marks the fields, then sends and opens the conversation", async () => {
    const { calls, router } = renderNew({ status: 201, body: message });
    const user = userEvent.setup();
    const order = await screen.findByLabelText(/^Order/);
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    expect(await screen.findByText("Please fill out all required fields.")).toBeInTheDocument();
    expect(order).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText(/^Message/)).toHaveAttribute("aria-invalid", "true");
    expect(calls.filter((c) => c.init.method === "POST")).toHaveLength(0);

    await user.selectOptions(order, "o1");
    await user.type(screen.getByLabelText(/^Message/), "  Can it be rose gold?  ");
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/messages/o1"));
    const post = calls.find((c) => c.init.method === "POST");
    expect(post!.url).toBe("/api/messages/o1/");
    expect(sentBody(post)).toEqual({ text: "Can it be rose gold?" });
  });

  it("shows the server's refusal of the text under it", async () => {
    renderNew({ status: 400, body: { text: ["Ensure this field has no more than 5000 characters."] } });
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText(/^Order/), "o1");
    await user.type(screen.getByLabelText(/^Message/), "Hello");
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    await waitFor(() => expect(screen.getByLabelText(/^Message/)).toHaveAccessibleDescription("Ensure this field has no more than 5000 characters."));
    expect(screen.queryByText("Please fill out all required fields.")).not.toBeInTheDocument();
  });
});
