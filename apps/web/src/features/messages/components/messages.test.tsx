import type { ConversationSummary } from "@atelier/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { page, renderRoutes, sentBody, stubBrowserApis, stubFetch } from "@/test/render";
import { MessageIcon } from "./message-icon";
import { MessagesScreen } from "./messages-screen";
import { SupportForm } from "./support-form";

beforeEach(() => {
  stubBrowserApis();
  localStorage.setItem("authToken", "tok");
});

const sender = { first_name: "Ravi", last_name: "Menon", name: "Ravi Menon", role: "support" as const, is_me: false };
const conversation = (over: Partial<ConversationSummary> = {}): ConversationSummary => ({
  id: "c1",
  kind: "order",
  title: "Emerald halo ring",
  order: { id: "c1", order_number: "JW-2026-000001" },
  ticket: null,
  customer: { name: "Meera Iyer", email: "meera@example.com" },
  last_message: { preview: "We will draw a smaller halo.", created_at: new Date(Date.now() - 5 * 60_000).toISOString(), sender, attachments: 0 },
  unread: true,
  unanswered: false,
  ...over,
});
const list = (results: unknown[]) => ({ count: results.length, next: null, previous: null, results });

describe("Messages", () => {
  it("lists conversations with the unread dot, the sender's name and role, the preview and a relative time", async () => {
    const calls = stubFetch(() => ({ status: 200, body: list([conversation(), conversation({ id: "c2", unread: false, title: "Pearl studs" })]) }));
    renderRoutes([page("/dashboard/messages", <MessagesScreen />)], "/dashboard/messages");
    const rows = await screen.findAllByTestId("conversation-row");
    expect(calls[0]!.url).toBe("/api/messages/");
    expect(within(rows[0]!).getByTestId("unread-dot")).toBeInTheDocument();
    expect(within(rows[1]!).queryByTestId("unread-dot")).toBeNull();
    expect(rows[0]).toHaveTextContent("Ravi Menon (support):");
    expect(rows[0]).toHaveTextContent("We will draw a smaller halo.");
    expect(rows[0]).toHaveTextContent(/5 minutes ago/);
  });

  it("says 'No messages found' and searches through the server", async () => {
    const calls = stubFetch(() => ({ status: 200, body: list([]) }));
    const user = userEvent.setup();
    renderRoutes([page("/dashboard/messages", <MessagesScreen />)], "/dashboard/messages");
    expect(await screen.findByText("No messages found")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Search messages"), "halo{Enter}");
    await waitFor(() => expect(calls.some((c) => c.url === "/api/messages/?search=halo")).toBe(true));
  });

  it("shows the error with a retry", async () => {
    stubFetch(() => ({ status: 500, body: { detail: "A server error occurred." } }));
    renderRoutes([page("/dashboard/messages", <MessagesScreen />)], "/dashboard/messages");
    expect(await screen.findByText("Failed to load your messages. Please try again.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try Again" })).toBeInTheDocument();
  });
});

describe("the top bar's message icon", () => {
  it("shows a dot only while something is unread", async () => {
    let count = 2;
    stubFetch(() => ({ status: 200, body: { count } }));
    const first = renderRoutes([page("/", <MessageIcon />)], "/");
    expect(await screen.findByRole("link", { name: "Messages, 2 unread" })).toBeInTheDocument();
    expect(screen.getByTestId("message-dot")).toBeInTheDocument();
    first.unmount();
    count = 0;
    renderRoutes([page("/", <MessageIcon />)], "/");
    expect(await screen.findByRole("link", { name: "Messages" })).toBeInTheDocument();
    expect(screen.queryByTestId("message-dot")).toBeNull();
  });
});

describe("Support form", () => {
  it("says 'Please fill out all required fields.' and sends a complete request", async () => {
    const calls = stubFetch(() => ({
      status: 201,
      body: { id: "t1", conversation_id: "t1", number: "ST-2026-000007", subject: "Engraving", category: "design", status: "open", created_at: "", updated_at: "" },
    }));
    const user = userEvent.setup();
    renderRoutes([page("/", <SupportForm />)], "/");
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    expect(await screen.findByTestId("support-required")).toHaveTextContent("Please fill out all required fields.");
    expect(calls).toHaveLength(0);
    await user.type(screen.getByLabelText(/Subject/), "Engraving");
    await user.selectOptions(screen.getByLabelText(/Category/), "design");
    await user.type(screen.getByLabelText(/Message/), "Our wedding date, please.");
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.url).toBe("/api/support/tickets/");
    expect(sentBody(calls[0])).toEqual({ subject: "Engraving", category: "design", message: "Our wedding date, please." });
    expect(await screen.findByText(/ST-2026-000007/)).toBeInTheDocument();
  });
});
