import type { Order } from "@atelier/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { makeDesignDetails } from "@/test/design-details";
import { holdFetch, renderRoutes, sentBody, stubBrowserApis, stubFetch } from "@/test/render";
import { makeOrder, makePayment } from "../testing/fixtures";
import { WorkbenchScreen } from "./workbench-screen";

type Handler = (url: string, init: RequestInit) => { status: number; body?: unknown } | undefined;

function renderWorkbench(order: Order | (() => Order), handler: Handler = () => undefined) {
  stubBrowserApis();
  const read = typeof order === "function" ? order : () => order;
  const calls = stubFetch((url, init) => {
    const answer = handler(url, init);
    if (answer) return answer;
    if (url.endsWith("/api/orders/o1/") && (init.method ?? "GET") === "GET") return { status: 200, body: read() };
    return { status: 404, body: { detail: "Not found." } };
  });
  renderRoutes([{ path: "/staff/orders/:orderId", element: <WorkbenchScreen orderId="o1" /> }], "/staff/orders/o1");
  return calls;
}

const posts = (calls: { url: string; init: RequestInit }[], path: string) =>
  calls.filter((c) => c.url.endsWith(path) && c.init.method === "POST");

describe("order workbench", () => {
  beforeEach(() => localStorage.setItem("authToken", "tok"));

  it("shows the design, the customer and the estimate", async () => {
    renderWorkbench(makeOrder());
    expect(await screen.findByRole("heading", { level: 1, name: "Garden ring" })).toBeInTheDocument();
    const customer = screen.getByTestId("customer-panel");
    expect(within(customer).getByRole("link", { name: "meera@example.com" })).toHaveAttribute(
      "href",
      expect.stringMatching(/^mailto:meera@example\.com/),
    );
    expect(within(customer).getByText("+91 98200 12345")).toBeInTheDocument();
    const metal = within(screen.getByTestId("design-panel")).getByRole("region", { name: "Metal" });
    expect(rowsOf(metal)).toEqual([
      ["Metal", "Gold"],
      ["Color", "Yellow"],
      ["Purity", "18K"],
    ]);
    await userEvent.click(screen.getByRole("button", { name: "View reference image 1 in full size" }));
    expect(await screen.findByRole("img", { name: "Garden ring, reference 1 in full size" })).toHaveAttribute("src", "/files/i1.png");
  });
});

/** A group's label/value pairs as the panel shows them. */
const rowsOf = (group: HTMLElement) => Array.from(group.querySelectorAll("dt")).map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);

