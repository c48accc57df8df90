import { act, render, screen, waitFor } from "@testing-library/react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useToasts } from "@/components/ui/use-toast";
import { LeadForm } from "./lead-form";

function ToastText() {
  const toasts = useToasts();
  return <output>{toasts.filter((t) => t.open).map((t) => `${t.title as string} | ${t.description as string}`)}</output>;
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

function setup() {
  render(
    <>
      <LeadForm source="contact" submitLabel="Send message" />
      <ToastText />
    </>,
  );
}

describe("LeadForm", () => {
  afterEach(() => vi.restoreAllMocks());

  it("checks the required fields and the e-mail before sending anything", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    setup();
    await userEvent.click(screen.getByRole("button", { name: "Send message" }));
    // The checks are loaded on the first focus or submit, so their answer comes a moment later.
    expect(await screen.findAllByText("This field is required.")).toHaveLength(2);
    await waitFor(() => expect(screen.getByLabelText(/^Name/)).toHaveFocus());
    await userEvent.type(screen.getByLabelText(/^Name/), "Ana");
    await userEvent.type(screen.getByLabelText(/^Email/), "ana@");
    await userEvent.type(screen.getByLabelText(/^Phone/), "call me");
    await userEvent.click(screen.getByRole("button", { name: "Send message" }));
    expect(await screen.findByText("Enter a valid email address.")).toBeInTheDocument();
    expect(await screen.findByText("Enter a valid phone number.")).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("sends the lead with its source, thanks the visitor and clears the form", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockResolvedValue(
      json(201, { id: "1", name: "Ana", email: "ana@example.com", phone: "", design_idea: "A ring", source: "contact", created_at: "2025-01-01T00:00:00Z" }),
    );
    setup();
    await userEvent.type(screen.getByLabelText(/^Name/), "Ana");
    await userEvent.type(screen.getByLabelText(/^Email/), "ana@example.com");
    await userEvent.type(screen.getByLabelText(/^Design idea/), "A ring");
    await userEvent.click(screen.getByRole("button", { name: "Send message" }));
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("Thank you, we have your message | A designer will reply to ana@example.com within 24 hours."));
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(url).toBe("/api/leads/");
    expect(JSON.parse(init?.body as string)).toEqual({ name: "Ana", email: "ana@example.com", phone: "", design_idea: "A ring", source: "contact" });
    expect(screen.getByLabelText(/^Name/)).toHaveValue("");
  });

  it("shows the server's field errors and a throttled answer", async () => {
    vi.spyOn(globalThis, "fetch")
      .mockResolvedValueOnce(json(400, { email: ["Enter a valid email address."] }))
      .mockResolvedValueOnce(json(429, { detail: "Request was throttled. Expected available in 60 seconds." }));
    setup();
    await userEvent.type(screen.getByLabelText(/^Name/), "Ana");
    await userEvent.type(screen.getByLabelText(/^Email/), "ana@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Send message" }));
    await waitFor(() => expect(screen.getByText("Enter a valid email address.")).toBeInTheDocument());
    expect(screen.getByRole("status")).toHaveTextContent("Your message was not sent | Please check the highlighted fields.");
    await userEvent.click(screen.getByRole("button", { name: "Send message" }));
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("You have sent several messages in a short time."));
  });
});

describe("LeadForm before and after hydration", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    document.body.innerHTML = "";
  });

  it("is a plain form the browser checks and posts until hydrated, and keeps what was typed meanwhile", async () => {
    const container = document.createElement("div");
    container.innerHTML = renderToString(<LeadForm source="home" submitLabel="Send my idea" />);
    document.body.append(container);
    const form = container.querySelector("form")!;
    expect(form).toHaveAttribute("method", "post");
    expect(form).toHaveAttribute("action", "/api/leads/form/");
    expect(form).not.toHaveAttribute("novalidate");
    expect(container.querySelector('input[name="source"]')).toHaveValue("home");
    expect(screen.getByRole("button", { name: "Send my idea" })).toBeEnabled();

    // Typed before the page's script runs.
    const field = (label: RegExp) => screen.getByLabelText<HTMLInputElement>(label);
    field(/^Name/).value = "Ana";
    field(/^Email/).value = "ana@example.com";
    screen.getByLabelText<HTMLTextAreaElement>(/^Design idea/).value = "A sapphire pendant";

    let root: Root | undefined;
    act(() => {
      root = hydrateRoot(container, <LeadForm source="home" submitLabel="Send my idea" />);
    });
    expect(form).toHaveAttribute("novalidate");
    expect(field(/^Name/)).toHaveValue("Ana");
    // A re-render (typing in another field) leaves them alone.
    await userEvent.type(field(/^Phone/), "+91 98765 43210");
    expect(field(/^Name/)).toHaveValue("Ana");
    expect(screen.getByLabelText(/^Design idea/)).toHaveValue("A sapphire pendant");

    const fetchSpy = vi.spyOn(globalThis, "fetch").mockResolvedValue(
      json(201, { id: "1", name: "Ana", email: "ana@example.com", phone: "+91 98765 43210", design_idea: "A sapphire pendant", source: "home", created_at: "2025-01-01T00:00:00Z" }),
    );
    await userEvent.click(screen.getByRole("button", { name: "Send my idea" }));
    await waitFor(() => expect(fetchSpy).toHaveBeenCalled());
    expect(JSON.parse(fetchSpy.mock.calls[0]![1]?.body as string)).toEqual({
      name: "Ana",
      email: "ana@example.com",
      phone: "+91 98765 43210",
      design_idea: "A sapphire pendant",
      source: "home",
    });
    await waitFor(() => expect(field(/^Name/)).toHaveValue(""));
    act(() => root?.unmount());
  });
});
