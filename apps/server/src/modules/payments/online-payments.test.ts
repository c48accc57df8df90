import type { CheckoutStartResponse, OnlinePaymentOptions, Order, Payment } from "@atelier/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paymentWebhookEvents } from "../../db/schema/index.ts";
import { authedInject, buildTestApp, type TestApp } from "../../test/helpers.ts";
import { startFakeRazorpay, startFakeStripe, type FakeRazorpay, type FakeStripe } from "../../test/payment-fakes.ts";
import { chooseAddress, getOrder, issueQuote, post, staffToken, submitDesign, uploadCad, type Submitted } from "../orders/test-support.ts";
import { createOnlinePaymentsService, type ProviderRefundSettler } from "./online-payments.service.ts";
import { configuredProviders } from "./providers.ts";

/** The webhook as the provider sends it, into the app (inject: raw body and headers as given). */
const inject = (t: TestApp, provider: "razorpay" | "stripe") => async (body: string, headers: Record<string, string>) => {
  const res = await t.app.inject({ method: "POST", url: `/api/webhooks/${provider}/`, payload: body, headers });
  return { status: res.statusCode };
};

async function webhookEvents(t: TestApp): Promise<{ provider: string; event_id: string; outcome: string }[]> {
  const rows = await t.database.db.select().from(paymentWebhookEvents);
  return rows.map((r) => ({ provider: r.provider, event_id: r.eventId, outcome: r.outcome }));
}

async function quotedOrder(t: TestApp, staff: string, currency: "INR" | "USD" = "INR"): Promise<Submitted> {
  const s = await submitDesign(t);
  const quote = await issueQuote(t, staff, s.orderId, { currency });
  const accepted = await post(t, s.customer.token, `/api/quotes/${quote.id}/accept/`);
  if (accepted.statusCode !== 200) throw new Error(accepted.body);
  return s;
}

const checkout = (t: TestApp, s: Submitted, provider: "razorpay" | "stripe", kind = "advance", headers: Record<string, string> = {}) =>
  authedInject(t, s.customer.token, {
    method: "POST",
    url: `/api/orders/${s.orderId}/payments/checkout/`,
    payload: { kind, provider },
    headers,
  });

async function started(t: TestApp, s: Submitted, provider: "razorpay" | "stripe"): Promise<CheckoutStartResponse> {
  const res = await checkout(t, s, provider);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<CheckoutStartResponse>();
}

describe("online payments: not configured", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it("offers no provider and refuses a checkout with a sentence; the webhooks are 404", async () => {
    const staff = await staffToken(t);
    const s = await quotedOrder(t, staff);
    const options = await authedInject(t, s.customer.token, { method: "GET", url: `/api/orders/${s.orderId}/payments/online/` });
    expect(options.json<OnlinePaymentOptions>()).toEqual({ currency: "INR", providers: [], razorpay_script_url: null });
    const res = await checkout(t, s, "razorpay");
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: "Paying online with Razorpay is not available. Pay by bank transfer or UPI instead." });
    const hook = await t.app.inject({
      method: "POST",
      url: "/api/webhooks/stripe/",
      payload: "{}",
      headers: { "content-type": "application/json" },
    });
    expect(hook.statusCode).toBe(404);
    // The manual transfer works as before.
    expect(
      (await post(t, s.customer.token, `/api/orders/${s.orderId}/payments/`, { kind: "advance", reference: "UTR998877" })).statusCode,
    ).toBe(201);
  });
});

