import type { AuditEntry, Order, Paginated, Refund } from "@atelier/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authedInject, buildTestApp, type TestApp } from "../../test/helpers.ts";
import { extractText } from "../../test/pdf-text.ts";
import { getOrder, post, staffToken, submitDesign, toApproved } from "../orders/test-support.ts";
import { fakeProvider, paidOrder, refund } from "./test-support.ts";

/** Refunds: exact amounts within what was paid, manual with a reference, online through the provider and its webhook. */

let t: TestApp;
let staff: string;
let otherStaff: string;
let admin: string;
const razorpay = fakeProvider("razorpay");
const creditNotes: string[] = [];

beforeAll(async () => {
  t = await buildTestApp({
    paymentProviders: { get: (name) => (name === "razorpay" ? razorpay.provider : undefined) },
    creditNotes: {
      issueCreditNote: (_tx, refundId) => {
        creditNotes.push(refundId);
        return Promise.resolve({ refundId });
      },
    },
  });
  staff = await staffToken(t);
  otherStaff = await staffToken(t);
  admin = await staffToken(t, "admin");
});
afterAll(async () => {
  await t.close();
});

const mailsTo = (orderNumber: string) => t.mailer.sent.filter((m) => m.subject.startsWith("Refund of") && m.subject.includes(orderNumber));

