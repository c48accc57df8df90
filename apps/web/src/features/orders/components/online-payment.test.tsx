import type { Order, Payment } from "@atelier/contract";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { page as route, renderRoutes, sentBody, stubBrowserApis, stubFetch } from "@/test/render";
import { ago, makeOrder, makeQuote } from "../testing/fixtures";
import { OrderDetailScreen } from "./order-detail-screen";

beforeEach(() => {
  stubBrowserApis();
  localStorage.setItem("authToken", "tok");
});
afterEach(() => vi.unstubAllGlobals());

const payment = (overrides: Partial<Payment>): Payment => ({
  id: "p1",
  order_id: "o1",
  kind: "advance",
  amount: "625.00",
  currency: "USD",
  provider: "stripe",
  reference: "cs_test_123",
  status: "pending",
  rejection_reason: "",
  failure_reason: "",
  flag_reason: "",
  created_at: ago(60_000),
  decided_at: null,
  ...overrides,
});

const quoted = (payments: Payment[] = [], awaiting = false): Order =>
  makeOrder({
    status: "quoted",
    quoted_price: "1250.00",
    quotes: [makeQuote({ status: "accepted" })],
    payments,
    payment_due: {
      kind: "advance",
      amount: "625.00",
      currency: "USD",
      instructions: { lines: ["Bank: Example Bank"], upi_id: null },
      awaiting_confirmation: awaiting,
    },
  });

const STRIPE = { currency: "USD", providers: ["stripe"], razorpay_script_url: null };

function serve(
  order: Order,
  options: unknown = STRIPE,
  post: (url: string, body: unknown) => { status: number; body?: unknown } = () => ({ status: 201, body: {} }),
) {
  return stubFetch((url, init) =>
    init.method === "POST"
      ? post(url, typeof init.body === "string" ? JSON.parse(init.body) : undefined)
      : url.includes("/payments/online/")
        ? { status: 200, body: options }
        : { status: 200, body: order },
  );
}

const render = (path = "/dashboard/orders/o1") => renderRoutes([route("/dashboard/orders/:id", <OrderDetailScreen orderId="o1" />)], path);