describe("the design panel", () => {
  beforeEach(() => localStorage.setItem("authToken", "tok"));

  it("shows every field of a fully filled custom design, under the custom form's section titles", async () => {
    const order = makeOrder();
    renderWorkbench(
      makeOrder({
        design: {
          ...order.design,
          details: makeDesignDetails({
            metal_type: "gold",
            metal_color: "rose",
            purity: "18K",
            weight: 4.25,
            style: "Vintage",
            setting_type: "Halo",
            band_width: 2.5,
            design_features: "Engraving inside the band: “always”",
            stones: [
              { id: "s1", stone_type: "Emerald", stone_cut: "Oval", stone_carat: 1.2, stone_color: "Vivid green", stone_clarity: "VS1", position: "Center", quantity: 1 },
              { id: "s2", stone_type: "Diamond", stone_cut: "Round", stone_carat: 0.02, stone_color: "", stone_clarity: "", position: "Halo", quantity: 18 },
            ],
            length: 20,
            width: 15,
            height: 6,
            size: "Medium",
            ring_size: "US 6.5",
            budget: 1990,
            budget_range: "1,800 - 2,200",
            currency: "USD",
            special_requests: "Keep the halo low.\nShip before 14 February.",
          }),
        },
      }),
    );
    const panel = await screen.findByTestId("design-panel");
    const groups = within(panel).getAllByRole("region");
    expect(groups.map((g) => g.getAttribute("aria-label"))).toEqual(["Metal", "Design details", "Stones", "Size & dimensions", "Budget & requests"]);
    expect(groups.map(rowsOf)).toEqual([
      [
        ["Metal", "Gold"],
        ["Color", "Rose"],
        ["Purity", "18K"],
        ["Weight", "4.25 g"],
      ],
      [
        ["Style", "Vintage"],
        ["Setting type", "Halo"],
        ["Band width", "2.5 mm"],
        ["Design features", "Engraving inside the band: “always”"],
      ],
      [
        ["Stone 1", "1 × Emerald · Oval · 1.2 ct · Vivid green · VS1 · Center"],
        ["Stone 2", "18 × Diamond · Round · 0.02 ct · Halo"],
      ],
      [
        ["Dimensions", "L 20 × W 15 × H 6 mm"],
        ["Size", "Medium"],
        ["Ring size", "US 6.5"],
      ],
      [
        ["Budget", "$1,990.00"],
        ["Budget range", "1,800 - 2,200"],
        ["Special requests", "Keep the halo low.\nShip before 14 February."],
      ],
    ]);
    for (const group of groups) expect(within(group).getByRole("heading", { level: 3 })).toHaveTextContent(group.getAttribute("aria-label") ?? "");
    expect(within(panel).getByText("An emerald-cut solitaire.")).toBeInTheDocument();
  });

  it("hides what an almost empty design left out, with no empty sections or placeholders", async () => {
    const order = makeOrder();
    renderWorkbench(makeOrder({ design: { ...order.design, details: makeDesignDetails({ special_requests: "Surprise me" }) } }));
    const panel = await screen.findByTestId("design-panel");
    const groups = within(panel).getAllByRole("region");
    expect(groups.map((g) => g.getAttribute("aria-label"))).toEqual(["Budget & requests"]);
    expect(rowsOf(groups[0] as HTMLElement)).toEqual([["Special requests", "Surprise me"]]);
    for (const absent of ["Metal", "Stones", "Weight", "Budget", "Not given"]) expect(within(panel).queryByText(absent)).not.toBeInTheDocument();
    // The piece itself is always there.
    expect(rowsOf(panel).slice(0, 2)).toEqual([
      ["Type", "Ring"],
      ["Source", "Custom design"],
    ]);
  });
});

