import {
  CURRENCIES,
  ONLINE_PROVIDER_INFO,
  type CheckoutStartResponse,
  type Currency,
  type OnlineProviderName,
  type OnlinePaymentOptions,
  type PaymentKind,
  type RefundStatus,
} from "@atelier/contract";
import type { Db } from "../../db/client.ts";
import { assertCanAccess, type Actor } from "../../lib/access.ts";
import type { Clock } from "../../lib/clock.ts";
import { isUniqueViolation } from "../../lib/db-errors.ts";
import { formatMoney } from "../../lib/email/format.ts";
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError, UpstreamFailedError } from "../../lib/errors.ts";
import { toCents } from "../../lib/money.ts";
import type { Later } from "../orders/order-deps.ts";
import { paymentDueOf, toPaymentResponse } from "../orders/order-view.ts";
import type { OrdersService } from "../orders/orders.service.ts";
import type { PaymentsService } from "../orders/payments.service.ts";
import { BadSignatureError, type ProviderEvent, type WebhookProvider } from "./provider-events.ts";
import * as repo from "./online-payments.repository.ts";
import type { OrderRow, PaymentRow } from "./online-payments.repository.ts";

/**
 * The refunds service's settlement of a provider's refund (written by the refunds module; the
 * lead wires it into the webhooks). Called in the webhook's transaction. Answering "retry" (a
 * refund it does not know yet) makes the webhook answer 409 with nothing stored, so that the
 * provider delivers the event again; "settled" or nothing: the event is done.
 */
export interface ProviderRefundSettler {
  settleProviderRefund(
    tx: Db,
    later: Later,
    input: {
      provider: OnlineProviderName;
      providerRefundId: string;
      /** Our refund's id, carried by the provider as metadata; '' when the refund was made elsewhere. */
      refundId: string;
      status: Exclude<RefundStatus, "pending">;
      failureReason: string;
    },
  ): Promise<"settled" | "retry" | void>;
}

/** 409 that a provider retries: an event that cannot be applied yet (a refund of a payment not captured here yet). */
export class RetryLaterError extends ConflictError {}

const KIND_LABEL: Record<PaymentKind, string> = { advance: "Advance", balance: "Balance" };
const PROVIDER_LABEL = (name: string) => ONLINE_PROVIDER_INFO[name as OnlineProviderName]?.label ?? name;

export type OnlinePaymentsService = ReturnType<typeof createOnlinePaymentsService>;