describe("online payments with Razorpay and Stripe (local fakes of their APIs)", () => {
  let t: TestApp;
  let rzp: FakeRazorpay;
  let stripe: FakeStripe;
  let staff: string;
  beforeAll(async () => {
    [rzp, stripe] = await Promise.all([startFakeRazorpay(), startFakeStripe()]);
    t = await buildTestApp({ env: { ...rzp.env, ...stripe.env } });
    rzp.setWebhookTarget(inject(t, "razorpay"));
    stripe.setWebhookTarget(inject(t, "stripe"));
    staff = await staffToken(t);
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([rzp.stop(), stripe.stop()]);
  });

  it("offers Razorpay for INR and Stripe for USD, and allows Razorpay's script in the CSP", async () => {
    const inr = await quotedOrder(t, staff, "INR");
    const usd = await quotedOrder(t, staff, "USD");
    const get = (s: Submitted) => authedInject(t, s.customer.token, { method: "GET", url: `/api/orders/${s.orderId}/payments/online/` });
    expect((await get(inr)).json()).toEqual({ currency: "INR", providers: ["razorpay"], razorpay_script_url: rzp.checkoutScriptUrl });
    expect((await get(usd)).json()).toEqual({ currency: "USD", providers: ["stripe"], razorpay_script_url: null });
    const wrong = await checkout(t, inr, "stripe");
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json()).toEqual({ detail: "Stripe does not take payments in INR. Pay by bank transfer or UPI instead." });
    const other = await submitDesign(t);
    expect(
      (await authedInject(t, other.customer.token, { method: "GET", url: `/api/orders/${inr.orderId}/payments/online/` })).statusCode,
    ).toBe(404);
    const csp = (await t.app.inject({ method: "GET", url: "/api/health/live/" })).headers["content-security-policy"] as string;
    expect(csp).toContain(`script-src 'self' 'wasm-unsafe-eval' ${rzp.url}`);
    expect(csp).toContain(`frame-src 'self' ${rzp.url}`);
  });

  it("Razorpay: a checkout writes a pending payment of what is due; the order moves only on the signed capture", async () => {
    const s = await quotedOrder(t, staff);
    const start = await started(t, s, "razorpay");
    expect(start).toMatchObject({
      provider: "razorpay",
      redirect_url: null,
      payment: { kind: "advance", amount: "51500.00", currency: "INR", provider: "razorpay", status: "pending" },
    });
    const orderId = String(start.widget?.order_id);
    expect(start.widget).toMatchObject({ key: rzp.keyId, order_id: orderId, amount: 5_150_000, currency: "INR" });
    expect(rzp.orders.get(orderId)).toMatchObject({ amount: 5_150_000, currency: "INR", notes: { payment_id: start.payment.id } });
    // The return page alone changes nothing.
    expect(await getOrder(t, s.customer.token, s.orderId)).toMatchObject({
      status: "quoted",
      payment_due: { kind: "advance", awaiting_confirmation: true },
    });
    const captured = await rzp.capture(orderId);
    expect(captured.status).toBe(200);
    const order = await getOrder(t, s.customer.token, s.orderId);
    expect(order.status).toBe("approved");
    expect(order.payments).toEqual([expect.objectContaining({ id: start.payment.id, status: "confirmed", provider: "razorpay" })]);
    expect(order.events.filter((e) => e.type === "payment_confirmed")).toHaveLength(1);
  });

  it("answers 400 to a bad or missing signature and changes nothing", async () => {
    const s = await quotedOrder(t, staff);
    const start = await started(t, s, "razorpay");
    const payload = {
      payment: { entity: { id: "pay_forged", amount: 5_150_000, currency: "INR", order_id: start.widget?.order_id, status: "captured" } },
    };
    const good = rzp.signed("payment.captured", payload);
    const tampered = good.body.replace("5150000", "5150001");
    for (const [body, headers] of [
      [tampered, good.headers],
      [good.body, { "content-type": "application/json" }],
      [good.body, { ...good.headers, "x-razorpay-signature": "0".repeat(64) }],
    ] as const) {
      const res = await t.app.inject({ method: "POST", url: "/api/webhooks/razorpay/", payload: body, headers });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: "Invalid webhook signature." });
    }
    const stripeForged = stripe.signed("checkout.session.completed", { id: "cs_test_x" });
    const badStripe = await t.app.inject({
      method: "POST",
      url: "/api/webhooks/stripe/",
      payload: stripeForged.body,
      headers: { ...stripeForged.headers, "stripe-signature": "t=1,v1=00" },
    });
    expect(badStripe.statusCode).toBe(400);
    expect((await getOrder(t, s.customer.token, s.orderId)).payments[0]?.status).toBe("pending");
    expect((await webhookEvents(t)).some((e) => e.event_id === good.headers["x-razorpay-event-id"])).toBe(false);
  });

  it("applies the same event once, however often it is delivered (also at the same time)", async () => {
    const s = await quotedOrder(t, staff);
    const start = await started(t, s, "razorpay");
    const payload = {
      payment: {
        entity: { id: "pay_twice01", amount: 5_150_000, currency: "INR", order_id: start.widget?.order_id, status: "captured", notes: {} },
      },
    };
    const event = rzp.signed("payment.captured", payload);
    const deliver = () => t.app.inject({ method: "POST", url: "/api/webhooks/razorpay/", payload: event.body, headers: event.headers });
    const answers = await Promise.all([deliver(), deliver()]);
    answers.push(await deliver());
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers.map((a) => a.json<{ detail: string }>().detail).sort()).toEqual([
      "Already processed.",
      "Already processed.",
      "Processed.",
    ]);
    const order = await getOrder(t, s.customer.token, s.orderId);
    expect(order.events.filter((e) => e.type === "payment_confirmed")).toHaveLength(1);
    expect(order.events.filter((e) => e.to_status === "approved")).toHaveLength(1);
    expect((await webhookEvents(t)).filter((e) => e.event_id === event.headers["x-razorpay-event-id"])).toEqual([
      { provider: "razorpay", event_id: event.headers["x-razorpay-event-id"], outcome: "captured" },
    ]);
  });

  it("the webhook and the return page at once: the page shows pending or captured, never anything else", async () => {
    const s = await quotedOrder(t, staff);
    const start = await started(t, s, "razorpay");
    const [, seen] = await Promise.all([rzp.capture(String(start.widget?.order_id)), getOrder(t, s.customer.token, s.orderId)]);
    expect([
      ["quoted", "pending"],
      ["approved", "confirmed"],
    ]).toContainEqual([seen.status, seen.payments[0]?.status]);
    const after = await getOrder(t, s.customer.token, s.orderId);
    expect([after.status, after.payments[0]?.status]).toEqual(["approved", "confirmed"]);
  });

  it("a failure is recorded with the provider's reason; a capture after it still captures", async () => {
    const s = await quotedOrder(t, staff);
    const start = await started(t, s, "razorpay");
    const orderId = String(start.widget?.order_id);
    expect((await rzp.fail(orderId, "Payment was declined by the bank.")).status).toBe(200);
    const failed = await getOrder(t, s.customer.token, s.orderId);
    expect(failed.payments[0]).toMatchObject({ status: "failed", failure_reason: "Payment was declined by the bank." });
    expect(failed.payment_due).toMatchObject({ kind: "advance", awaiting_confirmation: false });
    expect(failed.events.at(-1)).toMatchObject({
      type: "payment_failed",
      note: "Advance of ₹51,500.00 by Razorpay failed: Payment was declined by the bank.",
    });
    expect((await rzp.capture(orderId)).status).toBe(200);
    const order = await getOrder(t, s.customer.token, s.orderId);
    expect(order.status).toBe("approved");
    expect(order.payments[0]).toMatchObject({ status: "confirmed", failure_reason: "" });
  });

  it("a failure after the capture changes nothing", async () => {
    const s = await quotedOrder(t, staff);
    const start = await started(t, s, "razorpay");
    const orderId = String(start.widget?.order_id);
    await rzp.capture(orderId);
    expect((await rzp.fail(orderId)).status).toBe(200);
    const order = await getOrder(t, s.customer.token, s.orderId);
    expect([order.status, order.payments[0]?.status, order.payments[0]?.failure_reason]).toEqual(["approved", "confirmed", ""]);
  });

  it("flags a captured amount that differs from what is due, and never accepts it", async () => {
    const s = await quotedOrder(t, staff);
    const start = await started(t, s, "razorpay");
    expect((await rzp.capture(String(start.widget?.order_id), { amount: 4_000_000 })).status).toBe(200);
    const order = await getOrder(t, s.customer.token, s.orderId);
    expect(order.status).toBe("quoted");
    expect(order.amount_paid).toBe("0.00");
    expect(order.payments[0]).toMatchObject({ status: "flagged", flag_reason: "₹40,000.00 was captured, but ₹51,500.00 was due." });
    expect(order.events.at(-1)).toMatchObject({ type: "payment_flagged" });
  });

  it("flags a captured currency that differs from the order's", async () => {
    const s = await quotedOrder(t, staff, "USD");
    const start = await started(t, s, "stripe");
    expect(start.redirect_url).toMatch(new RegExp(`^${stripe.url}/checkout/cs_test_`));
    expect((await stripe.complete(start.payment.reference, { currency: "eur" })).status).toBe(200);
    const order = await getOrder(t, s.customer.token, s.orderId);
    expect(order.status).toBe("quoted");
    expect(order.payments[0]).toMatchObject({ status: "flagged", flag_reason: expect.stringContaining("was captured in EUR, but $") });
  });

  it("flags a capture on an order cancelled meanwhile (its money must be refunded)", async () => {
    const s = await quotedOrder(t, staff);
    const start = await started(t, s, "razorpay");
    expect((await post(t, s.customer.token, `/api/orders/${s.orderId}/cancel/`, { reason: "Changed my mind" })).statusCode).toBe(200);
    expect((await rzp.capture(String(start.widget?.order_id))).status).toBe(200);
    const order = await getOrder(t, s.customer.token, s.orderId);
    expect(order.status).toBe("cancelled");
    expect(order.payments[0]).toMatchObject({ status: "flagged" });
    expect(order.payments[0]?.flag_reason).toContain("must be refunded");
  });

  it("Stripe: checkout session, capture on checkout.session.completed; a new checkout replaces an abandoned one", async () => {
    const s = await quotedOrder(t, staff, "USD");
    const first = await started(t, s, "stripe");
    const second = await started(t, s, "stripe");
    expect(stripe.sessions.get(first.payment.reference)?.status).toBe("expired");
    const before = await getOrder(t, s.customer.token, s.orderId);
    expect(before.payments.map((p) => [p.id, p.status, p.failure_reason])).toEqual([
      [first.payment.id, "failed", "Replaced by a new checkout."],
      [second.payment.id, "pending", ""],
    ]);
    const session = stripe.sessions.get(second.payment.reference);
    expect(session).toMatchObject({
      amount_total: Math.round(Number(second.payment.amount) * 100),
      currency: "usd",
      metadata: { payment_id: second.payment.id },
    });
    expect(session?.success_url).toBe(`http://app.test/dashboard/orders/${s.orderId}?payment=return`);
    expect((await stripe.complete(second.payment.reference)).status).toBe(200);
    const order = await getOrder(t, s.customer.token, s.orderId);
    expect(order.status).toBe("approved");
    expect(order.payments.find((p) => p.id === second.payment.id)?.status).toBe("confirmed");
    // Its expiry afterwards changes nothing.
    expect((await stripe.deliver("checkout.session.expired", { ...session, status: "expired" })).status).toBe(200);
    expect((await getOrder(t, s.customer.token, s.orderId)).payments.find((p) => p.id === second.payment.id)?.status).toBe("confirmed");
  });

  it("Stripe: payment_intent.succeeded and checkout.session.completed for one payment capture it once", async () => {
    const s = await quotedOrder(t, staff, "USD");
    const start = await started(t, s, "stripe");
    const session = stripe.sessions.get(start.payment.reference);
    const intent = {
      id: "pi_both01",
      object: "payment_intent",
      amount_received: session?.amount_total,
      currency: "usd",
      metadata: { payment_id: start.payment.id },
      status: "succeeded",
    };
    expect((await stripe.deliver("payment_intent.succeeded", intent)).status).toBe(200);
    expect((await stripe.complete(start.payment.reference)).status).toBe(200);
    const order = await getOrder(t, s.customer.token, s.orderId);
    expect(order.status).toBe("approved");
    expect(order.events.filter((e) => e.type === "payment_confirmed")).toHaveLength(1);
    // A declined card inside the same session, reported late, changes nothing now.
    const declined = {
      id: "pi_both01",
      object: "payment_intent",
      metadata: { payment_id: start.payment.id },
      last_payment_error: { message: "Your card was declined." },
    };
    expect((await stripe.deliver("payment_intent.payment_failed", declined)).status).toBe(200);
    expect((await getOrder(t, s.customer.token, s.orderId)).payments[0]?.status).toBe("confirmed");
  });

  it("an earlier Razorpay checkout paid after a new one was started: it captures, the open one fails; paying both flags the second", async () => {
    const s = await quotedOrder(t, staff);
    const first = await started(t, s, "razorpay");
    const second = await started(t, s, "razorpay");
    expect((await rzp.capture(String(first.widget?.order_id))).status).toBe(200);
    let order = await getOrder(t, s.customer.token, s.orderId);
    expect(order.status).toBe("approved");
    expect(order.payments.map((p) => [p.id, p.status, p.failure_reason])).toEqual([
      [first.payment.id, "confirmed", ""],
      [second.payment.id, "failed", "Replaced: another checkout for this payment was paid."],
    ]);
    expect((await rzp.capture(String(second.widget?.order_id))).status).toBe(200);
    order = await getOrder(t, s.customer.token, s.orderId);
    expect(order.payments[1]).toMatchObject({
      status: "flagged",
      flag_reason: "The advance was already paid; this second payment of ₹51,500.00 must be refunded.",
    });
    expect(order.amount_paid).toBe("51500.00");
  });

  it("a checkout the provider refuses answers 502 with its reason and leaves no payment behind", async () => {
    const s = await submitDesign(t);
    const quote = await issueQuote(t, staff, s.orderId, { currency: "USD", line_items: [{ label: "Polish", amount: "0.60" }] });
    await post(t, s.customer.token, `/api/quotes/${quote.id}/accept/`);
    const res = await checkout(t, s, "stripe");
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      detail: "Stripe did not accept the request: Amount must be at least 50 cents. Nothing was charged; please try again.",
    });
    expect((await getOrder(t, s.customer.token, s.orderId)).payments).toEqual([]);
  });

  it("an open online checkout is not among staff's payments to confirm", async () => {
    const before = await authedInject(t, staff, { method: "GET", url: "/api/staff/queue/" });
    const count = (res: typeof before) =>
      res.json<{ groups: { key: string; count: number }[] }>().groups.find((g) => g.key === "payments")?.count;
    const s = await quotedOrder(t, staff);
    await started(t, s, "razorpay");
    const after = await authedInject(t, staff, { method: "GET", url: "/api/staff/queue/" });
    expect(count(before)).toEqual(expect.any(Number));
    expect(count(after)).toBe(count(before));
    const listed = await authedInject(t, staff, { method: "GET", url: "/api/staff/orders/?group=payments" });
    expect(listed.json<{ results: { id: string }[] }>().results.map((o) => o.id)).not.toContain(s.orderId);
  });

  it("an expired session fails the payment with a sentence; the customer can try again", async () => {
    const s = await quotedOrder(t, staff, "USD");
    const first = await started(t, s, "stripe");
    await stripe.expire(first.payment.reference);
    expect((await getOrder(t, s.customer.token, s.orderId)).payments[0]).toMatchObject({
      status: "failed",
      failure_reason: "The checkout expired before the payment was made.",
    });
    const again = await checkout(t, s, "stripe");
    expect(again.statusCode).toBe(201);
  });

  it("never two live payments: a bank transfer while an online one is open is refused, and the reverse", async () => {
    const s = await quotedOrder(t, staff);
    await started(t, s, "razorpay");
    const manual = await post(t, s.customer.token, `/api/orders/${s.orderId}/payments/`, { kind: "advance", reference: "UTR445566" });
    expect(manual.statusCode).toBe(409);
    expect(manual.json()).toEqual({
      detail:
        "Your online advance payment (razorpay) is still open: finish it on the order page, or wait until it expires, before declaring a bank transfer.",
    });
    const s2 = await quotedOrder(t, staff);
    expect(
      (await post(t, s2.customer.token, `/api/orders/${s2.orderId}/payments/`, { kind: "advance", reference: "UTR445567" })).statusCode,
    ).toBe(201);
    const online = await checkout(t, s2, "razorpay");
    expect(online.statusCode).toBe(409);
    expect(online.json()).toEqual({
      detail: "Your advance payment by bank transfer is already waiting for our confirmation; there is no need to pay it online.",
    });
    // Staff cannot confirm an online payment by hand: the provider's webhook does.
    const pending = (await getOrder(t, s.customer.token, s.orderId)).payments[0];
    const confirm = await post(t, staff, `/api/staff/payments/${pending?.id}/confirm/`);
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json()).toEqual({
      detail: "This is an online payment: razorpay confirms it with its signed webhook once the money is captured.",
    });
  });

  it("honours the Idempotency-Key on checkout: one payment, one provider order", async () => {
    const s = await quotedOrder(t, staff);
    const before = rzp.requests.length;
    const key = { "idempotency-key": `checkout-${s.orderId}` };
    const a = await checkout(t, s, "razorpay", "advance", key);
    const b = await checkout(t, s, "razorpay", "advance", key);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(b.headers["idempotent-replayed"]).toBe("true");
    expect(b.json<CheckoutStartResponse>().payment.id).toBe(a.json<CheckoutStartResponse>().payment.id);
    expect(rzp.requests.length - before).toBe(1);
    expect((await getOrder(t, s.customer.token, s.orderId)).payments).toHaveLength(1);
  });

  it("opens the balance's checkout only once the order has a delivery address", async () => {
    const s = await quotedOrder(t, staff);
    const advance = await started(t, s, "razorpay");
    expect((await rzp.capture(String(advance.widget?.order_id))).status).toBe(200);
    const cad = await uploadCad(t, staff, s.orderId);
    await post(t, s.customer.token, `/api/cad-designs/${cad.json<{ id: string }>().id}/approve/`);
    const n = (await getOrder(t, s.customer.token, s.orderId)).order_number;
    const early = await checkout(t, s, "razorpay", "balance");
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({
      detail: `Choose the delivery address of order ${n} before paying the balance: your piece ships there and the tax invoice names it.`,
    });
    await chooseAddress(t, s.customer.token, s.orderId);
    const balance = await checkout(t, s, "razorpay", "balance");
    expect(balance.statusCode, balance.body).toBe(201);
    expect(balance.json<CheckoutStartResponse>().payment).toMatchObject({ kind: "balance", amount: "51500.00", currency: "INR" });
  });

  it("refuses a checkout for another customer's order (404), for staff (403) and when nothing is due", async () => {
    const s = await quotedOrder(t, staff);
    const other = await submitDesign(t);
    const foreign = await authedInject(t, other.customer.token, {
      method: "POST",
      url: `/api/orders/${s.orderId}/payments/checkout/`,
      payload: { kind: "advance", provider: "razorpay" },
    });
    expect(foreign.statusCode).toBe(404);
    const byStaff = await post(t, staff, `/api/orders/${s.orderId}/payments/checkout/`, { kind: "advance", provider: "razorpay" });
    expect(byStaff.statusCode).toBe(403);
    const balance = await checkout(t, s, "razorpay", "balance");
    expect(balance.statusCode).toBe(409);
    expect(balance.json()).toEqual({ detail: "The balance is not due yet." });
    const fresh = await submitDesign(t);
    const early = await authedInject(t, fresh.customer.token, {
      method: "POST",
      url: `/api/orders/${fresh.orderId}/payments/checkout/`,
      payload: { kind: "advance", provider: "razorpay" },
    });
    expect(early.json()).toEqual({ detail: "There is nothing to pay yet: accept a quote first." });
  });

  it("a refund event before its payment's capture is answered 409 (the provider retries) and applied once the capture arrived", async () => {
    const settled: unknown[] = [];
    const settler: ProviderRefundSettler = {
      settleProviderRefund: (_tx, _later, input) => {
        settled.push(input);
        return Promise.resolve();
      },
    };
    const service = createOnlinePaymentsService({
      db: t.database.db,
      clock: t.clock,
      publicUrl: "http://app.test",
      orders: t.services.orders,
      payments: t.services.payments,
      providers: configuredProviders(t.config.paymentProviders),
      razorpayScriptUrl: null,
      refunds: settler,
    });
    const s = await quotedOrder(t, staff);
    const start = await started(t, s, "razorpay");
    const refund = rzp.signed("refund.processed", {
      refund: { entity: { id: "rfnd_early01", payment_id: "pay_early01", status: "processed" } },
    });
    await expect(service.webhook("razorpay", Buffer.from(refund.body), refund.headers)).rejects.toMatchObject({ status: 409 });
    expect((await webhookEvents(t)).some((e) => e.event_id === refund.headers["x-razorpay-event-id"])).toBe(false);
    // Through HTTP too (the app's service has no settler wired yet): 409, nothing stored.
    expect(
      (await t.app.inject({ method: "POST", url: "/api/webhooks/razorpay/", payload: refund.body, headers: refund.headers })).statusCode,
    ).toBe(409);
    await rzp.capture(String(start.widget?.order_id), { paymentId: "pay_early01" });
    expect(await service.webhook("razorpay", Buffer.from(refund.body), refund.headers)).toBe("refund succeeded");
    expect(await service.webhook("razorpay", Buffer.from(refund.body), refund.headers)).toBe("duplicate");
    expect(settled).toEqual([
      { provider: "razorpay", providerRefundId: "rfnd_early01", refundId: "", status: "succeeded", failureReason: "" },
    ]);
    // A refund the refunds service does not know yet (it answers "retry"): 409, nothing stored, applied on the next delivery.
    let known = false;
    const waiting = createOnlinePaymentsService({
      db: t.database.db,
      clock: t.clock,
      publicUrl: "http://app.test",
      orders: t.services.orders,
      payments: t.services.payments,
      providers: configuredProviders(t.config.paymentProviders),
      razorpayScriptUrl: null,
      refunds: { settleProviderRefund: () => Promise.resolve(known ? "settled" : "retry") },
    });
    const late = rzp.signed("refund.processed", {
      refund: { entity: { id: "rfnd_late01", payment_id: "pay_early01", status: "processed" } },
    });
    await expect(waiting.webhook("razorpay", Buffer.from(late.body), late.headers)).rejects.toMatchObject({
      status: 409,
      message: "The refund rfnd_late01 is not recorded here yet; deliver this event again later.",
    });
    known = true;
    expect(await waiting.webhook("razorpay", Buffer.from(late.body), late.headers)).toBe("refund succeeded");
  });

  it("Stripe's refund.updated settles the refund through the refunds service, succeeded or failed with the reason", async () => {
    const settled: unknown[] = [];
    const service = createOnlinePaymentsService({
      db: t.database.db,
      clock: t.clock,
      publicUrl: "http://app.test",
      orders: t.services.orders,
      payments: t.services.payments,
      providers: configuredProviders(t.config.paymentProviders),
      razorpayScriptUrl: null,
      refunds: {
        settleProviderRefund: (_tx, _later, input) => {
          settled.push(input);
          return Promise.resolve("settled" as const);
        },
      },
    });
    const s = await quotedOrder(t, staff, "USD");
    const start = await started(t, s, "stripe");
    const { paymentIntent } = await stripe.complete(start.payment.reference);
    const refund = (id: string, status: string) =>
      stripe.signed("refund.updated", {
        id,
        object: "refund",
        payment_intent: paymentIntent,
        status,
        failure_reason: status === "failed" ? "expired_or_canceled_card" : null,
      });
    const ok = refund("re_ok01", "succeeded");
    expect(await service.webhook("stripe", Buffer.from(ok.body), ok.headers)).toBe("refund succeeded");
    const bad = refund("re_bad01", "failed");
    expect(await service.webhook("stripe", Buffer.from(bad.body), bad.headers)).toBe("refund failed");
    const waiting = refund("re_wait01", "pending");
    expect(await service.webhook("stripe", Buffer.from(waiting.body), waiting.headers)).toBe("ignored: refund still pending");
    expect(settled).toEqual([
      { provider: "stripe", providerRefundId: "re_ok01", refundId: "", status: "succeeded", failureReason: "" },
      {
        provider: "stripe",
        providerRefundId: "re_bad01",
        refundId: "",
        status: "failed",
        failureReason: "Stripe could not complete the refund (expired_or_canceled_card).",
      },
    ]);
  });

  it("refunds through each provider's API (the SDKs against the fakes)", async () => {
    const [razorpay, stripeProvider] = configuredProviders(t.config.paymentProviders);
    const r = await razorpay?.refund({
      refundId: "00000000-0000-4000-8000-000000000001",
      providerPaymentId: "pay_abc123",
      amount: "1250.50",
      currency: "INR",
      reason: "Order cancelled",
    });
    expect(r).toMatchObject({ providerRefundId: expect.stringMatching(/^rfnd_/), status: "pending", failureReason: "" });
    expect(rzp.requests.at(-1)).toMatchObject({ method: "POST", path: "/v1/payments/pay_abc123/refund", body: { amount: 125050 } });
    const st = await stripeProvider?.refund({
      refundId: "00000000-0000-4000-8000-000000000002",
      providerPaymentId: "pi_abc123",
      amount: "99.99",
      currency: "USD",
      reason: "Order cancelled",
    });
    expect(st).toMatchObject({ providerRefundId: expect.stringMatching(/^re_/), status: "pending" });
    expect(stripe.requests.at(-1)).toMatchObject({ path: "/v1/refunds", body: { payment_intent: "pi_abc123", amount: "9999" } });
    const failedRefund = await razorpay?.refund({
      refundId: "00000000-0000-4000-8000-000000000003",
      providerPaymentId: "not-a-payment",
      amount: "1.00",
      currency: "INR",
      reason: "x",
    });
    expect(failedRefund).toMatchObject({
      providerRefundId: "",
      status: "failed",
      failureReason: expect.stringContaining("Razorpay did not accept the request"),
    });
  });

  it("the fakes' checkout pages deliver a signed capture and send the browser back", async () => {
    const s = await quotedOrder(t, staff, "USD");
    const start = await started(t, s, "stripe");
    const page = await fetch(String(start.redirect_url));
    expect(await page.text()).toContain("Pay");
    const paid = await fetch(`${start.redirect_url}/pay`, { method: "POST", redirect: "manual" });
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(`http://app.test/dashboard/orders/${s.orderId}?payment=return`);
    expect((await getOrder(t, s.customer.token, s.orderId)).status).toBe("approved");
    const script = await fetch(rzp.checkoutScriptUrl);
    expect(await script.text()).toContain("window.Razorpay");
    // Razorpay's stand-in page: Pay posts a signed payment.captured and sends the browser back.
    const inr = await quotedOrder(t, staff);
    const rzpStart = await started(t, inr, "razorpay");
    const back = `http://app.test/dashboard/orders/${inr.orderId}?payment=return`;
    const rzpPage = await fetch(`${rzp.url}/checkout/${String(rzpStart.widget?.order_id)}?return=${encodeURIComponent(back)}`);
    expect(await rzpPage.text()).toContain("INR 51500.00");
    const rzpPaid = await fetch(`${rzp.url}/checkout/${String(rzpStart.widget?.order_id)}/pay`, {
      method: "POST",
      body: new URLSearchParams({ return: back }),
      redirect: "manual",
    });
    expect([rzpPaid.status, rzpPaid.headers.get("location")]).toEqual([303, back]);
    expect((await getOrder(t, inr.customer.token, inr.orderId)).status).toBe("approved");
  });
});

export type { Order, Payment };
