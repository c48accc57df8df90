import type { CadStatus, Order } from "@atelier/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { holdFetch, page as route, renderRoutes, sentBody, stubBrowserApis, stubFetch } from "@/test/render";
import { ago, makeOrder, makeQuote } from "../testing/fixtures";
import { OrderDetailScreen } from "./order-detail-screen";

beforeEach(() => {
  stubBrowserApis();
  localStorage.setItem("authToken", "tok");
});

const render = () => renderRoutes([route("/dashboard/orders/:id", <OrderDetailScreen orderId="o1" />)], "/dashboard/orders/o1");

const cad = (id: string, version: number, status: CadStatus) => ({
  id,
  version,
  image: `/files/${id}.png`,
  images: [{ id: `${id}-img`, image: `/files/${id}.png`, thumbnail: `/files/${id}-t.png` }],
  model: null,
  description: `Version ${version} rendering`,
  is_approved: status === "approved",
  status,
  approved_at: null,
  created_at: ago(3600_000),
});

/** No online provider configured (online-payment.test.tsx covers the pay buttons). */
const NO_ONLINE_PAYMENTS = { currency: null, providers: [], razorpay_script_url: null };

/** Answers GET /orders/o1/ with `order`, and POSTs with `post` (default 200 {}). */
function serve(order: Order, post: (url: string, body: unknown) => { status: number; body?: unknown } = () => ({ status: 200, body: {} })) {
  return stubFetch((url, init) =>
    init.method === "POST"
      ? post(url, typeof init.body === "string" ? JSON.parse(init.body) : undefined)
      : url.includes("/payments/online/")
        ? { status: 200, body: NO_ONLINE_PAYMENTS }
        : { status: 200, body: order },
  );
}

