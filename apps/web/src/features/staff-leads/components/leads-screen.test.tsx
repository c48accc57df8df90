import type { StaffLead } from "@atelier/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { renderRoutes, sentBody, stubFetch } from "@/test/render";
import { makeLead, page } from "../testing/fixtures";
import { LeadsScreen } from "./leads-screen";

type Handler = (url: string, init: RequestInit) => { status: number; body?: unknown } | undefined;

function renderLeads(path = "/staff/leads", list: StaffLead[] | (() => StaffLead[]) = [makeLead()], handler: Handler = () => undefined) {
  const read = typeof list === "function" ? list : () => list;
  const calls = stubFetch((url, init) => {
    const answer = handler(url, init);
    if (answer) return answer;
    if (url.includes("/api/staff/leads/?")) return { status: 200, body: page(read()) };
    return { status: 404, body: { detail: "Not found." } };
  });
  const utils = renderRoutes([{ path: "/staff/leads", element: <LeadsScreen /> }], path);
  return { ...utils, calls };
}

const listCalls = (calls: { url: string }[]) =>
  calls.filter((c) => c.url.includes("/api/staff/leads/?")).map((c) => new URL(c.url, "http://x"));

describe("staff leads", () => {
  beforeEach(() => localStorage.setItem("authToken", "tok"));

  it("lists open leads with their contact details, message, source and design links", async () => {
    const { calls } = renderLeads("/staff/leads", [
      makeLead(),
      makeLead({ id: "22222222-2222-4222-8222-222222222222", name: "Ravi Menon", phone: "", source: "home", design_idea: "" }),
    ]);
    const [ana, ravi] = await screen.findAllByTestId("lead");
    expect(within(ana!).getByRole("heading", { name: "Ana Duarte" })).toBeInTheDocument();
    expect(within(ana!).getByRole("link", { name: "ana@example.com" })).toHaveAttribute("href", "mailto:ana@example.com");
    expect(within(ana!).getByRole("link", { name: "+91 98765 43210" })).toHaveAttribute("href", "tel:+919876543210");
    expect(within(ana!).getByText("Contact page")).toBeInTheDocument();
    expect(within(ana!).getByTestId("lead-message")).toHaveTextContent("A halo ring like");
    expect(within(ana!).getByRole("link", { name: /pinterest\.com\/pin\/4455/ })).toHaveAttribute(
      "href",
      "https://www.pinterest.com/pin/4455/",
    );
    expect(within(ravi!).getByText("Home page")).toBeInTheDocument();
    expect(within(ravi!).getByText(/No message/)).toBeInTheDocument();
    const query = listCalls(calls)[0]!.searchParams;
    expect(query.get("state")).toBe("open");
    expect(query.get("page")).toBe("1");
  });

  it("keeps the search in the address and sends it", async () => {
    const { router, calls } = renderLeads();
    await screen.findByText("Ana Duarte");
    await userEvent.type(screen.getByRole("searchbox", { name: "Search leads" }), "ana");
    await waitFor(() => expect(router.state.location.search).toBe("?search=ana"));
    await waitFor(() => expect(listCalls(calls).at(-1)!.searchParams.get("search")).toBe("ana"));
  });

  it("moves between open, handled and all leads, keeping the search", async () => {
    const { router, calls } = renderLeads("/staff/leads?search=ring");
    await screen.findByText("Ana Duarte");
    const nav = screen.getByRole("navigation", { name: "Lead state" });
    expect(within(nav).getByRole("link", { name: "Open" })).toHaveAttribute("aria-current", "page");
    await userEvent.click(within(nav).getByRole("link", { name: "Handled" }));
    await waitFor(() => expect(router.state.location.search).toBe("?search=ring&state=handled"));
    await waitFor(() => expect(listCalls(calls).at(-1)!.searchParams.get("state")).toBe("handled"));
    expect(listCalls(calls).at(-1)!.searchParams.get("search")).toBe("ring");
  });

  it("marks a lead handled, says so and reads the list again", async () => {
    let handled = false;
    const { calls } = renderLeads(
      "/staff/leads?state=all",
      () => [makeLead(handled ? { handled_at: new Date().toISOString(), handled_by: "Priya Shah" } : {})],
      (url, init) => {
        if (url.endsWith("/handled/") && init.method === "POST") {
          handled = (sentBody({ init }) as { handled: boolean }).handled;
          return { status: 200, body: makeLead() };
        }
        return undefined;
      },
    );
    await userEvent.click(await screen.findByRole("button", { name: "Mark handled: Ana Duarte" }));
    expect(await screen.findByText("Lead marked handled")).toBeInTheDocument();
    const post = calls.find((c) => c.url.endsWith("/handled/"));
    expect(post!.url).toContain("/api/staff/leads/11111111-1111-4111-8111-111111111111/handled/");
    expect(sentBody(post)).toEqual({ handled: true });
    expect(await screen.findByText(/Handled by Priya Shah/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Reopen: Ana Duarte" }));
    expect(await screen.findByText("Lead reopened")).toBeInTheDocument();
    expect(sentBody(calls.filter((c) => c.url.endsWith("/handled/")).at(-1))).toEqual({ handled: false });
  });

  it("says what an empty view means and offers the handled leads", async () => {
    const { router } = renderLeads("/staff/leads", []);
    expect(await screen.findByText("No open leads")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "See handled leads" }));
    await waitFor(() => expect(router.state.location.search).toBe("?state=handled"));
  });

  it("offers a retry when the list fails", async () => {
    let fail = true;
    stubFetch(() => (fail ? { status: 500, body: { detail: "Server error." } } : { status: 200, body: page([makeLead()]) }));
    renderRoutes([{ path: "/staff/leads", element: <LeadsScreen /> }], "/staff/leads");
    expect(await screen.findByText("The leads could not be loaded. Please try again.")).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole("button", { name: "Try Again" }));
    expect(await screen.findByText("Ana Duarte")).toBeInTheDocument();
  });
});
