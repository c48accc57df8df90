import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderRoutes, sentBody, stubBrowserApis, stubFetch } from "@/test/render";
import { makeOrder, makePayment } from "../testing/fixtures";
import { MovePanel } from "./move-panel";

const advance = makePayment({ id: "p1", status: "confirmed", provider: "manual", amount: "625.00" });
const approved = makeOrder({ status: "approved", payments: [advance], amount_paid: "625.00", balance_due: "625.00" });

describe("cancelling an order with a confirmed payment", () => {
  beforeEach(() => {
    localStorage.setItem("authToken", "tok");
    stubBrowserApis();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("asks for the refund in the same dialog, cancels first and then refunds with the reason", async () => {
    const calls = stubFetch((url) => {
      if (url.endsWith("/transition/")) return { status: 200, body: { ...approved, status: "cancelled" } };
      if (url.endsWith("/refunds/"))
        return {
          status: 201,
          body: {
            id: "r1",
            order_id: "o1",
            payment_id: "p1",
            payment_kind: "advance",
            amount: "300.00",
            currency: "USD",
            reason: "Stones unavailable",
            provider: "manual",
            provider_refund_id: "",
            reference: "NEFT-9",
            status: "succeeded",
            failure_reason: "",
            created_at: new Date().toISOString(),
            settled_at: new Date().toISOString(),
          },
        };
      return { status: 404, body: { detail: "Not found." } };
    });
    const user = userEvent.setup();
    renderRoutes([{ path: "/staff/orders/o1", element: <MovePanel order={approved} /> }], "/staff/orders/o1");
    await user.click(screen.getByRole("button", { name: "Cancel order" }));
    const dialog = await screen.findByRole("alertdialog");
    const refund = within(dialog).getByTestId("cancel-refund");
    expect(refund).toHaveTextContent("The advance: $625.00 paid by Bank transfer / UPI.");
    expect(within(refund).getByLabelText("Refund the customer now (with the reason above)")).toBeChecked();
    const amount = within(refund).getByLabelText(/Amount to refund/);
    expect(amount).toHaveValue("625.00");

    await user.type(within(dialog).getByLabelText(/^Reason/), "Stones unavailable");
    await user.click(within(dialog).getByRole("button", { name: "Cancel order" }));
    expect(await within(refund).findByText("Enter the bank or UPI reference of the refund transfer.")).toBeInTheDocument();
    expect(calls.filter((c) => c.url.endsWith("/transition/"))).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, "300");
    await user.type(within(refund).getByLabelText(/Refund reference/), "NEFT-9");
    await user.click(within(dialog).getByRole("button", { name: "Cancel order" }));
    await waitFor(() => expect(calls.filter((c) => c.url.endsWith("/refunds/"))).toHaveLength(1));
    const order = calls.map((c) => c.url).filter((u) => u.endsWith("/transition/") || u.endsWith("/refunds/"));
    expect(order).toEqual(["/api/staff/orders/o1/transition/", "/api/staff/orders/o1/refunds/"]);
    expect(sentBody(calls.find((c) => c.url.endsWith("/transition/")))).toMatchObject({ to: "cancelled", note: "Stones unavailable" });
    expect(sentBody(calls.find((c) => c.url.endsWith("/refunds/")))).toEqual({
      payment_id: "p1",
      amount: "300.00",
      reason: "Stones unavailable",
      reference: "NEFT-9",
    });
    expect(await screen.findByText("Refund recorded")).toBeInTheDocument();
  });

  it("cancels without a refund when staff untick it", async () => {
    const calls = stubFetch((url) =>
      url.endsWith("/transition/") ? { status: 200, body: { ...approved, status: "cancelled" } } : { status: 404 },
    );
    const user = userEvent.setup();
    renderRoutes([{ path: "/staff/orders/o1", element: <MovePanel order={approved} /> }], "/staff/orders/o1");
    await user.click(screen.getByRole("button", { name: "Cancel order" }));
    const dialog = await screen.findByRole("alertdialog");
    await user.click(within(dialog).getByLabelText("Refund the customer now (with the reason above)"));
    expect(within(dialog).queryByLabelText(/Amount to refund/)).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Reason/), "Duplicate order");
    await user.click(within(dialog).getByRole("button", { name: "Cancel order" }));
    await waitFor(() => expect(calls.filter((c) => c.url.endsWith("/transition/"))).toHaveLength(1));
    expect(calls.filter((c) => c.url.endsWith("/refunds/"))).toHaveLength(0);
  });

  it("shows no refund section when nothing was paid", async () => {
    stubFetch(() => ({ status: 404 }));
    const user = userEvent.setup();
    renderRoutes([{ path: "/staff/orders/o1", element: <MovePanel order={makeOrder({ status: "quoted" })} /> }], "/staff/orders/o1");
    await user.click(screen.getByRole("button", { name: "Cancel order" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(within(dialog).queryByTestId("cancel-refund")).not.toBeInTheDocument();
  });
});