describe("Order detail", () => {
  it("'Contact Support' opens a message about this order in Messages, not the public contact form", async () => {
    serve(makeOrder());
    const user = userEvent.setup();
    const { router } = renderRoutes(
      [
        route("/dashboard/orders/:id", <OrderDetailScreen orderId="o1" />),
        route("/dashboard/messages/new", <p>new message</p>),
        route("/contact", <p>public contact form</p>),
      ],
      "/dashboard/orders/o1",
    );
    await user.click(await screen.findByRole("link", { name: /Contact Support/ }));
    expect(await screen.findByText("new message")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/dashboard/messages/new");
    expect(new URLSearchParams(router.state.location.search).get("order")).toBe("o1");
  });

  it("shows the header, progress, facts and the Details tab", async () => {
    serve(makeOrder({ status: "cad_design", progress: 40, quoted_price: "1250.00", order_type: "Product link" }));
    render();
    expect(await screen.findByRole("heading", { level: 1, name: "Garden ring" })).toBeInTheDocument();
    expect(screen.getAllByText("CAD Design")[0]).toBeInTheDocument();
    expect(screen.getByText("JW-2026-000123")).toBeInTheDocument();
    expect(screen.getByTestId("order-progress")).toHaveTextContent("40%");
    expect(screen.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "40");
    expect(screen.getByText("$1,250.00")).toBeInTheDocument();
    expect(screen.getByText("Product link")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Download Details/ })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Contact Support/ })).toHaveAttribute("href", "/dashboard/messages/new?order=o1");
    // What the customer filled in, grouped as the form groups it (as staff and the PDF show it).
    expect(within(screen.getByRole("region", { name: "Metal" })).getByText("Gold")).toBeInTheDocument();
    expect(within(screen.getByRole("region", { name: "Metal" })).getByText("18K")).toBeInTheDocument();
    expect(within(screen.getByRole("region", { name: "Stones" })).getByText("1 × Diamond · 0.5 ct · G · VS1")).toBeInTheDocument();
    expect(within(screen.getByRole("region", { name: "Size & dimensions" })).getByText("7")).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Budget & requests" })).not.toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Your instant estimate" })).toBeInTheDocument();
  });

  it("a cancelled order without a quote reads 'Not quoted', never 'Awaiting quote' or a quote on its way", async () => {
    serve(makeOrder({ status: "cancelled", progress: 0, quoted_price: null, quotes: [], cancel_reason: "Changed my mind" }));
    render();
    expect(await screen.findByRole("heading", { level: 1, name: "Garden ring" })).toBeInTheDocument();
    expect(screen.getByText("Quote amount").nextSibling).toHaveTextContent("Not quoted");
    expect(screen.queryByText("Awaiting quote")).not.toBeInTheDocument();
    expect(screen.queryByText(/will send a quote soon/)).not.toBeInTheDocument();
    const next = screen.getByRole("region", { name: "Nothing to do: this order was cancelled" });
    expect(next).toHaveTextContent("Reason: Changed my mind");
    expect(screen.queryByRole("button", { name: /Cancel order/ })).not.toBeInTheDocument();
  });

  it("an order still to be quoted reads 'Awaiting quote'", async () => {
    serve(makeOrder({ status: "initiated", quoted_price: null, quotes: [] }));
    render();
    expect(await screen.findByRole("heading", { level: 1, name: "Garden ring" })).toBeInTheDocument();
    expect(screen.getByText("Quote amount").nextSibling).toHaveTextContent("Awaiting quote");
    expect(screen.getByText(/will send a quote soon/)).toBeInTheDocument();
  });

  it("leads with the current quote, then the next step, then tracking, and only then the tabs with the history", async () => {
    serve(
      makeOrder({
        status: "shipped",
        quoted_price: "1250.00",
        quotes: [makeQuote({ status: "accepted", responded_at: ago(86400_000) })],
        amount_paid: "1250.00",
        balance_due: "0.00",
        shipment: { carrier: "BlueDart", tracking_number: "BD77812345IN" },
      }),
    );
    render();
    const quote = await screen.findByRole("region", { name: "Your quote" });
    const next = screen.getByRole("region", { name: "Nothing to do: your piece is on its way" });
    const tracking = screen.getByRole("region", { name: "On its way" });
    const tabs = screen.getByRole("tablist");
    const before = (a: Element, b: Element) => expect(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    before(quote, next);
    before(next, tracking);
    before(tracking, tabs);
    expect(within(screen.getByRole("region", { name: "What matters now" })).getByRole("region", { name: "On its way" })).toBe(tracking);
  });

  it("shows the current quote's amount, currency and validity, and never the instant estimate once a quote exists", async () => {
    serve(
      makeOrder({
        status: "quoted",
        quoted_price: "1250.00",
        quotes: [
          makeQuote({ id: "q0", amount: "1400.00", status: "declined", decline_reason: "Too dear", created_at: ago(5 * 86400_000) }),
          makeQuote({ valid_until: "2026-12-10T12:00:00Z" }),
        ],
      }),
    );
    render();
    const quote = await screen.findByRole("region", { name: "Your quote" });
    expect(within(quote).getByTestId("quote-amount")).toHaveTextContent("$1,250.00");
    expect(within(quote).getByText("USD")).toBeInTheDocument();
    expect(within(quote).getByTestId("quote-when")).toHaveTextContent(/^Valid until /);
    expect(within(quote).getByTestId("quote-when").querySelector("time")).toHaveAttribute("datetime", "2026-12-10T12:00:00Z");
    expect(within(quote).getByText("Pending")).toBeInTheDocument();
    expect(within(quote).getByRole("button", { name: /Accept/ })).toBeInTheDocument();
    expect(within(quote).getByRole("button", { name: /Decline/ })).toBeInTheDocument();
    // The declined quote is an earlier one, not the current.
    expect(within(quote).getByText("Earlier quotes (1)")).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Your instant estimate" })).not.toBeInTheDocument();
    expect(screen.queryByText("$1,240.00")).not.toBeInTheDocument();
    const next = screen.getByRole("region", { name: "Accept the quote" });
    expect(next).toHaveTextContent(/Your quote of \$1,250\.00 is valid until .+\. Accept it to go ahead/);
  });

  it("before the CAD is approved shows the advance and the total, never a balance", async () => {
    const balance = { kind: "balance" as const, amount: "625.00", currency: "USD" as const, instructions: { lines: ["Bank: Atelier Bank"], upi_id: null }, awaiting_confirmation: false };
    serve(
      makeOrder({
        status: "approved",
        quoted_price: "1250.00",
        quotes: [makeQuote({ status: "accepted" })],
        payments: [{ id: "p1", order_id: "o1", kind: "advance", amount: "625.00", currency: "USD", provider: "manual", reference: "UTR1", status: "confirmed", rejection_reason: "", failure_reason: "", flag_reason: "", created_at: ago(86400_000), decided_at: ago(3600_000) }],
        amount_paid: "625.00",
        balance_due: "625.00",
        payment_due: balance,
      }),
    );
    render();
    const quote = await screen.findByRole("region", { name: "Your quote" });
    expect(within(quote).getByText("Advance (50%)")).toBeInTheDocument();
    expect(within(quote).getByText("Total")).toBeInTheDocument();
    expect(within(quote).getByTestId("quote-when")).toHaveTextContent(/^Accepted on /);
    expect(screen.getByRole("region", { name: "Nothing to do: your designer is preparing your CAD design" })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Balance due" })).not.toBeInTheDocument();
    expect(screen.queryByText(/Balance/)).not.toBeInTheDocument();
    expect(screen.queryByText("Still to pay")).not.toBeInTheDocument();
    const totals = screen.getByTestId("payment-totals");
    expect(totals).toHaveTextContent("Paid$625.00");
    expect(totals).toHaveTextContent("Total$1,250.00");
  });

  it("once the CAD is approved asks for the balance, with 'Balance due' and what is still to pay", async () => {
    serve(
      makeOrder({
        status: "cad_approved",
        quoted_price: "1250.00",
        quotes: [makeQuote({ status: "accepted" })],
        payments: [{ id: "p1", order_id: "o1", kind: "advance", amount: "625.00", currency: "USD", provider: "manual", reference: "UTR1", status: "confirmed", rejection_reason: "", failure_reason: "", flag_reason: "", created_at: ago(86400_000), decided_at: ago(3600_000) }],
        amount_paid: "625.00",
        balance_due: "625.00",
        payment_due: { kind: "balance", amount: "625.00", currency: "USD", instructions: { lines: ["Bank: Atelier Bank"], upi_id: null }, awaiting_confirmation: false },
      }),
    );
    render();
    const next = await screen.findByRole("region", { name: "Pay the balance of $625.00" });
    expect(next).toHaveTextContent("Pay by bank transfer or UPI with the details below");
    const due = screen.getByRole("region", { name: "Balance due" });
    expect(within(due).getByTestId("amount-due")).toHaveTextContent("$625.00");
    // No delivery address yet: the balance says where to choose it.
    expect(within(due).getByTestId("balance-ships-to")).toHaveTextContent("Choose the delivery address on this page before paying the balance");
    // ...and takes no payment until then (the server refuses one too).
    expect(within(due).queryByRole("button", { name: "I have paid" })).not.toBeInTheDocument();
    expect(within(screen.getByRole("region", { name: "Your quote" })).getByText("Balance before shipping")).toBeInTheDocument();
    expect(screen.getByTestId("payment-totals")).toHaveTextContent("Still to pay$625.00");
  });

  it("says on the balance where the piece ships once the address is chosen", async () => {
    const address = { name: "Asha Rao", phone: "+1 415 555 0132", line1: "1 Market St", line2: "", city: "San Francisco", state: "CA", postal_code: "94105", country: "US" };
    serve(
      makeOrder({
        status: "cad_approved",
        quoted_price: "1250.00",
        quotes: [makeQuote({ status: "accepted" })],
        amount_paid: "625.00",
        balance_due: "625.00",
        payment_due: { kind: "balance", amount: "625.00", currency: "USD", instructions: { lines: ["Bank: Atelier Bank"], upi_id: null }, awaiting_confirmation: false },
        delivery_address: address,
        billing_address: address,
      }),
    );
    render();
    const due = await screen.findByRole("region", { name: "Balance due" });
    expect(within(due).getByTestId("balance-ships-to")).toHaveTextContent("Ships to Asha Rao, 1 Market St, San Francisco, CA 94105, United States");
  });

  it("asks for the advance once the quote is accepted, and waits while the reference is confirmed", async () => {
    const advance = { kind: "advance" as const, amount: "625.00", currency: "USD" as const, instructions: { lines: ["Bank: Atelier Bank"], upi_id: null }, awaiting_confirmation: false };
    serve(makeOrder({ status: "quoted", quoted_price: "1250.00", quotes: [makeQuote({ status: "accepted" })], payment_due: advance }));
    const { unmount } = render();
    expect(await screen.findByRole("region", { name: "Pay the advance of $625.00" })).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Advance due" })).toBeInTheDocument();
    unmount();

    serve(makeOrder({ status: "quoted", quoted_price: "1250.00", quotes: [makeQuote({ status: "accepted" })], payment_due: { ...advance, awaiting_confirmation: true } }));
    render();
    const next = await screen.findByRole("region", { name: "Nothing to do: we are confirming your advance payment" });
    expect(next).toHaveTextContent("We will let you know as soon as it is confirmed.");
    expect(within(screen.getByRole("region", { name: "Advance due" })).getByText("We have your payment reference and are confirming receipt.")).toBeInTheDocument();
  });

  it("'Review version 2' opens the CAD Designs tab", async () => {
    serve(makeOrder({ status: "cad_design", cad_designs: [cad("c1", 1, "superseded"), cad("c2", 2, "pending_approval")] }));
    const user = userEvent.setup();
    render();
    const next = await screen.findByRole("region", { name: "Review CAD version 2" });
    // It opens on CAD Designs while a version waits; the customer may have moved on to another tab.
    await user.click(screen.getByRole("tab", { name: /Comments/ }));
    expect(screen.getByRole("tab", { name: /CAD Designs/ })).toHaveAttribute("aria-selected", "false");
    await user.click(within(next).getByRole("button", { name: "Review version 2" }));
    expect(screen.getByRole("tab", { name: /CAD Designs/ })).toHaveAttribute("aria-selected", "true");
    await waitFor(() => expect(screen.getByRole("tab", { name: /CAD Designs/ })).toHaveFocus());
    expect(screen.getAllByRole("button", { name: /Approve CAD Design/ })).toHaveLength(1);
  });

  it("links the tracking number to a known carrier's page, encoded, and shows an unknown carrier's as text", async () => {
    serve(makeOrder({ status: "shipped", shipment: { carrier: "blue dart", tracking_number: "BD 778/12" } }));
    const { unmount } = render();
    const tracking = await screen.findByRole("region", { name: "On its way" });
    expect(within(tracking).getByText("Blue Dart")).toBeInTheDocument();
    const link = within(tracking).getByRole("link", { name: /BD 778\/12/ });
    expect(link).toHaveAttribute("href", "https://www.bluedart.com/web/guest/trackdartresultthirdparty?trackFor=0&trackNo=BD%20778%2F12");
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
    expect(link).toHaveAccessibleName("BD 778/12 (track on Blue Dart's site, opens in a new tab)");
    unmount();

    serve(makeOrder({ status: "shipped", shipment: { carrier: "Anjani Courier", tracking_number: "AC-991" } }));
    const second = render();
    const plain = await screen.findByRole("region", { name: "On its way" });
    expect(within(plain).getByText("Anjani Courier")).toBeInTheDocument();
    expect(within(plain).getByText("AC-991")).toBeInTheDocument();
    expect(within(plain).queryByRole("link")).not.toBeInTheDocument();
    second.unmount();

    serve(makeOrder({ status: "delivered", shipment: { carrier: "Speed Post", tracking_number: "EE123456789IN" } }));
    render();
    const post = await screen.findByRole("region", { name: "Delivered" });
    expect(within(post).getByRole("link", { name: /EE123456789IN/ })).toHaveAttribute("href", "https://www.indiapost.gov.in/_layouts/15/dop.portal.tracking/trackconsignment.aspx");
    expect(within(post).getByText("Enter the tracking number on India Post's page.")).toBeInTheDocument();
  });

  it("a delivered order's shipment no longer reads 'On its way'", async () => {
    serve(makeOrder({ status: "delivered", quoted_price: "1250.00", shipment: { carrier: "BlueDart", tracking_number: "BD123" } }));
    render();
    expect(await screen.findByRole("heading", { level: 1, name: "Garden ring" })).toBeInTheDocument();
    expect(screen.queryByText("On its way")).not.toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Delivered" })).toBeInTheDocument();
  });

  it("offers 'Approve CAD Design' only on the version pending approval, and reads older ones as Superseded", async () => {
    serve(makeOrder({ status: "cad_design", cad_designs: [cad("c1", 1, "superseded"), cad("c2", 2, "pending_approval")] }));
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole("tab", { name: /CAD Designs/ }));
    const versions = screen.getAllByTestId("cad-design");
    expect(within(versions[0]!).getByText("Version 2")).toBeInTheDocument();
    expect(within(versions[0]!).getByText("Pending Approval")).toBeInTheDocument();
    expect(within(versions[1]!).getByText("Superseded")).toBeInTheDocument();
    expect(within(versions[1]!).queryByText("Pending Approval")).not.toBeInTheDocument();
    expect(within(versions[1]!).queryByRole("button", { name: /Approve CAD Design/ })).not.toBeInTheDocument();
    expect(screen.getAllByRole("button", { name: /Approve CAD Design/ })).toHaveLength(1);
  });

  it("approves a CAD version only after the customer confirms: cancel sends nothing, confirm sends once", async () => {
    const calls = serve(makeOrder({ status: "cad_design", cad_designs: [cad("c2", 2, "approved"), cad("c3", 3, "pending_approval")] }));
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole("tab", { name: /CAD Designs/ }));
    const posts = () => calls.filter((c) => c.init.method === "POST");

    await user.click(screen.getByRole("button", { name: /Approve CAD Design/ }));
    let dialog = await screen.findByRole("alertdialog", { name: "Approve version 3?" });
    expect(dialog).toHaveTextContent("Your jeweller starts making your piece from this version, and no new versions follow.");
    await user.click(within(dialog).getByRole("button", { name: "Not yet" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(posts()).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: /Approve CAD Design/ }));
    dialog = await screen.findByRole("alertdialog", { name: "Approve version 3?" });
    await user.click(within(dialog).getByRole("button", { name: "Approve" }));
    expect(await screen.findByText("CAD design approved")).toBeInTheDocument();
    expect(screen.getByText("Your approval has been recorded. The manufacturing process will begin soon.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(posts().map((c) => c.url)).toEqual(["/api/cad-designs/c3/approve/"]);
  });

  it("hides the approve button outside CAD design, and shows the approve failure", async () => {
    serve(makeOrder({ status: "cancelled", cad_designs: [cad("c1", 1, "not_approved")] }));
    const user = userEvent.setup();
    const { unmount } = render();
    await user.click(await screen.findByRole("tab", { name: /CAD Designs/ }));
    expect(screen.getByText("Not approved")).toBeInTheDocument();
    expect(screen.queryByText("Pending Approval")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Approve CAD Design/ })).not.toBeInTheDocument();
    unmount();

    serve(makeOrder({ status: "cad_design", cad_designs: [cad("c1", 1, "pending_approval")] }), () => ({ status: 500, body: null }));
    render();
    await user.click(await screen.findByRole("tab", { name: /CAD Designs/ }));
    await user.click(screen.getByRole("button", { name: /Approve CAD Design/ }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Approve" }));
    expect(await screen.findByText("Failed to approve CAD design. Please try again.")).toBeInTheDocument();
  });

  it("shows the empty CAD, comments and history texts", async () => {
    serve(makeOrder());
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole("tab", { name: /CAD Designs/ }));
    expect(screen.getByText("No CAD designs yet")).toBeInTheDocument();
    await user.click(screen.getByRole("tab", { name: /Comments/ }));
    expect(screen.getByText("No comments yet. Start the conversation!")).toBeInTheDocument();
  });

  it("does not send a blank comment, sends a trimmed one and says 'Comment added.'", async () => {
    const order = makeOrder({ comments: [{ id: "m1", text: "Can it be white gold?", created_at: ago(600_000), user: { first_name: "Asha", last_name: "Rao", role: "customer" } }] });
    const calls = serve(order, (_url, body) => ({
      status: 201,
      body: { id: "m2", text: (body as { text: string }).text, created_at: new Date().toISOString(), user: { first_name: "Asha", last_name: "Rao", role: "customer" } },
    }));
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole("tab", { name: /Comments/ }));
    expect(screen.getByText("Can it be white gold?")).toBeInTheDocument();
    // The customer reads their own comments as "You", as in Messages.
    expect(screen.getAllByText("You")[0]).toBeInTheDocument();
    const send = screen.getByRole("button", { name: /Send Message/ });
    expect(send).toBeDisabled();
    const box = screen.getByLabelText("Your message");
    await user.type(box, "   ");
    expect(send).toBeDisabled();
    await user.type(box, " Yes please  ");
    expect(send).toBeEnabled();
    await user.click(send);
    expect(await screen.findByText("Comment added.")).toBeInTheDocument();
    const post = calls.find((c) => c.init.method === "POST");
    expect(post!.url).toBe("/api/orders/o1/comments/");
    expect(sentBody(post)).toEqual({ text: "Yes please" });
    expect(box).toHaveValue("");
  });

  it("shows the server's refusal of a comment under the message box", async () => {
    serve(makeOrder(), () => ({ status: 400, body: { text: ["Ensure this field has no more than 5000 characters."] } }));
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole("tab", { name: /Comments/ }));
    const box = screen.getByLabelText("Your message");
    await user.type(box, "Yes please");
    await user.click(screen.getByRole("button", { name: /Send Message/ }));
    await waitFor(() => expect(box).toHaveAccessibleDescription("Ensure this field has no more than 5000 characters."));
    expect(box).toHaveAttribute("aria-invalid", "true");
    expect(box).toHaveValue("Yes please");
  });

  it("opening the Comments tab reads the order's conversation (the message dot clears), and only then", async () => {
    const order = makeOrder({ comments: [{ id: "m1", text: "Version 2 is up.", created_at: ago(600_000), user: { first_name: "Priya", last_name: "", role: "staff" } }] });
    const calls = serve(order);
    const user = userEvent.setup();
    render();
    await screen.findByRole("tab", { name: /Comments/ });
    const reads = () => calls.filter((c) => c.url === "/api/messages/o1/" && (c.init.method ?? "GET") === "GET");
    expect(reads()).toHaveLength(0);
    await user.click(screen.getByRole("tab", { name: /Comments/ }));
    await waitFor(() => expect(reads()).toHaveLength(1));
  });

  it("an order without comments has no conversation to read", async () => {
    const calls = serve(makeOrder());
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole("tab", { name: /Comments/ }));
    expect(await screen.findByText("No comments yet. Start the conversation!")).toBeInTheDocument();
    expect(calls.some((c) => c.url.startsWith("/api/messages/"))).toBe(false);
  });

  it("says when a comment fails", async () => {
    serve(makeOrder(), () => ({ status: 500, body: null }));
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole("tab", { name: /Comments/ }));
    await user.type(screen.getByLabelText("Your message"), "Hello");
    await user.click(screen.getByRole("button", { name: /Send Message/ }));
    expect(await screen.findByText("Failed to add comment. Please try again.")).toBeInTheDocument();
  });

  it("shows the history from the order's events with actor and time", async () => {
    serve(
      makeOrder({
        events: [
          { id: "e1", type: "created", from_status: null, to_status: "initiated", note: "", actor: { first_name: "Asha", last_name: "Rao", role: "customer" }, created_at: ago(7200_000) },
          { id: "e2", type: "status_change", from_status: "initiated", to_status: "quoted", note: "Quote sent", actor: { first_name: "Meera", last_name: "Iyer", role: "staff" }, created_at: ago(3600_000) },
        ],
      }),
    );
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole("tab", { name: "Order History" }));
    const events = screen.getAllByTestId("history-event");
    expect(events[0]).toHaveTextContent("Initiated → Quoted");
    expect(events[0]).toHaveTextContent("by Meera Iyer (staff) ·");
    expect(events[0]).toHaveTextContent("1 hour ago");
    expect(events[1]).toHaveTextContent("Order placed");
    expect(events[1]).toHaveTextContent("by You ·");
  });

  it("names a staff member the one way in comments and history, and the system as automatic", async () => {
    const kavya = { first_name: "Kavya", last_name: "Iyer", role: "admin" as const };
    serve(
      makeOrder({
        comments: [{ id: "m1", text: "We will draw a low halo.", created_at: ago(600_000), user: kavya }],
        events: [{ id: "e1", type: "status_change", from_status: "manufacturing", to_status: "quality_check", note: "", actor: null, created_at: ago(60_000) }],
      }),
    );
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole("tab", { name: /Comments/ }));
    expect(await screen.findByText("Kavya Iyer (admin)")).toBeInTheDocument();
    await user.click(screen.getByRole("tab", { name: "Order History" }));
    expect(screen.getByTestId("history-event")).toHaveTextContent("by Aurelia Atelier (automatic) ·");
  });

  it("accepts a pending quote, and declines with an optional reason after confirming", async () => {
    const calls = serve(makeOrder({ status: "quoted", quoted_price: "1250.00", quotes: [makeQuote()] }));
    const user = userEvent.setup();
    render();
    const panel = await screen.findByRole("region", { name: "Your quote" });
    expect(within(panel).getByText("Pending")).toBeInTheDocument();
    expect(within(panel).getByText("Metal")).toBeInTheDocument();
    // Accepting asks first: going back sends nothing, confirming sends once.
    await user.click(within(panel).getByRole("button", { name: /Accept/ }));
    let confirm = await screen.findByRole("alertdialog", { name: "Accept this quote?" });
    expect(confirm).toHaveTextContent(
      "You accept $1,250.00 for “Garden ring”. The advance of $625.00 (50%) is then due, and the payment instructions appear on your order.",
    );
    await user.click(within(confirm).getByRole("button", { name: "Go back" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(calls.filter((c) => c.init.method === "POST")).toHaveLength(0);
    await user.click(within(panel).getByRole("button", { name: /Accept/ }));
    confirm = await screen.findByRole("alertdialog", { name: "Accept this quote?" });
    await user.click(within(confirm).getByRole("button", { name: "Accept quote" }));
    expect(await screen.findByText("Quote accepted")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(calls.filter((c) => c.init.method === "POST").map((c) => c.url)).toEqual(["/api/quotes/q1/accept/"]);

    await user.click(within(panel).getByRole("button", { name: /Decline/ }));
    const dialog = await screen.findByRole("alertdialog");
    await user.click(within(dialog).getByRole("button", { name: "Decline" }));
    await waitFor(() => expect(calls.some((c) => c.url === "/api/quotes/q1/decline/")).toBe(true));
    expect(sentBody(calls.find((c) => c.url === "/api/quotes/q1/decline/"))).toEqual({ reason: "" });
  });

  it("shows what is due with the instructions and sends the payment reference", async () => {
    const order = makeOrder({
      status: "quoted",
      quotes: [makeQuote({ status: "accepted" })],
      payment_due: { kind: "advance", amount: "625.00", currency: "USD", instructions: { lines: ["Pay $625.00 (advance) by bank transfer or UPI.", "Bank: Atelier Bank", "Account: 0001", "UPI: atelier@upi"], upi_id: "atelier@upi" }, awaiting_confirmation: false },
      payments: [{ id: "p0", order_id: "o1", kind: "advance", amount: "625.00", currency: "USD", provider: "manual", reference: "OLD123", status: "rejected", rejection_reason: "Not received", failure_reason: "", flag_reason: "", created_at: ago(86400_000), decided_at: null }],
    });
    const calls = serve(order, (url) => (url.endsWith("/payments/") ? { status: 201, body: {} } : { status: 200, body: {} }));
    const user = userEvent.setup();
    render();
    const due = await screen.findByRole("region", { name: "Advance due" });
    expect(within(due).getByTestId("amount-due")).toHaveTextContent("$625.00");
    expect(within(due).getByText("Bank: Atelier Bank")).toBeInTheDocument();
    // The UPI id once, in its line, easy to select.
    expect(within(due).getAllByText(/atelier@upi/)).toHaveLength(1);
    expect(within(due).getByText("atelier@upi")).toHaveClass("select-all");
    expect(screen.getByText("Rejected")).toBeInTheDocument();
    expect(screen.getByText("Not received")).toBeInTheDocument();

    await user.click(within(due).getByRole("button", { name: "I have paid" }));
    expect(within(due).getByText("Enter the transfer's reference (at least 3 characters).")).toBeInTheDocument();
    await user.type(within(due).getByLabelText("Payment reference"), " UTR998877 ");
    await user.click(within(due).getByRole("button", { name: "I have paid" }));
    expect(await screen.findByText("Payment reference sent")).toBeInTheDocument();
    const post = calls.find((c) => c.url === "/api/orders/o1/payments/");
    expect(sentBody(post)).toEqual({ kind: "advance", reference: "UTR998877" });
  });

  it("sends one payment reference while sending and shows the server's refusal under it", async () => {
    const order = makeOrder({
      status: "quoted",
      quotes: [makeQuote({ status: "accepted" })],
      payment_due: { kind: "advance", amount: "625.00", currency: "USD", instructions: { lines: ["Bank: Atelier Bank"], upi_id: "" }, awaiting_confirmation: false },
    });
    const calls = serve(order, () => ({ status: 400, body: { kind: ["No advance is due on this order."] } }));
    const release = holdFetch((url) => url.endsWith("/payments/"));
    const user = userEvent.setup();
    render();
    const due = await screen.findByRole("region", { name: "Advance due" });
    const reference = within(due).getByLabelText("Payment reference");
    expect(reference).toHaveAccessibleDescription("The transaction or UTR number from your bank or UPI app.");
    await user.type(reference, "UTR998877");
    const paid = within(due).getByRole("button", { name: "I have paid" });
    await user.click(paid);
    await waitFor(() => expect(paid).toBeDisabled());
    await user.click(paid);
    release();
    await waitFor(() => expect(reference).toHaveAccessibleDescription("No advance is due on this order."));
    expect(reference).toHaveAttribute("aria-invalid", "true");
    expect(calls.filter((c) => c.url === "/api/orders/o1/payments/")).toHaveLength(1);
  });

  it("cancels only while initiated or quoted, shows the server's refusal, and confirms delivery only when delivered", async () => {
    serve(makeOrder({ status: "quoted" }), () => ({ status: 409, body: { detail: "This order can no longer be cancelled." } }));
    const user = userEvent.setup();
    const { unmount } = render();
    await user.click(await screen.findByRole("button", { name: /Cancel order/ }));
    const dialog = await screen.findByRole("alertdialog");
    await user.click(within(dialog).getByRole("button", { name: "Cancel order" }));
    expect(await screen.findByText("This order can no longer be cancelled.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Confirm delivery/ })).not.toBeInTheDocument();
    unmount();

    const calls = serve(makeOrder({ status: "delivered" }));
    render();
    const next = await screen.findByRole("region", { name: "Confirm that your piece arrived" });
    await user.click(within(next).getByRole("button", { name: /Confirm delivery/ }));
    expect(screen.queryByRole("button", { name: /Cancel order/ })).not.toBeInTheDocument();
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Confirm delivery" }));
    expect(await screen.findByText("Delivery confirmed")).toBeInTheDocument();
    expect(calls.some((c) => c.url === "/api/orders/o1/confirm-delivery/")).toBe(true);
  });

  it("shows the not-found text with a link to the dashboard, and the load failure", async () => {
    stubFetch(() => ({ status: 404, body: { detail: "Not found." } }));
    const { unmount } = render();
    expect(await screen.findByText("The order you are looking for does not exist or you do not have access to it.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to Dashboard" })).toHaveAttribute("href", "/dashboard");
    unmount();
    stubFetch(() => ({ status: 500, body: null }));
    render();
    expect(await screen.findByText("Failed to load order details. Please try again.")).toBeInTheDocument();
  });
});