describe("manual refunds", () => {
  it("a partial then a full refund keep amount_paid and balance_due exact; beyond what is left is refused with a sentence", async () => {
    const { s, order, paymentId } = await paidOrder(t, staff);
    expect(order).toMatchObject({
      status: "cancelled",
      amount_paid: "51500.00",
      amount_refunded: "0.00",
      balance_due: "0.00",
      refunds: [],
    });

    const first = await refund(t, staff, s.orderId, {
      payment_id: paymentId,
      amount: "12345.67",
      reason: "Partial: design fee kept",
      reference: "NEFT-REF-001",
    });
    expect(first.statusCode).toBe(201);
    expect(first.json<Refund>()).toMatchObject({
      payment_id: paymentId,
      payment_kind: "advance",
      amount: "12345.67",
      currency: "INR",
      provider: "manual",
      reference: "NEFT-REF-001",
      status: "succeeded",
      reason: "Partial: design fee kept",
    });
    let now = await getOrder(t, s.customer.token, s.orderId);
    expect(now).toMatchObject({ amount_paid: "39154.33", amount_refunded: "12345.67", balance_due: "0.00" });
    expect(now.refunds.map((r) => [r.amount, r.status])).toEqual([["12345.67", "succeeded"]]);

    const over = await refund(t, staff, s.orderId, {
      payment_id: paymentId,
      amount: "39154.34",
      reason: "Rest",
      reference: "NEFT-REF-002",
    });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({
      detail: "At most ₹39,154.33 of this advance can still be refunded: ₹51,500.00 was paid and ₹12,345.67 is refunded or being refunded.",
    });

    const rest = await refund(t, staff, s.orderId, {
      payment_id: paymentId,
      amount: 39154.33,
      reason: "Rest of the advance",
      reference: "NEFT-REF-002",
    });
    expect(rest.statusCode).toBe(201);
    now = await getOrder(t, s.customer.token, s.orderId);
    expect(now).toMatchObject({ amount_paid: "0.00", amount_refunded: "51500.00", balance_due: "0.00" });
    expect(now.refunds).toHaveLength(2);

    const again = await refund(t, staff, s.orderId, { payment_id: paymentId, amount: "0.01", reason: "More", reference: "X" });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: "This advance of ₹51,500.00 has already been refunded in full." });

    // The history, the notices, one e-mail per refund, a credit note per refund, the audit log.
    expect(now.events.filter((e) => e.type === "payment_refunded").map((e) => e.note)).toEqual([
      "Refund of ₹12,345.67 (advance) sent, reference NEFT-REF-001: Partial: design fee kept",
      "Refund of ₹39,154.33 (advance) sent, reference NEFT-REF-002: Rest of the advance",
    ]);
    await t.drainJobs();
    await t.drainJobs();
    const mails = mailsTo(now.order_number);
    expect(mails.map((m) => m.subject).sort()).toEqual([
      `Refund of ₹12,345.67 for order ${now.order_number}`,
      `Refund of ₹39,154.33 for order ${now.order_number}`,
    ]);
    expect(mails.find((m) => m.subject.includes("12,345.67"))?.text).toContain("NEFT-REF-001");
    expect(creditNotes).toEqual(expect.arrayContaining(now.refunds.map((r) => r.id)));
    const audit = await authedInject(t, admin, {
      method: "GET",
      url: `/api/staff/audit/?action=payment.refunded&search=${now.order_number}`,
    });
    const entries = audit.json<Paginated<AuditEntry>>().results;
    expect(entries).toHaveLength(2);
    expect(entries.map((e) => e.after?.amount).sort()).toEqual(["12345.67", "39154.33"]);

    // The order's PDF lists the refunds after the payments.
    const pdf = await authedInject(t, s.customer.token, { method: "GET", url: `/api/orders/${s.orderId}/details.pdf` });
    expect(pdf.statusCode).toBe(200);
    const text = extractText(pdf.rawPayload);
    expect(text).toMatch(/REFUND OF\s+REFERENCE\s+STATUS\s+AMOUNT\s+[^\n]+\s+Advance\s+NEFT-REF-001\s+Refunded/);
    expect(text).toContain("NEFT-REF-001");
    expect(text).toMatch(/-INR\s?12,345\.67/);
  });

  it("needs the reference of the transfer back and a reason; the amount is positive with at most two decimals", async () => {
    const { s, paymentId } = await paidOrder(t, staff);
    const noRef = await refund(t, staff, s.orderId, { payment_id: paymentId, amount: "100.00", reason: "Goodwill" });
    expect(noRef.statusCode).toBe(400);
    expect(noRef.json()).toEqual({ reference: ["Enter the bank or UPI reference of the refund transfer."] });
    const noReason = await refund(t, staff, s.orderId, { payment_id: paymentId, amount: "100.00", reason: "  ", reference: "R1" });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toEqual({ reason: ["Say why the money is refunded."] });
    const zero = await refund(t, staff, s.orderId, { payment_id: paymentId, amount: "0", reason: "x", reference: "R1" });
    expect(zero.json()).toEqual({ amount: ["Enter an amount greater than zero."] });
    const cents = await refund(t, staff, s.orderId, { payment_id: paymentId, amount: "1.005", reason: "x", reference: "R1" });
    expect(cents.json()).toEqual({ amount: ["Enter an amount with at most two decimal places."] });
    const negative = await refund(t, staff, s.orderId, { payment_id: paymentId, amount: "-5", reason: "x", reference: "R1" });
    expect(negative.statusCode).toBe(400);
    // Nothing was written.
    expect((await getOrder(t, staff, s.orderId)).refunds).toEqual([]);
  });

  it("refuses a payment not yet received, another order's payment, and a confirmed payment of an order still running", async () => {
    // Running order: the advance is confirmed but the order is not cancelled.
    const running = await paidOrder(t, staff, { cancel: false });
    const active = await refund(t, staff, running.s.orderId, {
      payment_id: running.paymentId,
      amount: "10.00",
      reason: "x",
      reference: "R",
    });
    expect(active.statusCode).toBe(409);
    expect(active.json()).toEqual({
      detail: `Order ${running.order.order_number} is Approved: a confirmed payment is refunded once the order is cancelled. Cancel the order first.`,
    });

    // A declared payment still waiting for staff.
    const s = await submitDesign(t);
    const { issueQuote } = await import("../orders/test-support.ts");
    const quote = await issueQuote(t, staff, s.orderId, { currency: "INR" });
    await post(t, s.customer.token, `/api/quotes/${quote.id}/accept/`);
    const declared = await post(t, s.customer.token, `/api/orders/${s.orderId}/payments/`, { kind: "advance", reference: "UTR1" });
    const pendingId = declared.json<{ id: string }>().id;
    const pending = await refund(t, staff, s.orderId, { payment_id: pendingId, amount: "10.00", reason: "x", reference: "R" });
    expect(pending.statusCode).toBe(409);
    expect(pending.json()).toEqual({ detail: "Only money received can be refunded: this advance is awaiting confirmation." });
    // Cancelled while waiting: void, still nothing received.
    await post(t, staff, `/api/staff/orders/${s.orderId}/transition/`, { to: "cancelled", note: "Gone" });
    const voided = await refund(t, staff, s.orderId, { payment_id: pendingId, amount: "10.00", reason: "x", reference: "R" });
    expect(voided.json()).toEqual({ detail: "Only money received can be refunded: this advance is void (order cancelled)." });

    const other = await paidOrder(t, staff);
    const wrong = await refund(t, staff, s.orderId, { payment_id: other.paymentId, amount: "10.00", reason: "x", reference: "R" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ payment_id: ["This payment is not one of this order's."] });
  });

  it("is staff-only: 403 for the customer, 401 anonymous; another staff member sees the refunds", async () => {
    const { s, paymentId } = await paidOrder(t, staff);
    const byCustomer = await refund(t, s.customer.token, s.orderId, {
      payment_id: paymentId,
      amount: "10.00",
      reason: "x",
      reference: "R",
    });
    expect(byCustomer.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: "POST", url: `/api/staff/orders/${s.orderId}/refunds/`, payload: {} });
    expect(anonymous.statusCode).toBe(401);
    expect(
      (await refund(t, staff, s.orderId, { payment_id: paymentId, amount: "10.00", reason: "Goodwill", reference: "R" })).statusCode,
    ).toBe(201);
    const seen = await getOrder(t, otherStaff, s.orderId);
    expect(seen.refunds.map((r) => r.amount)).toEqual(["10.00"]);
    expect(seen).toMatchObject({ amount_paid: "51490.00", amount_refunded: "10.00" });
    // Another customer: 404.
    const stranger = await submitDesign(t);
    expect((await authedInject(t, stranger.customer.token, { method: "GET", url: `/api/orders/${s.orderId}/` })).statusCode).toBe(404);
  });

  it("honours the Idempotency-Key: a retry answers the same refund and refunds nothing twice", async () => {
    const { s, paymentId } = await paidOrder(t, staff);
    const body = { payment_id: paymentId, amount: "250.00", reason: "Goodwill", reference: "IMPS-9" };
    const key = { "idempotency-key": `refund-${paymentId}` };
    const first = await refund(t, staff, s.orderId, body, key);
    const second = await refund(t, staff, s.orderId, body, key);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers["idempotent-replayed"]).toBe("true");
    expect(second.json<Refund>().id).toBe(first.json<Refund>().id);
    expect((await getOrder(t, staff, s.orderId)).refunds).toHaveLength(1);
  });
});