export function createOnlinePaymentsService(deps: {
  db: Db;
  clock: Clock;
  publicUrl: string;
  orders: OrdersService;
  payments: PaymentsService;
  /** The configured providers (none: manual transfers only). */
  providers: readonly WebhookProvider[];
  /** Razorpay Checkout's script URL when Razorpay is configured. */
  razorpayScriptUrl: string | null;
  /** Settles refunds on the providers' refund webhooks; until wired, refund events are answered 409 and retried by the provider. */
  refunds?: ProviderRefundSettler | undefined;
}) {
  const { db, clock, orders, payments } = deps;
  const providerOf = (name: string) => deps.providers.find((p) => p.name === name);

  /** The order row locked for a webhook (no actor: the provider's signature is the authority). */
  async function lockOrderById(tx: Db, orderId: string): Promise<OrderRow> {
    const order = await repo.lockOrder(tx, orderId);
    if (!order) throw new NotFoundError();
    return order;
  }

  async function flag(tx: Db, order: OrderRow, payment: PaymentRow, reason: string, providerPaymentId: string): Promise<string> {
    const now = clock.now();
    await repo.updatePayment(tx, payment.id, { status: "flagged", flagReason: reason, providerPaymentId, decidedAt: now });
    await orders.event(
      tx,
      order,
      "payment_flagged",
      null,
      `${KIND_LABEL[payment.kind]} paid online by ${PROVIDER_LABEL(payment.provider)} needs review: ${reason}`,
    );
    return `flagged: ${reason}`;
  }

  async function applyCapture(
    tx: Db,
    later: Later,
    provider: WebhookProvider,
    e: Extract<ProviderEvent, { effect: "captured" }>,
  ): Promise<string> {
    const found =
      (e.providerOrderId && (await repo.findByProviderOrder(tx, provider.name, e.providerOrderId))) ||
      (e.paymentId && /^[0-9a-f-]{36}$/i.test(e.paymentId) ? await repo.findPayment(tx, e.paymentId) : undefined);
    if (!found || found.provider !== provider.name)
      return `ignored: no ${provider.name} payment here for ${e.providerOrderId || e.paymentId || "this event"}`;
    const order = await lockOrderById(tx, found.orderId);
    const payment = (await repo.findPayment(tx, found.id, true)) ?? found;
    if (payment.status === "confirmed") return "ignored: already captured";
    if (payment.status === "flagged") return "ignored: already flagged";
    const captured = (CURRENCIES as readonly string[]).includes(e.currency)
      ? formatMoney(e.amount, e.currency as Currency)
      : `${e.amount} ${e.currency || "(no currency)"}`;
    // pending, failed (a capture after a failure still captures), void or rejected (refused below).
    const refusal =
      payment.status === "rejected"
        ? "This payment was rejected before the provider captured it."
        : await payments.decisionRefusal(tx, order, payment, "confirmed");
    if (refusal) return flag(tx, order, payment, `${refusal} The ${captured} captured must be refunded.`, e.providerPaymentId);
    if (e.currency !== payment.currency)
      return flag(
        tx,
        order,
        payment,
        `${captured} was captured in ${e.currency || "an unknown currency"}, but ${formatMoney(payment.amount, payment.currency)} was due in ${payment.currency}.`,
        e.providerPaymentId,
      );
    if (toCents(e.amount) !== toCents(payment.amount))
      return flag(
        tx,
        order,
        payment,
        `${captured} was captured, but ${formatMoney(payment.amount, payment.currency)} was due.`,
        e.providerPaymentId,
      );
    const others = (await repo.listOrderPayments(tx, order.id)).filter(
      (p) =>
        p.id !== payment.id &&
        p.kind === payment.kind &&
        p.quoteId === payment.quoteId &&
        (p.status === "pending" || p.status === "confirmed"),
    );
    if (others.some((p) => p.status === "confirmed"))
      return flag(
        tx,
        order,
        payment,
        `The ${payment.kind} was already paid; this second payment of ${captured} must be refunded.`,
        e.providerPaymentId,
      );
    if (others.some((p) => p.provider === "manual"))
      return flag(
        tx,
        order,
        payment,
        `A bank transfer for the same ${payment.kind} is waiting for confirmation; decide which one to keep and refund the other.`,
        e.providerPaymentId,
      );
    // An earlier or later checkout of the same kind that was left open can no longer be paid for this.
    for (const other of others)
      await repo.updatePayment(tx, other.id, {
        status: "failed",
        failureReason: "Replaced: another checkout for this payment was paid.",
        decidedAt: clock.now(),
      });
    await payments.confirmIn(tx, later, order, payment, null, { providerPaymentId: e.providerPaymentId, failureReason: "" });
    return "captured";
  }

  async function applyFailure(tx: Db, provider: WebhookProvider, e: Extract<ProviderEvent, { effect: "failed" }>): Promise<string> {
    const found =
      (e.providerOrderId && (await repo.findByProviderOrder(tx, provider.name, e.providerOrderId))) ||
      (e.paymentId && /^[0-9a-f-]{36}$/i.test(e.paymentId) ? await repo.findPayment(tx, e.paymentId) : undefined);
    if (!found || found.provider !== provider.name)
      return `ignored: no ${provider.name} payment here for ${e.providerOrderId || e.paymentId || "this event"}`;
    const order = await lockOrderById(tx, found.orderId);
    const payment = (await repo.findPayment(tx, found.id, true)) ?? found;
    // A failure after a capture (or after anything else was decided) changes nothing.
    if (payment.status !== "pending") return `ignored: payment is ${payment.status}`;
    await repo.updatePayment(tx, payment.id, { status: "failed", failureReason: e.reason, decidedAt: clock.now() });
    await orders.event(
      tx,
      order,
      "payment_failed",
      null,
      `${KIND_LABEL[payment.kind]} of ${formatMoney(payment.amount, payment.currency)} by ${PROVIDER_LABEL(provider.name)} failed: ${e.reason}`,
    );
    return "failed";
  }

  async function applyRefund(
    tx: Db,
    later: Later,
    provider: WebhookProvider,
    e: Extract<ProviderEvent, { effect: "refund" }>,
  ): Promise<string> {
    if (e.status === "pending") return "ignored: refund still pending";
    const payment = e.providerPaymentId ? await repo.findByProviderPayment(tx, provider.name, e.providerPaymentId) : undefined;
    // Its payment's capture has not reached us yet: answered 409 (nothing recorded) so that the provider delivers it again later.
    if (!payment || (payment.status !== "confirmed" && payment.status !== "flagged"))
      throw new RetryLaterError(
        `The payment ${e.providerPaymentId || "of this refund"} is not captured here yet; deliver this refund event again later.`,
      );
    if (!deps.refunds) throw new RetryLaterError("Refunds are not set up on this server yet; deliver this refund event again later.");
    const settled = await deps.refunds.settleProviderRefund(tx, later, {
      provider: provider.name,
      providerRefundId: e.providerRefundId,
      refundId: e.refundId,
      status: e.status,
      failureReason: e.failureReason,
    });
    // The refunds service does not know this refund yet (its own transaction, which stores the provider's id, has not committed).
    if (settled === "retry")
      throw new RetryLaterError(`The refund ${e.providerRefundId} is not recorded here yet; deliver this event again later.`);
    return `refund ${e.status}`;
  }

  return {
    providers: deps.providers,

    /** The online ways to pay the order's currency (for the order's owner or staff). */
    async options(actor: Actor, orderId: string): Promise<OnlinePaymentOptions> {
      const order = assertCanAccess(actor, await repo.findOrder(db, orderId));
      const accepted = (await repo.listOrderQuotes(db, order.id)).find((q) => q.status === "accepted");
      const currency = accepted?.currency ?? null;
      const offered = currency ? deps.providers.filter((p) => p.currencies.includes(currency)).map((p) => p.name) : [];
      return { currency, providers: offered, razorpay_script_url: offered.includes("razorpay") ? deps.razorpayScriptUrl : null };
    },

    /**
     * Starts paying what is due online: writes the pending payment (what is due, in the order's
     * currency), creates the provider's order or checkout session and answers where to pay. An
     * open online payment of the same kind is replaced (its Stripe session expired); a bank
     * transfer waiting for staff refuses it. Nothing moves until the provider's webhook.
     */
    async checkout(actor: Actor, orderId: string, kind: PaymentKind, providerName: OnlineProviderName): Promise<CheckoutStartResponse> {
      let prepared;
      try {
        prepared = await orders.inTx(async (tx) => {
          const order = await orders.lockOrder(tx, actor, orderId);
          if (actor.id !== order.userId) throw new ForbiddenError("Only the customer pays for an order.");
          if (order.status === "cancelled") throw new ConflictError(`Order ${order.orderNumber} is cancelled; nothing is due.`);
          const [quotes, rows] = [await repo.listOrderQuotes(tx, order.id), await repo.listOrderPayments(tx, order.id)];
          const accepted = quotes.find((q) => q.status === "accepted");
          if (!accepted) throw new ConflictError("There is nothing to pay yet: accept a quote first.");
          const provider = providerOf(providerName);
          if (!provider)
            throw new ConflictError(
              `Paying online with ${PROVIDER_LABEL(providerName)} is not available. Pay by bank transfer or UPI instead.`,
            );
          if (!provider.currencies.includes(accepted.currency))
            throw new ConflictError(
              `${PROVIDER_LABEL(providerName)} does not take payments in ${accepted.currency}. Pay by bank transfer or UPI instead.`,
            );
          const due = paymentDueOf(order, quotes, rows, () => ({ lines: [], upi_id: null }));
          if (!due || due.kind !== kind) {
            if (rows.some((p) => p.quoteId === accepted.id && p.kind === kind && p.status === "confirmed"))
              throw new ConflictError(`The ${kind} has already been paid.`);
            throw new ConflictError(kind === "advance" ? "The advance is not due." : "The balance is not due yet.");
          }
          const noAddress = payments.balanceAddressRefusal(order, kind);
          if (noAddress) throw new ConflictError(noAddress);
          const open = rows.filter((p) => p.kind === kind && p.status === "pending");
          if (open.some((p) => p.provider === "manual"))
            throw new ConflictError(
              `Your ${kind} payment by bank transfer is already waiting for our confirmation; there is no need to pay it online.`,
            );
          const now = clock.now();
          for (const old of open)
            await repo.updatePayment(tx, old.id, { status: "failed", failureReason: "Replaced by a new checkout.", decidedAt: now });
          const row = await repo.insertPayment(tx, {
            orderId: order.id,
            userId: order.userId,
            quoteId: accepted.id,
            kind,
            amount: due.amount,
            currency: due.currency,
            provider: provider.name,
            reference: "",
            createdAt: now,
          });
          return { order, provider, row, replaced: open, email: await repo.userEmail(tx, order.userId) };
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new ConflictError(`Your ${kind} payment is already being processed. Reload the page to see it.`);
        throw err;
      }
      // The providers' APIs are called outside any transaction: the embedded database would wait on them.
      const { order, provider, row, replaced } = prepared;
      for (const old of replaced) {
        const stale = providerOf(old.provider);
        // Best effort: a session that cannot be expired is still safe (its capture is accepted or flagged on arrival).
        if (stale?.cancelCheckout && old.providerOrderId) await stale.cancelCheckout(old.providerOrderId).catch(() => undefined);
      }
      let start;
      try {
        start = await provider.startCheckout({
          paymentId: row.id,
          orderNumber: order.orderNumber,
          amount: row.amount,
          currency: row.currency,
          customerEmail: prepared.email,
          returnUrl: `${deps.publicUrl}/dashboard/orders/${order.id}`,
        });
      } catch (err) {
        // The provider never took this payment: the row goes again, so the customer can simply retry.
        await orders.inTx((tx) => repo.deleteUnstartedPayment(tx, row.id));
        const why = (err instanceof Error ? err.message : "The provider did not answer").replace(/\.+$/, "");
        throw new UpstreamFailedError(`${why}. Nothing was charged; please try again.`);
      }
      await orders.inTx((tx) =>
        repo.updatePayment(tx, row.id, { providerOrderId: start.providerOrderId, reference: start.providerOrderId }),
      );
      return {
        payment: toPaymentResponse({ ...row, providerOrderId: start.providerOrderId, reference: start.providerOrderId }),
        provider: provider.name,
        redirect_url: start.redirectUrl,
        widget: start.widget,
      };
    },

    /**
     * A provider's webhook: signature checked over the raw body (400 and nothing changes when it
     * fails), then the event applied once (its id stored in the same transaction as its effect; a
     * replay answers 200 and does nothing).
     */
    async webhook(providerName: string, rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<string> {
      const provider = providerOf(providerName);
      if (!provider) throw new NotFoundError();
      let event: ProviderEvent;
      try {
        event = provider.parseWebhook(rawBody, headers);
      } catch (err) {
        if (err instanceof BadSignatureError || err instanceof SyntaxError) throw new BadRequestError("Invalid webhook signature.");
        throw err;
      }
      return orders.inTx(async (tx, later) => {
        const first = await repo.recordEvent(tx, { provider: provider.name, eventId: event.id, type: event.type, receivedAt: clock.now() });
        if (!first) return "duplicate";
        let outcome: string;
        switch (event.effect) {
          case "captured":
            outcome = await applyCapture(tx, later, provider, event);
            break;
          case "failed":
            outcome = await applyFailure(tx, provider, event);
            break;
          case "refund":
            outcome = await applyRefund(tx, later, provider, event);
            break;
          case "ignored":
            outcome = "ignored: not an event we act on";
            break;
        }
        await repo.setEventOutcome(tx, provider.name, event.id, outcome);
        return outcome;
      });
    },
  };
}
