import type { Payment, Refund } from "@atelier/contract";
import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { page as route, renderRoutes, stubBrowserApis, stubFetch } from "@/test/render";
import { ago, makeOrder, makeQuote } from "../testing/fixtures";
import { OrderDetailScreen } from "./order-detail-screen";

beforeEach(() => {
  stubBrowserApis();
  localStorage.setItem("authToken", "tok");
});

const advance: Payment = {
  id: "p1",
  order_id: "o1",
  kind: "advance",
  amount: "625.00",
  currency: "USD",
  provider: "manual",
  reference: "UTR-1",
  status: "confirmed",
  rejection_reason: "",
  failure_reason: "",
  flag_reason: "",
  created_at: ago(5 * 86_400_000),
  decided_at: ago(4 * 86_400_000),
};

const refund = (overrides: Partial<Refund>): Refund => ({
  id: "r1",
  order_id: "o1",
  payment_id: "p1",
  payment_kind: "advance",
  amount: "200.00",
  currency: "USD",
  reason: "Cancelled at your request; the design fee is kept.",
  provider: "manual",
  provider_refund_id: "",
  reference: "NEFT-1",
  status: "succeeded",
  failure_reason: "",
  created_at: ago(3600_000),
  settled_at: ago(3600_000),
  ...overrides,
});

describe("the customer's order page shows refunds", () => {
  it("lists each refund with its amount, status, reference and reason, and what was refunded in all", async () => {
    const order = makeOrder({
      status: "cancelled",
      cancel_reason: "Changed my mind",
      quoted_price: "1250.00",
      quotes: [makeQuote({ status: "accepted" })],
      payments: [advance],
      refunds: [refund({}), refund({ id: "r2", amount: "100.00", status: "pending", reference: "", provider: "stripe", settled_at: null })],
      amount_paid: "425.00",
      amount_refunded: "200.00",
      balance_due: "0.00",
    });
    stubFetch(() => ({ status: 200, body: order }));
    renderRoutes([route("/dashboard/orders/:id", <OrderDetailScreen orderId="o1" />)], "/dashboard/orders/o1");
    const section = await screen.findByTestId("order-refunds");
    const [done, pending] = within(section).getAllByTestId("refund");
    expect(done).toHaveTextContent("Refund of your advance · $200.00");
    expect(done).toHaveTextContent("Refunded");
    expect(done).toHaveTextContent("Reference NEFT-1");
    expect(done).toHaveTextContent("Cancelled at your request; the design fee is kept.");
    expect(pending).toHaveTextContent("Refund pending");
    expect(pending).toHaveTextContent("On its way");
    expect(section).toHaveTextContent("Refunded$200.00");
    expect(screen.getByTestId("payment-totals")).toHaveTextContent("Paid$425.00");
  });

  it("shows nothing about refunds when there are none", async () => {
    stubFetch(() => ({ status: 200, body: makeOrder({ status: "approved", payments: [advance], amount_paid: "625.00" }) }));
    renderRoutes([route("/dashboard/orders/:id", <OrderDetailScreen orderId="o1" />)], "/dashboard/orders/o1");
    await screen.findByTestId("payment-totals");
    expect(screen.queryByTestId("order-refunds")).not.toBeInTheDocument();
  });
});
