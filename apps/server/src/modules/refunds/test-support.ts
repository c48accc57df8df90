import type { Order, Refund } from "@atelier/contract";
import { eq } from "drizzle-orm";
import { payments } from "../../db/schema/index.ts";
import type { TestApp } from "../../test/helpers.ts";
import { getOrder, issueQuote, post, submitDesign, type Submitted } from "../orders/test-support.ts";
import type { OnlineProvider } from "../payments/provider.ts";

/** Refund tests: an order with a confirmed advance, cancelled by staff; a fake online provider. */

export interface PaidOrder {
  s: Submitted;
  order: Order;
  paymentId: string;
}

/** Quote of 100 000.00 INR at 50 %: a confirmed advance of 50 000.00 (a manual transfer), then cancelled unless told. */
export async function paidOrder(
  t: TestApp,
  staff: string,
  options: { cancel?: boolean; provider?: "razorpay" | "stripe" } = {},
): Promise<PaidOrder> {
  const s = await submitDesign(t);
  await toApprovedInr(t, staff, s);
  let order = await getOrder(t, staff, s.orderId);
  const paymentId = order.payments.find((p) => p.status === "confirmed")?.id ?? "";
  if (options.provider) {
    // As the provider's capture webhook leaves it (the pay helper's checkout is not on this branch).
    await t.database.db
      .update(payments)
      .set({
        provider: options.provider,
        providerOrderId: `order_${paymentId.slice(0, 8)}`,
        providerPaymentId: `pay_${paymentId.slice(0, 8)}`,
      })
      .where(eq(payments.id, paymentId));
  }
  if (options.cancel !== false) {
    const res = await post(t, staff, `/api/staff/orders/${s.orderId}/transition/`, {
      to: "cancelled",
      note: "The customer changed their mind.",
    });
    if (res.statusCode !== 200) throw new Error(`cancel failed: ${res.statusCode} ${res.body}`);
    await t.drainJobs();
  }
  order = await getOrder(t, staff, s.orderId);
  return { s, order, paymentId };
}

/** Quote (100 000.00 INR, 50 % advance), accept, declare and confirm the advance. */
export async function toApprovedInr(t: TestApp, staff: string, s: Submitted): Promise<void> {
  const quote = await issueQuote(t, staff, s.orderId, { currency: "INR" });
  await post(t, s.customer.token, `/api/quotes/${quote.id}/accept/`);
  const declared = await post(t, s.customer.token, `/api/orders/${s.orderId}/payments/`, { kind: "advance", reference: "UTR123456" });
  if (declared.statusCode !== 201) throw new Error(`declare failed: ${declared.statusCode} ${declared.body}`);
  const confirmed = await post(t, staff, `/api/staff/payments/${declared.json<{ id: string }>().id}/confirm/`);
  if (confirmed.statusCode !== 200) throw new Error(`confirm failed: ${confirmed.statusCode} ${confirmed.body}`);
  await t.drainJobs();
}

export const refund = (t: TestApp, token: string, orderId: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: "POST",
    url: `/api/staff/orders/${orderId}/refunds/`,
    payload: body,
    headers: { authorization: `Token ${token}`, ...headers },
  });

export type RefundAnswer = Refund;

/** A fake online provider: records each refund asked, answers as told. */
export function fakeProvider(name: "razorpay" | "stripe" = "razorpay") {
  const calls: Parameters<OnlineProvider["refund"]>[0][] = [];
  const state: { next: "pending" | "succeeded" | "failed" | Error } = { next: "pending" };
  const provider: OnlineProvider = {
    name,
    currencies: name === "razorpay" ? ["INR"] : ["USD", "EUR", "GBP"],
    startCheckout: () => Promise.reject(new Error("not used in refund tests")),
    refund: (input) => {
      calls.push(input);
      const next = state.next;
      if (next instanceof Error) return Promise.reject(next);
      return Promise.resolve({
        providerRefundId: `rfnd_${calls.length}_${input.refundId.slice(0, 8)}`,
        status: next,
        failureReason: next === "failed" ? "Insufficient balance" : "",
      });
    },
  };
  return { provider, calls, state };
}
