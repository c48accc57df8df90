import type { Refund } from "@atelier/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderRoutes, sentBody, stubBrowserApis, stubFetch } from "@/test/render";
import { makeOrder, makePayment } from "../testing/fixtures";
import { PaymentsPanel } from "./payments-panel";

const advance = makePayment({ id: "p1", status: "confirmed", provider: "manual", amount: "625.00", decided_at: new Date().toISOString() });
const cancelled = makeOrder({
  status: "cancelled",
  cancel_reason: "The customer changed their mind.",
  payments: [advance],
  amount_paid: "625.00",
  balance_due: "0.00",
});

const refund = (overrides: Partial<Refund> = {}): Refund => ({
  id: "r1",
  order_id: "o1",
  payment_id: "p1",
  payment_kind: "advance",
  amount: "200.50",
  currency: "USD",
  reason: "The customer changed their mind.",
  provider: "manual",
  provider_refund_id: "",
  reference: "NEFT-1",
  status: "succeeded",
  failure_reason: "",
  created_at: new Date().toISOString(),
  settled_at: new Date().toISOString(),
  ...overrides,
});

const renderPanel = (order = cancelled) =>
  renderRoutes([{ path: "/staff/orders/o1", element: <PaymentsPanel order={order} /> }], "/staff/orders/o1");

describe("refund dialog", () => {
  beforeEach(() => {
    localStorage.setItem("authToken", "tok");
    stubBrowserApis();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("refunds part of a confirmed advance of a cancelled order with a reason and the transfer's reference", async () => {
    const calls = stubFetch((url, init) =>
      url.endsWith("/api/staff/orders/o1/refunds/") && init.method === "POST"
        ? { status: 201, body: refund() }
        : { status: 404, body: { detail: "Not found." } },
    );
    const user = userEvent.setup();
    renderPanel();
    await user.click(screen.getByRole("button", { name: "Refund the advance payment of $625.00" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog).toHaveTextContent("$625.00 was paid by Bank transfer / UPI; $625.00 can still be refunded.");
    const amount = within(dialog).getByLabelText(/Amount/);
    expect(amount).toHaveValue("625.00");
    expect(within(dialog).getByLabelText(/Reason/)).toHaveValue("The customer changed their mind.");

    // Over what is left, and no reference: refused before anything is sent.
    await user.clear(amount);
    await user.type(amount, "700");
    await user.click(within(dialog).getByRole("button", { name: "Record refund" }));
    expect(await within(dialog).findByText("At most $625.00 can be refunded.")).toBeInTheDocument();
    expect(within(dialog).getByText("Enter the bank or UPI reference of the refund transfer.")).toBeInTheDocument();
    expect(calls.filter((c) => c.url.includes("/refunds/"))).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, "200.5");
    await user.type(within(dialog).getByLabelText(/Refund reference/), "NEFT-1");
    await user.click(within(dialog).getByRole("button", { name: "Record refund" }));
    await waitFor(() => expect(calls.filter((c) => c.url.includes("/refunds/"))).toHaveLength(1));
    const post = calls.find((c) => c.url.includes("/refunds/"));
    expect(post?.init.headers).toMatchObject({ "Idempotency-Key": expect.any(String) });
    expect(sentBody(post)).toEqual({ payment_id: "p1", amount: "200.50", reason: "The customer changed their mind.", reference: "NEFT-1" });
    expect(await screen.findByText("Refund recorded")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
  });

  it("shows the server's sentence when the refund is refused", async () => {
    stubFetch(() => ({
      status: 409,
      body: {
        detail: "At most $424.50 of this advance can still be refunded: $625.00 was paid and $200.50 is refunded or being refunded.",
      },
    }));
    const user = userEvent.setup();
    renderPanel();
    await user.click(screen.getByRole("button", { name: /Refund the advance/ }));
    const dialog = await screen.findByRole("alertdialog");
    await user.type(within(dialog).getByLabelText(/Refund reference/), "NEFT-2");
    await user.click(within(dialog).getByRole("button", { name: "Record refund" }));
    expect(await within(dialog).findByTestId("refund-error")).toHaveTextContent("At most $424.50 of this advance can still be refunded");
  });

  it("an online payment is refunded through its provider: no reference asked, the pending refund is listed", async () => {
    const online = makePayment({ id: "p1", status: "confirmed", provider: "stripe", amount: "625.00" });
    const pending = refund({
      provider: "stripe",
      reference: "",
      provider_refund_id: "re_123",
      status: "pending",
      amount: "100.00",
      settled_at: null,
    });
    const order = makeOrder({
      status: "cancelled",
      cancel_reason: "Gone",
      payments: [online],
      refunds: [pending],
      amount_paid: "625.00",
      balance_due: "0.00",
    });
    stubFetch(() => ({ status: 404 }));
    const user = userEvent.setup();
    renderPanel(order);
    const listed = screen.getByTestId("refund");
    expect(listed).toHaveTextContent("Refund of the advance");
    expect(listed).toHaveTextContent("$100.00");
    expect(listed).toHaveTextContent("Refund pending");
    expect(listed).toHaveTextContent("re_123");
    await user.click(screen.getByRole("button", { name: /Refund the advance/ }));
    const dialog = await screen.findByRole("alertdialog");
    expect(within(dialog).getByLabelText(/Amount/)).toHaveValue("525.00");
    expect(within(dialog).queryByLabelText(/Refund reference/)).not.toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Send refund" })).toBeInTheDocument();
    expect(dialog).toHaveTextContent("shows as pending until it confirms");
  });

  it("offers no refund for a running order's confirmed payment", () => {
    stubFetch(() => ({ status: 404 }));
    renderPanel(makeOrder({ status: "manufacturing", payments: [advance], amount_paid: "625.00" }));
    expect(screen.queryByRole("button", { name: /Refund/ })).not.toBeInTheDocument();
  });

  it("fully refunded: no button, the refunds and the net paid are shown", () => {
    stubFetch(() => ({ status: 404 }));
    const done = refund({ amount: "625.00" });
    renderPanel({ ...cancelled, refunds: [done], amount_refunded: "625.00", amount_paid: "0.00" });
    expect(screen.queryByRole("button", { name: /Refund the advance/ })).not.toBeInTheDocument();
    expect(screen.getByTestId("refunds")).toHaveTextContent("$625.00 refunded · net paid $0.00");
    expect(screen.getByTestId("refund")).toHaveTextContent("Refunded");
  });
});
