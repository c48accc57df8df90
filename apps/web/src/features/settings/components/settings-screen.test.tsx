import { NOTIFICATION_TYPES } from "@atelier/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { page, renderRoutes, sentBody, stubBrowserApis, stubFetch } from "@/test/render";
import { SettingsScreen } from "./settings-screen";
import { UnsubscribeScreen } from "./unsubscribe-screen";

beforeEach(() => {
  stubBrowserApis();
  localStorage.setItem("authToken", "tok");
});

const allOn = () => ({ preferences: NOTIFICATION_TYPES.map((type) => ({ type, email: true, in_app: true })) });

describe("Settings", () => {
  it("shows a switch per type and channel, and saves one change", async () => {
    const calls = stubFetch((_url, init) => {
      if (init.method === "PUT") {
        const body = allOn();
        body.preferences[0] = { type: "quote_issued", email: false, in_app: true };
        return { status: 200, body };
      }
      return { status: 200, body: allOn() };
    });
    const user = userEvent.setup();
    renderRoutes([page("/dashboard/settings", <SettingsScreen />)], "/dashboard/settings");
    const email = await screen.findByRole("switch", { name: "Quote issued by e-mail" });
    expect(email).toHaveAttribute("aria-checked", "true");
    expect(screen.getAllByRole("switch")).toHaveLength(NOTIFICATION_TYPES.length * 2);
    expect(screen.getByText("Password reset and sign-in warnings")).toBeInTheDocument();
    expect(screen.getByText(/a warning whenever your password is changed/)).toBeInTheDocument();

    await user.click(email);
    expect(email).toHaveAttribute("aria-checked", "false");
    await waitFor(() => expect(calls.some((c) => c.init.method === "PUT")).toBe(true));
    const put = calls.find((c) => c.init.method === "PUT");
    expect(put?.url).toBe("/api/settings/notifications/");
    expect(sentBody(put)).toEqual({ preferences: [{ type: "quote_issued", email: false, in_app: true }] });
    expect(await screen.findByText("Quote issued: saved.")).toBeInTheDocument();
    expect(screen.getByRole("switch", { name: "Quote issued in the app" })).toHaveAttribute("aria-checked", "true");
  });

  it("puts a switch back when the server refuses, and shows the error with retry", async () => {
    let fail = true;
    stubFetch((_url, init) => (init.method === "PUT" ? { status: 400, body: { detail: "Nope." } } : { status: 200, body: allOn() }));
    const user = userEvent.setup();
    renderRoutes([page("/dashboard/settings", <SettingsScreen />)], "/dashboard/settings");
    const sw = await screen.findByRole("switch", { name: "Payments in the app" });
    await user.click(sw);
    await waitFor(() => expect(sw).toHaveAttribute("aria-checked", "true"));

    stubFetch(() => (fail ? { status: 500, body: { detail: "A server error occurred." } } : { status: 200, body: allOn() }));
    renderRoutes([page("/dashboard/settings", <SettingsScreen />)], "/dashboard/settings");
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Failed to load your preferences. Please try again.")).toBeInTheDocument();
    fail = false;
    await user.click(within(alert).getByRole("button", { name: "Try Again" }));
    await waitFor(() => expect(screen.getAllByRole("switch", { name: "Payments in the app" }).length).toBeGreaterThan(1));
  });
});

describe("Unsubscribe", () => {
  it("turns the e-mails off without a sign-in and offers to undo it", async () => {
    localStorage.clear();
    const calls = stubFetch((url) => ({
      status: 200,
      body: { type: "cad_ready", label: "CAD design ready", email: "m•••@example.com", email_enabled: url.includes("resubscribe") },
    }));
    const user = userEvent.setup();
    renderRoutes([page("/unsubscribe", <UnsubscribeScreen token="u.t.s" />)], "/unsubscribe");
    expect(await screen.findByRole("heading", { name: "You are unsubscribed" })).toBeInTheDocument();
    expect(calls[0]!.url).toBe("/api/unsubscribe/?token=u.t.s");
    expect(calls[0]!.init.method).toBe("POST");
    expect(new Headers(calls[0]!.init.headers).get("Authorization")).toBeNull();
    expect(screen.getByTestId("unsubscribe-result")).toHaveTextContent(
      "We will no longer send “CAD design ready” e-mails to m•••@example.com.",
    );
    await user.click(screen.getByRole("button", { name: "Subscribe again" }));
    expect(await screen.findByRole("heading", { name: "You are subscribed again" })).toBeInTheDocument();
    expect(calls.at(-1)!.url).toBe("/api/unsubscribe/resubscribe/?token=u.t.s");
  });

  it("says why a tampered link is refused", async () => {
    stubFetch(() => ({ status: 400, body: { detail: "This unsubscribe link is not valid." } }));
    renderRoutes([page("/unsubscribe", <UnsubscribeScreen token="bad" />)], "/unsubscribe");
    expect(await screen.findByTestId("unsubscribe-error")).toHaveTextContent("This unsubscribe link is not valid.");
    expect(screen.getByRole("link", { name: "Manage preferences" })).toHaveAttribute("href", "/dashboard/settings");
  });
});