describe("refunds at the same time", () => {
  it("two staff refunding more than is left between them: one succeeds, the other is refused, never over-refunded", async () => {
    const { s, paymentId } = await paidOrder(t, staff);
    const body = (ref: string) => ({ payment_id: paymentId, amount: "30000.00", reason: "Both at once", reference: ref });
    const answers = await Promise.all([refund(t, staff, s.orderId, body("A-1")), refund(t, otherStaff, s.orderId, body("B-1"))]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.statusCode === 409)?.json()).toEqual({
      detail: "At most ₹21,500.00 of this advance can still be refunded: ₹51,500.00 was paid and ₹30,000.00 is refunded or being refunded.",
    });
    expect(await getOrder(t, staff, s.orderId)).toMatchObject({ amount_paid: "21500.00", amount_refunded: "30000.00" });
  });
});

describe("online refunds", () => {
  it("go through the provider, stay pending until its webhook settles them; settling again changes nothing", async () => {
    razorpay.state.next = "pending";
    const { s, order, paymentId } = await paidOrder(t, staff, { provider: "razorpay" });
    const res = await refund(t, staff, s.orderId, { payment_id: paymentId, amount: "20000.00", reason: "Cancelled by the customer" });
    expect(res.statusCode).toBe(201);
    const pending = res.json<Refund>();
    expect(pending).toMatchObject({ status: "pending", provider: "razorpay", reference: "", amount: "20000.00" });
    expect(pending.provider_refund_id).toMatch(/^rfnd_/);
    expect(razorpay.calls.at(-1)).toEqual({
      refundId: pending.id,
      providerPaymentId: `pay_${paymentId.slice(0, 8)}`,
      amount: "20000.00",
      currency: "INR",
      reason: "Cancelled by the customer",
    });
    // Pending still counts as paid; nothing told to the customer yet.
    expect(await getOrder(t, s.customer.token, s.orderId)).toMatchObject({ amount_paid: "51500.00", amount_refunded: "0.00" });
    await t.drainJobs();
    expect(mailsTo(order.order_number)).toHaveLength(0);
    expect(creditNotes).not.toContain(pending.id);

    const report = { provider: "razorpay", providerRefundId: pending.provider_refund_id, status: "succeeded" as const, failureReason: "" };
    const settled = await t.services.orders.inTx((tx, later) => t.services.refunds.settleProviderRefund(tx, later, report));
    expect(settled).toMatchObject({ outcome: "settled", refund: { id: pending.id, status: "succeeded" } });
    const again = await t.services.orders.inTx((tx, later) => t.services.refunds.settleProviderRefund(tx, later, report));
    expect(again).toMatchObject({ outcome: "already", refund: { status: "succeeded" } });
    const contrary = await t.services.orders.inTx((tx, later) =>
      t.services.refunds.settleProviderRefund(tx, later, { ...report, status: "failed", failureReason: "late" }),
    );
    expect(contrary).toMatchObject({ outcome: "conflict" });

    const after = await getOrder(t, s.customer.token, s.orderId);
    expect(after).toMatchObject({ amount_paid: "31500.00", amount_refunded: "20000.00", balance_due: "0.00" });
    expect(after.refunds[0]).toMatchObject({ status: "succeeded" });
    expect(after.refunds[0]?.settled_at).not.toBeNull();
    await t.drainJobs();
    await t.drainJobs();
    const mails = mailsTo(order.order_number);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain("Razorpay");
    expect(creditNotes.filter((id) => id === pending.id)).toHaveLength(1);
  });

  it("a failed refund frees its amount again; a refund the provider settles at once succeeds at once", async () => {
    razorpay.state.next = "pending";
    const { s, paymentId } = await paidOrder(t, staff, { provider: "razorpay" });
    const all = (await refund(t, staff, s.orderId, { payment_id: paymentId, amount: "51500.00", reason: "Full" })).json<Refund>();
    const blocked = await refund(t, staff, s.orderId, { payment_id: paymentId, amount: "1.00", reason: "More" });
    expect(blocked.json()).toEqual({ detail: "This advance of ₹51,500.00 has already been refunded in full." });
    const failed = await t.services.orders.inTx((tx, later) =>
      t.services.refunds.settleProviderRefund(tx, later, {
        provider: "razorpay",
        providerRefundId: all.provider_refund_id,
        status: "failed",
        failureReason: "Bank account closed",
      }),
    );
    expect(failed).toMatchObject({ outcome: "settled", refund: { status: "failed", failure_reason: "Bank account closed" } });
    expect(await getOrder(t, staff, s.orderId)).toMatchObject({ amount_paid: "51500.00", amount_refunded: "0.00" });

    razorpay.state.next = "succeeded";
    const retry = await refund(t, staff, s.orderId, { payment_id: paymentId, amount: "51500.00", reason: "Full, again" });
    expect(retry.statusCode).toBe(201);
    expect(retry.json<Refund>()).toMatchObject({ status: "succeeded" });
    const order = await getOrder(t, staff, s.orderId);
    expect(order).toMatchObject({ amount_paid: "0.00", amount_refunded: "51500.00" });
    expect(order.events.map((e) => e.type)).toEqual(expect.arrayContaining(["refund_failed", "payment_refunded"]));
  });

  it("a provider that refuses the call answers 502 with its reason and leaves the refund failed; an unknown refund id is reported", async () => {
    razorpay.state.next = new Error("The amount must be at least INR 1.00.");
    const { s, paymentId } = await paidOrder(t, staff, { provider: "razorpay" });
    const res = await refund(t, staff, s.orderId, { payment_id: paymentId, amount: "5.00", reason: "Test" });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      detail: "Razorpay did not accept the refund: The amount must be at least INR 1.00. Nothing was refunded; you can try again.",
    });
    const order: Order = await getOrder(t, staff, s.orderId);
    expect(order.refunds).toMatchObject([{ status: "failed", failure_reason: "The amount must be at least INR 1.00." }]);
    razorpay.state.next = "pending";

    const unknown = await t.services.orders.inTx((tx, later) =>
      t.services.refunds.settleProviderRefund(tx, later, { provider: "razorpay", providerRefundId: "rfnd_nobody", status: "succeeded" }),
    );
    expect(unknown).toEqual({ outcome: "unknown", refund: null, message: "No refund rfnd_nobody from razorpay is known here." });
  });

  it("a provider without keys on this server is refused with a sentence", async () => {
    const { s, paymentId } = await paidOrder(t, staff, { provider: "stripe" });
    const res = await refund(t, staff, s.orderId, { payment_id: paymentId, amount: "5.00", reason: "Test" });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: "Stripe is not configured on this server, so this payment cannot be refunded through it here." });
  });
});

describe("a confirmed advance still approves as before", () => {
  it("an order with no refunds answers amount_refunded 0.00 and an empty list", async () => {
    const s = await submitDesign(t);
    await toApproved(t, staff, s);
    expect(await getOrder(t, s.customer.token, s.orderId)).toMatchObject({
      amount_paid: "50000.00",
      amount_refunded: "0.00",
      refunds: [],
      balance_due: "50000.00",
    });
  });
});