describe("Paying online", () => {
  it("offers 'Pay $625.00 now' with Stripe beside the transfer instructions and goes to Stripe Checkout", async () => {
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign });
    const calls = serve(quoted(), STRIPE, () => ({
      status: 201,
      body: { payment: payment({}), provider: "stripe", redirect_url: "https://checkout.stripe.test/cs_test_123", widget: null },
    }));
    const user = userEvent.setup();
    render();
    const region = await screen.findByRole("region", { name: "Pay online" });
    expect(within(region).getByText(/with Stripe/)).toBeInTheDocument();
    // The manual way stays.
    expect(screen.getByRole("button", { name: "I have paid" })).toBeInTheDocument();
    await user.click(within(region).getByRole("button", { name: "Pay $625.00 now" }));
    const checkout = calls.find((c) => c.url.includes("/payments/checkout/"));
    expect(sentBody(checkout)).toEqual({ kind: "advance", provider: "stripe" });
    expect(new Headers(checkout?.init.headers).get("Idempotency-Key")).toBeTruthy();
    expect(assign).toHaveBeenCalledWith("https://checkout.stripe.test/cs_test_123");
  });

  it("opens Razorpay Checkout over the page with the order's widget, and shows the result when it hands back", async () => {
    const opened: Record<string, unknown>[] = [];
    vi.stubGlobal(
      "Razorpay",
      class {
        constructor(readonly options: Record<string, unknown>) {
          opened.push(options);
        }
        open() {
          (this.options.handler as () => void)();
        }
      },
    );
    const widget = { key: "rzp_test_abc", order_id: "order_123", amount: 5_000_000, currency: "INR" };
    const order = makeOrder({
      status: "quoted",
      currency: "INR",
      quotes: [makeQuote({ status: "accepted", currency: "INR" })],
      payments: [],
      payment_due: {
        kind: "advance",
        amount: "50000.00",
        currency: "INR",
        instructions: { lines: ["UPI: atelier@bank"], upi_id: null },
        awaiting_confirmation: false,
      },
    });
    serve(order, { currency: "INR", providers: ["razorpay"], razorpay_script_url: "https://checkout.razorpay.com/v1/checkout.js" }, () => ({
      status: 201,
      body: {
        payment: payment({ provider: "razorpay", currency: "INR", amount: "50000.00" }),
        provider: "razorpay",
        redirect_url: null,
        widget,
      },
    }));
    const user = userEvent.setup();
    const { router } = render();
    expect(await screen.findByText(/with Razorpay · UPI, cards, net banking/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Pay ₹50,000.00 now" }));
    expect(opened[0]).toMatchObject(widget);
    expect(router.state.location.search).toBe("?payment=return");
    expect(await screen.findByTestId("payment-result")).toHaveTextContent("Payment pending");
  });

  it("shows nothing to pay online when no provider takes the order's currency", async () => {
    serve(quoted(), { currency: "USD", providers: [], razorpay_script_url: null });
    render();
    expect(await screen.findByRole("button", { name: "I have paid" })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Pay online" })).not.toBeInTheDocument();
  });

  it("says it waits for the provider while a checkout is open, instead of the transfer form", async () => {
    serve(quoted([payment({ status: "pending" })], true));
    render();
    const region = await screen.findByRole("region", { name: "Pay online" });
    expect(within(region).getByRole("status")).toHaveTextContent("We are waiting for the provider to confirm your payment.");
    expect(screen.queryByRole("button", { name: "I have paid" })).not.toBeInTheDocument();
    expect(screen.queryByText("We have your payment reference and are confirming receipt.")).not.toBeInTheDocument();
  });

  it("tells the provider's reason for a failed payment and offers to pay again", async () => {
    serve(quoted([payment({ status: "failed", failure_reason: "Your card was declined." })]));
    render();
    expect(await screen.findByTestId("online-payment-failed")).toHaveTextContent(
      "Your last payment with Stripe did not go through: Your card was declined. You can try again.",
    );
    expect(screen.getByRole("button", { name: "Pay $625.00 now" })).toBeEnabled();
  });

  it("shows the server's refusal of a checkout", async () => {
    serve(quoted(), STRIPE, () => ({
      status: 409,
      body: { detail: "Stripe does not take payments in INR. Pay by bank transfer or UPI instead." },
    }));
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole("button", { name: "Pay $625.00 now" }));
    expect(await screen.findByText("Stripe does not take payments in INR. Pay by bank transfer or UPI instead.")).toBeInTheDocument();
  });

  it("back from the checkout: pending until the webhook, then received; failed with the reason; left without paying", async () => {
    serve(quoted([payment({ status: "pending" })], true));
    const first = render("/dashboard/orders/o1?payment=return");
    expect(await screen.findByTestId("payment-result")).toHaveTextContent(
      "Payment pendingWe are waiting for the provider to confirm your payment.",
    );
    first.unmount();

    serve(
      makeOrder({
        status: "approved",
        quotes: [makeQuote({ status: "accepted" })],
        payments: [payment({ status: "confirmed", decided_at: ago(1000) })],
      }),
    );
    const second = render("/dashboard/orders/o1?payment=return");
    expect(await screen.findByTestId("payment-result")).toHaveTextContent("Payment receivedAdvance of $625.00 received. Thank you!");
    second.unmount();

    serve(quoted([payment({ status: "failed", failure_reason: "The checkout expired before the payment was made." })]));
    const third = render("/dashboard/orders/o1?payment=return");
    expect(await screen.findByTestId("payment-result")).toHaveTextContent(
      "Payment failedThe checkout expired before the payment was made. Nothing was taken; you can try again.",
    );
    third.unmount();

    serve(quoted());
    const user = userEvent.setup();
    const { router } = render("/dashboard/orders/o1?payment=cancelled");
    expect(await screen.findByTestId("payment-result")).toHaveTextContent("You left the checkout. Nothing was charged");
    await user.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(router.state.location.search).toBe("");
  });
});