describe("an order whose stored estimate cannot be shown", () => {
  beforeEach(() => localStorage.setItem("authToken", "tok"));

  it("says how long an order has waited only while it waits on someone", async () => {
    const changed = (to: Order["status"]) => [
      { id: "e1", type: "created" as const, from_status: null, to_status: "initiated" as const, note: "", actor: null, created_at: new Date(Date.now() - 2 * 86400_000).toISOString() },
      { id: "e2", type: "status_change" as const, from_status: "initiated" as const, to_status: to, note: "", actor: null, created_at: new Date(Date.now() - 13 * 60_000).toISOString() },
    ];
    renderWorkbench(makeOrder({ status: "cancelled", events: changed("cancelled") }));
    const header = (await screen.findByRole("heading", { level: 1, name: "Garden ring" })).closest("div")!.parentElement!;
    expect(header).toHaveTextContent("Cancelled 13 minutes ago");
    expect(header).not.toHaveTextContent(/waiting/);
  });

  it("shows a waiting order's wait in its header", async () => {
    renderWorkbench(
      makeOrder({
        status: "manufacturing",
        events: [{ id: "e2", type: "status_change", from_status: "cad_approved", to_status: "manufacturing", note: "", actor: null, created_at: new Date(Date.now() - 17 * 60_000).toISOString() }],
      }),
    );
    const header = (await screen.findByRole("heading", { level: 1, name: "Garden ring" })).closest("div")!.parentElement!;
    expect(header).toHaveTextContent("Manufacturing, waiting 17 minutes");
  });

  it("opens, says so in the estimate panel and the header, and quotes from one empty line in the order's currency", async () => {
    renderWorkbench(makeOrder({ estimate: null, currency: "INR" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Garden ring" })).toBeInTheDocument();
    expect(within(screen.getByTestId("estimate-panel")).getByText(/cannot be shown: its figures are beyond what we price\. Quote it by hand\./)).toBeInTheDocument();
    expect(screen.getByText("No estimate")).toBeInTheDocument();
    expect(await screen.findAllByTestId("quote-line")).toHaveLength(1);
    expect(screen.getByLabelText("Line 1 amount")).toHaveValue("");
    expect(screen.getByText("No instant estimate for this design: its figures are beyond what we price.")).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Currency" })).toHaveValue("INR");
  });
});

describe("quote builder", () => {
  beforeEach(() => localStorage.setItem("authToken", "tok"));

  it("reads the order's conversation when it has messages, so the inbox's dot clears", async () => {
    const comment = {
      id: "m1",
      text: "Can it be rose gold?",
      created_at: new Date().toISOString(),
      user: { first_name: "Asha", last_name: "Rao", role: "customer" as const },
    };
    const calls = renderWorkbench(makeOrder({ comments: [comment] }), (url) =>
      url.endsWith("/api/messages/o1/") ? { status: 200, body: {} } : undefined,
    );
    expect(await screen.findByText("Can it be rose gold?")).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.filter((c) => c.url.endsWith("/api/messages/o1/") && (c.init.method ?? "GET") === "GET")).toHaveLength(1),
    );
  });

  it("names a staff member one way in the conversation and the history: 'Kavya Iyer (staff)'", async () => {
    const kavya = { first_name: "Kavya", last_name: "Iyer", role: "staff" as const };
    const at = new Date().toISOString();
    renderWorkbench(
      makeOrder({
        comments: [{ id: "m1", text: "We will draw a low halo.", created_at: at, user: kavya }],
        events: [
          { id: "e1", type: "created", from_status: null, to_status: "initiated", note: "", actor: null, created_at: at },
          { id: "e2", type: "comment", from_status: null, to_status: null, note: "", actor: kavya, created_at: at },
        ],
      }),
    );
    const comment = await screen.findByTestId("comment");
    expect(within(comment).getByText("Kavya Iyer (staff)")).toBeInTheDocument();
    expect(screen.getAllByText(/Kavya Iyer \(staff\)/)).toHaveLength(2);
    expect(screen.getByText(/Aurelia Atelier \(automatic\)/)).toBeInTheDocument();
    expect(screen.queryByText(/^Staff$|^System/)).not.toBeInTheDocument();
  });

  it("starts from the estimate's lines and totals them live as lines change", async () => {
    renderWorkbench(makeOrder());
    const lines = await screen.findAllByTestId("quote-line");
    expect(lines).toHaveLength(3);
    expect(screen.getByLabelText("Line 1 label")).toHaveValue("Metal: 18K gold, 4.5 g");
    expect(screen.getByLabelText("Line 1 amount")).toHaveValue("540.00");
    const total = screen.getByTestId("quote-total");
    expect(total).toHaveTextContent("$1,240.00");

    const amount = screen.getByLabelText("Line 3 amount");
    await userEvent.clear(amount);
    await userEvent.type(amount, "260");
    expect(total).toHaveTextContent("$1,300.00");

    await userEvent.click(screen.getByRole("button", { name: "Add a line" }));
    await userEvent.type(screen.getByLabelText("Line 4 label"), "Engraving");
    await userEvent.type(screen.getByLabelText("Line 4 amount"), "45.50");
    expect(total).toHaveTextContent("$1,345.50");

    await userEvent.click(screen.getByRole("button", { name: "Remove line 2 (Stones: 1 × diamond 0.5 ct)" }));
    expect(total).toHaveTextContent("$845.50");
  });

  it("issues the edited lines with the advance and validity", async () => {
    const calls = renderWorkbench(makeOrder(), (url) =>
      url.endsWith("/api/staff/orders/o1/quotes/") ? { status: 201, body: { id: "q1", amount: "1300.00", currency: "USD" } } : undefined,
    );
    const amount = await screen.findByLabelText("Line 3 amount");
    await userEvent.clear(amount);
    await userEvent.type(amount, "260");
    await userEvent.clear(screen.getByLabelText("Advance (%)"));
    await userEvent.type(screen.getByLabelText("Advance (%)"), "40");
    await userEvent.click(screen.getByRole("button", { name: "Issue quote" }));
    expect(await screen.findByText("Quote issued")).toBeInTheDocument();
    expect(sentBody(posts(calls, "/api/staff/orders/o1/quotes/")[0])).toEqual({
      currency: "USD",
      line_items: [
        { label: "Metal: 18K gold, 4.5 g", amount: "540.00" },
        { label: "Stones: 1 × diamond 0.5 ct", amount: "500.00" },
        { label: "Labour and setting", amount: "260" },
      ],
      advance_percent: 40,
      valid_days: 14,
      note: "",
    });
  });

  it("shows the server's field errors on the fields", async () => {
    renderWorkbench(makeOrder(), (url) =>
      url.endsWith("/api/staff/orders/o1/quotes/")
        ? {
            status: 400,
            body: {
              "line_items.1.label": ["Ensure this field has no more than 200 characters."],
              amount: ["A quote must be for more than zero."],
            },
          }
        : undefined,
    );
    await userEvent.click(await screen.findByRole("button", { name: "Issue quote" }));
    expect(await screen.findByText("Ensure this field has no more than 200 characters.")).toBeInTheDocument();
    expect(screen.getByLabelText("Line 2 label")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("Line 2 label")).toHaveAccessibleDescription("Ensure this field has no more than 200 characters.");
    expect(screen.getByText("A quote must be for more than zero.")).toBeInTheDocument();
    expect(screen.getByText("The quote was not issued. Check the highlighted fields.")).toBeInTheDocument();
  });

  it("refuses an empty label or a malformed amount before sending", async () => {
    const calls = renderWorkbench(makeOrder());
    await userEvent.clear(await screen.findByLabelText("Line 1 label"));
    await userEvent.clear(screen.getByLabelText("Line 2 amount"));
    await userEvent.type(screen.getByLabelText("Line 2 amount"), "12.345");
    await userEvent.click(screen.getByRole("button", { name: "Issue quote" }));
    expect(await screen.findByText("Each line needs a label.")).toBeInTheDocument();
    expect(screen.getByText("Enter an amount with at most two decimal places.")).toBeInTheDocument();
    expect(posts(calls, "/quotes/")).toHaveLength(0);
  });

  it("refuses a negative amount for its sign, not for its decimals", async () => {
    const calls = renderWorkbench(makeOrder());
    await userEvent.clear(await screen.findByLabelText("Line 3 amount"));
    await userEvent.type(screen.getByLabelText("Line 3 amount"), "-50");
    await userEvent.click(screen.getByRole("button", { name: "Issue quote" }));
    expect(await screen.findByText("Enter an amount of zero or more; it cannot be negative.")).toBeInTheDocument();
    expect(screen.queryByText("Enter an amount with at most two decimal places.")).not.toBeInTheDocument();
    expect(posts(calls, "/quotes/")).toHaveLength(0);
  });

  it("checks the advance and the validity with the contract's words before sending", async () => {
    const calls = renderWorkbench(makeOrder());
    const advance = await screen.findByLabelText("Advance (%)");
    await userEvent.clear(advance);
    await userEvent.type(advance, "120");
    await userEvent.clear(screen.getByLabelText("Valid for (days)"));
    await userEvent.click(screen.getByRole("button", { name: "Issue quote" }));
    expect(await screen.findByText("Enter a percentage from 0 to 100.")).toBeInTheDocument();
    expect(advance).toHaveAttribute("aria-invalid", "true");
    expect(advance).toHaveAccessibleDescription("Enter a percentage from 0 to 100.");
    expect(screen.getByLabelText("Valid for (days)")).toHaveAccessibleDescription("Enter a number of days from 1 to 365.");
    expect(posts(calls, "/quotes/")).toHaveLength(0);
  });

  it("asks for at least one line", async () => {
    const calls = renderWorkbench(makeOrder());
    await screen.findAllByTestId("quote-line");
    for (const name of [/^Remove line 3/, /^Remove line 2/, /^Remove line 1/]) await userEvent.click(screen.getByRole("button", { name }));
    await userEvent.click(screen.getByRole("button", { name: "Issue quote" }));
    expect(await screen.findByText("A quote needs at least one line.")).toBeInTheDocument();
    expect(posts(calls, "/quotes/")).toHaveLength(0);
  });

  it("cannot be issued twice while it is being sent", async () => {
    const calls = renderWorkbench(makeOrder(), (url) =>
      url.endsWith("/api/staff/orders/o1/quotes/") ? { status: 201, body: { id: "q1", amount: "1240.00", currency: "USD" } } : undefined,
    );
    const release = holdFetch((url) => url.endsWith("/quotes/"));
    const submit = await screen.findByRole("button", { name: "Issue quote" });
    await userEvent.click(submit);
    await waitFor(() => expect(submit).toBeDisabled());
    await userEvent.click(submit);
    release();
    // The amount as the money formatter writes it (whole amounts with or without cents).
    expect(await screen.findByText(/^JW-2026-000123: \$1,240(\.00)? sent to the customer\.$/)).toBeInTheDocument();
    expect(posts(calls, "/quotes/")).toHaveLength(1);
  });

  it("shows the server's refusal of the validity on the days field", async () => {
    renderWorkbench(makeOrder(), (url) =>
      url.endsWith("/api/staff/orders/o1/quotes/") ? { status: 400, body: { valid_until: ["A quote can be valid for a year at most."] } } : undefined,
    );
    await userEvent.click(await screen.findByRole("button", { name: "Issue quote" }));
    expect(await screen.findByText("A quote can be valid for a year at most.")).toBeInTheDocument();
    expect(screen.getByLabelText("Valid for (days)")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByText("The quote was not issued. Check the highlighted fields.")).toBeInTheDocument();
  });

  it("previews what the customer will see", async () => {
    renderWorkbench(makeOrder());
    await userEvent.click(await screen.findByRole("button", { name: "Preview the customer's view" }));
    const preview = screen.getByRole("region", { name: "What the customer will see" });
    expect(within(preview).getByText("Advance (50%)")).toBeInTheDocument();
    expect(within(preview).getAllByText("$620.00")).toHaveLength(2);
  });

  it("offers to replace a pending quote, and no builder once a quote is accepted", async () => {
    renderWorkbench(
      makeOrder({
        status: "quoted",
        quotes: [
          {
            id: "q1",
            order_id: "o1",
            order_number: "JW-2026-000123",
            design_name: "Garden ring",
            amount: "1240.00",
            currency: "USD",
            line_items: [],
            advance_percent: 50,
            advance_amount: "620.00",
            balance_amount: "620.00",
            valid_until: new Date(Date.now() + 86_400_000).toISOString(),
            note: "",
            status: "pending",
            decline_reason: "",
            created_at: new Date().toISOString(),
            responded_at: null,
            tax: null,
          },
        ],
      }),
    );
    expect(await screen.findByRole("button", { name: "Replace quote" })).toBeInTheDocument();
  });

  it("starts a replacing quote from the current quote, not from the estimate", async () => {
    renderWorkbench(
      makeOrder({
        status: "quoted",
        quotes: [
          {
            id: "q1",
            order_id: "o1",
            order_number: "JW-2026-000123",
            design_name: "Garden ring",
            amount: "1300.00",
            currency: "USD",
            line_items: [
              { label: "Gold and making", amount: "1100.00" },
              { label: "Diamond, hand-picked", amount: "200.00" },
            ],
            advance_percent: 30,
            advance_amount: "390.00",
            balance_amount: "910.00",
            valid_until: new Date(Date.now() + 86_400_000).toISOString(),
            note: "Includes the gift box.",
            status: "pending",
            decline_reason: "",
            created_at: new Date().toISOString(),
            responded_at: null,
            tax: null,
          },
        ],
      }),
    );
    expect(await screen.findByLabelText("Line 1 label")).toHaveValue("Gold and making");
    expect(screen.getByLabelText("Line 2 amount")).toHaveValue("200.00");
    expect(screen.getAllByTestId("quote-line")).toHaveLength(2);
    expect(screen.getByLabelText("Advance (%)")).toHaveValue(30);
  });

  it("an estimate line whose amount is changed keeps only what it covers in its label", async () => {
    renderWorkbench(makeOrder());
    const amount = await screen.findByLabelText("Line 1 amount");
    expect(screen.getByLabelText("Line 1 label")).toHaveValue("Metal: 18K gold, 4.5 g");
    await userEvent.clear(amount);
    await userEvent.type(amount, "600");
    expect(screen.getByLabelText("Line 1 label")).toHaveValue("Metal");
    // A label without working, and one staff rewrote, stay as they are.
    await userEvent.clear(screen.getByLabelText("Line 3 amount"));
    await userEvent.type(screen.getByLabelText("Line 3 amount"), "250");
    expect(screen.getByLabelText("Line 3 label")).toHaveValue("Labour and setting");
  });
});

describe("payments", () => {
  beforeEach(() => localStorage.setItem("authToken", "tok"));

  it("confirms a declared payment and requires a reason to reject one", async () => {
    const calls = renderWorkbench(makeOrder({ status: "quoted", payments: [makePayment()] }), (url) =>
      url.includes("/api/staff/payments/p1/") ? { status: 200, body: makePayment({ status: "confirmed" }) } : undefined,
    );
    await userEvent.click(await screen.findByRole("button", { name: "Reject the advance payment of $625.00" }));
    await userEvent.click(screen.getByRole("button", { name: "Reject payment" }));
    expect(await screen.findByText("Say why the payment is rejected.")).toBeInTheDocument();
    expect(posts(calls, "/reject/")).toHaveLength(0);
    await userEvent.type(screen.getByLabelText(/Reason/), "No transfer with this reference arrived.");
    await userEvent.click(screen.getByRole("button", { name: "Reject payment" }));
    await waitFor(() =>
      expect(sentBody(posts(calls, "/api/staff/payments/p1/reject/")[0])).toEqual({ reason: "No transfer with this reference arrived." }),
    );

    await userEvent.click(await screen.findByRole("button", { name: "Confirm the advance payment of $625.00" }));
    await userEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Confirm payment" }));
    expect(await screen.findByText("Payment confirmed")).toBeInTheDocument();
    expect(posts(calls, "/api/staff/payments/p1/confirm/")).toHaveLength(1);
  });

  it("confirms a payment only after staff confirm the dialog: going back sends nothing, confirming sends once", async () => {
    const calls = renderWorkbench(makeOrder({ status: "quoted", payments: [makePayment()] }), (url) =>
      url.includes("/api/staff/payments/p1/") ? { status: 200, body: makePayment({ status: "confirmed" }) } : undefined,
    );
    await userEvent.click(await screen.findByRole("button", { name: "Confirm the advance payment of $625.00" }));
    let dialog = await screen.findByRole("alertdialog", { name: "Confirm this payment?" });
    expect(dialog).toHaveTextContent(
      "You record that the advance of $625.00 (reference UTR-889911) has arrived. The customer is told. The order moves to Approved and CAD design can begin.",
    );
    await userEvent.click(within(dialog).getByRole("button", { name: "Go back" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(calls.filter((c) => c.init.method === "POST")).toHaveLength(0);

    await userEvent.click(screen.getByRole("button", { name: "Confirm the advance payment of $625.00" }));
    dialog = await screen.findByRole("alertdialog", { name: "Confirm this payment?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Confirm payment" }));
    expect(await screen.findByText("Payment confirmed")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(calls.filter((c) => c.init.method === "POST").map((c) => c.url)).toEqual(["/api/staff/payments/p1/confirm/"]);
  });

  it("shows an open online checkout without Confirm or Reject, and a flagged capture with its reason", async () => {
    renderWorkbench(
      makeOrder({
        status: "quoted",
        payments: [
          makePayment({ id: "p1", provider: "stripe", reference: "cs_test_1", status: "flagged", flag_reason: "$600.00 was captured, but $625.00 was due." }),
          makePayment({ id: "p2", provider: "stripe", reference: "cs_test_2", status: "pending" }),
        ],
      }),
    );
    expect(await screen.findByText("Flagged: $600.00 was captured, but $625.00 was due.")).toBeInTheDocument();
    const [flagged, open] = screen.getAllByTestId("payment");
    expect(within(flagged!).getByText("Flagged for review")).toBeInTheDocument();
    expect(within(flagged!).getByText("Flagged: $600.00 was captured, but $625.00 was due.")).toBeInTheDocument();
    expect(within(open!).getByText("Online checkout open: confirmed by the provider's signed webhook, not by hand.")).toBeInTheDocument();
    expect(within(open!).queryByRole("button", { name: /Confirm/ })).not.toBeInTheDocument();
    expect(within(open!).queryByRole("button", { name: /Reject/ })).not.toBeInTheDocument();
  });

  it("shows a payment voided by the cancellation without Confirm or Reject", async () => {
    const decided = new Date().toISOString();
    renderWorkbench(makeOrder({ status: "cancelled", payments: [makePayment({ status: "void", decided_at: decided })] }));
    const payment = await screen.findByTestId("payment");
    expect(within(payment).getByText("Void (order cancelled)")).toBeInTheDocument();
    expect(within(payment).getByText(/voided/)).toBeInTheDocument();
    expect(within(payment).queryByRole("button")).not.toBeInTheDocument();
  });
});

describe("moving the order", () => {
  beforeEach(() => localStorage.setItem("authToken", "tok"));

  const moveButtons = () =>
    within(screen.getByTestId("move-panel"))
      .queryAllByRole("button")
      .map((b) => b.textContent?.trim());

  it("offers only the moves the status allows", async () => {
    renderWorkbench(makeOrder({ status: "quality_check", balance_due: "0.00", quoted_price: "1240.00" }));
    await screen.findByTestId("move-panel");
    expect(moveButtons()).toEqual(["Move to Ready to Ship", "Back to Manufacturing", "Cancel order"]);
  });

  it("hides Ready to ship while the balance is unpaid", async () => {
    renderWorkbench(makeOrder({ status: "quality_check", balance_due: "620.00", quoted_price: "1240.00" }));
    await screen.findByTestId("move-panel");
    expect(moveButtons()).toEqual(["Back to Manufacturing", "Cancel order"]);
    expect(screen.getByText(/once the customer's balance payment is confirmed/)).toBeInTheDocument();
  });

  it("offers a new order no move but cancelling", async () => {
    renderWorkbench(makeOrder({ status: "initiated" }));
    await screen.findByTestId("move-panel");
    expect(moveButtons()).toEqual(["Cancel order"]);
  });

  it("asks for carrier and tracking number before shipping, then sends them", async () => {
    const calls = renderWorkbench(makeOrder({ status: "ready_to_ship", balance_due: "0.00" }), (url) =>
      url.endsWith("/transition/")
        ? { status: 200, body: makeOrder({ status: "shipped", shipment: { carrier: "Blue Dart", tracking_number: "BD123" } }) }
        : undefined,
    );
    await userEvent.click(await screen.findByRole("button", { name: "Move to Shipped" }));
    expect(await screen.findByText("Enter the carrier.")).toBeInTheDocument();
    expect(screen.getByText("Enter the tracking number.")).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Carrier/), "Blue Dart");
    await userEvent.type(screen.getByLabelText(/Tracking number/), "BD123");
    await userEvent.click(screen.getByRole("button", { name: "Move to Shipped" }));
    expect(await screen.findByText("Order moved to Shipped")).toBeInTheDocument();
    expect(sentBody(posts(calls, "/api/staff/orders/o1/transition/")[0])).toEqual({
      to: "shipped",
      note: "",
      carrier: "Blue Dart",
      tracking_number: "BD123",
    });
  });

  it("sends one staff reply while it is being sent and shows the server's refusal under the reply", async () => {
    const calls = renderWorkbench(makeOrder(), (url, init) =>
      url.endsWith("/comments/") && init.method === "POST" ? { status: 400, body: { text: ["Ensure this field has no more than 5000 characters."] } } : undefined,
    );
    const release = holdFetch((url) => url.endsWith("/comments/"));
    const box = await screen.findByLabelText("Reply to the customer");
    const send = screen.getByRole("button", { name: "Send reply" });
    expect(send).toBeDisabled();
    await userEvent.type(box, "It will be ready on Friday.");
    await userEvent.click(send);
    await waitFor(() => expect(send).toBeDisabled());
    await userEvent.click(send);
    release();
    await waitFor(() => expect(box).toHaveAccessibleDescription("Ensure this field has no more than 5000 characters."));
    expect(box).toHaveAttribute("aria-invalid", "true");
    expect(calls.filter((c) => c.url.endsWith("/comments/") && c.init.method === "POST")).toHaveLength(1);
  });

  it("puts the server's field errors of a move on its fields", async () => {
    renderWorkbench(makeOrder({ status: "ready_to_ship", balance_due: "0.00" }), (url) =>
      url.endsWith("/transition/") ? { status: 400, body: { tracking_number: ["Ensure this field has no more than 100 characters."] } } : undefined,
    );
    await userEvent.type(await screen.findByLabelText(/Carrier/), "Blue Dart");
    await userEvent.type(screen.getByLabelText(/Tracking number/), "BD123");
    await userEvent.click(screen.getByRole("button", { name: "Move to Shipped" }));
    await waitFor(() => expect(screen.getByLabelText(/Tracking number/)).toHaveAccessibleDescription("Ensure this field has no more than 100 characters."));
    expect(screen.getByLabelText(/Tracking number/)).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText(/Carrier/)).not.toHaveAttribute("aria-invalid");
    expect(screen.queryByTestId("move-error")).not.toBeInTheDocument();
  });

  it("shows the server's 409 when a race is lost and reads the order again", async () => {
    let order = makeOrder({ status: "manufacturing" });
    const calls = renderWorkbench(
      () => order,
      (url) => {
        if (!url.endsWith("/transition/")) return undefined;
        order = makeOrder({ status: "cancelled", cancel_reason: "Customer asked." });
        return { status: 409, body: { detail: "Order JW-2026-000123 is Cancelled: it cannot move to Quality Check." } };
      },
    );
    await userEvent.click(await screen.findByRole("button", { name: "Move to Quality Check" }));
    expect(await screen.findByText("Order JW-2026-000123 is Cancelled: it cannot move to Quality Check.")).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((c) => c.url.endsWith("/api/orders/o1/")).length).toBeGreaterThanOrEqual(2));
    expect(await screen.findByText("Cancelled: Customer asked.")).toBeInTheDocument();
  });

  it("cancels only with a reason, behind a confirmation", async () => {
    const calls = renderWorkbench(makeOrder({ status: "manufacturing" }), (url) =>
      url.endsWith("/transition/")
        ? { status: 200, body: makeOrder({ status: "cancelled", cancel_reason: "Stone unavailable." }) }
        : undefined,
    );
    await userEvent.click(await screen.findByRole("button", { name: "Cancel order" }));
    const dialog = await screen.findByRole("alertdialog");
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel order" }));
    expect(await within(dialog).findByText("Say why the order is cancelled.")).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/Reason/), "Stone unavailable.");
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel order" }));
    expect(await screen.findByText("Order cancelled")).toBeInTheDocument();
    expect(sentBody(posts(calls, "/transition/")[0])).toEqual({
      to: "cancelled",
      note: "Stone unavailable.",
      carrier: "",
      tracking_number: "",
    });
  });
});
