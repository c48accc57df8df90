import type { Payment, PaymentKind, PaymentInstructions } from "@atelier/contract";
import type { Db } from "../../db/client.ts";
import { isUniqueViolation } from "../../lib/db-errors.ts";
import { assertCanAccess, assertStaff, type Actor } from "../../lib/access.ts";
import type { Clock } from "../../lib/clock.ts";
import { formatMoney } from "../../lib/email/format.ts";
import { ConflictError, ForbiddenError, NotFoundError } from "../../lib/errors.ts";
import type { AuditRecord, AuditService } from "../audit/audit.service.ts";
import type { NotificationsService } from "../notifications/notifications.service.ts";
import type { CustomerMailService } from "../settings/customer-mail.service.ts";
import { paymentMail } from "./order-mails.ts";
import { acceptedQuoteOf, paymentDueOf, toPaymentResponse } from "./order-view.ts";
import * as repo from "./orders.repository.ts";
import type { OrderRow, PaymentRow } from "./orders.repository.ts";
import type { Later } from "./order-deps.ts";
import { orderLink, type OrdersService } from "./orders.service.ts";

import { manualProvider, type PaymentProvider } from "../payments/provider.ts";
export { manualProvider, type PaymentProvider } from "../payments/provider.ts";

export type PaymentsService = ReturnType<typeof createPaymentsService>;

const KIND_LABEL: Record<PaymentKind, string> = { advance: "Advance", balance: "Balance" };

/** Postgres' unique violation: a second live payment of the same kind lost a race. */

/** The audit row of a payment decision: the payment, labelled with its order and kind. */
function decisionEntry(actor: Actor, order: OrderRow, payment: PaymentRow, status: "confirmed" | "rejected", reason?: string): AuditRecord {
  return {
    actor,
    action: status === "confirmed" ? "payment.confirmed" : "payment.rejected",
    targetType: "payment",
    targetId: payment.id,
    targetLabel: `${order.orderNumber} ${payment.kind}`,
    before: { status: payment.status },
    after: {
      order_id: order.id,
      status,
      amount: payment.amount,
      currency: payment.currency,
      reference: payment.reference,
      ...(reason !== undefined && { reason }),
    },
  };
}

export function createPaymentsService(deps: {
  db: Db;
  clock: Clock;
  publicUrl: string;
  orders: OrdersService;
  notifications: NotificationsService;
  audit: AuditService;
  /** The receipt, or the reason a payment was not matched, by e-mail (unless turned off). */
  customerMail: CustomerMailService;
  provider?: PaymentProvider;
  /** Issues the tax invoice of a captured payment in the capture's transaction. */
  invoices?: { issueInvoice(tx: Db, paymentId: string): Promise<unknown> };
}) {
  const { db, clock, orders, notifications, audit } = deps;
  const provider = deps.provider ?? manualProvider;

  /** The payment and its order, locked in the lifecycle's order (the order first). */
  async function lockPayment(tx: Db, actor: Actor, paymentId: string) {
    const found = await repo.findPayment(tx, paymentId);
    if (!found) throw new NotFoundError();
    const order = await orders.lockOrder(tx, actor, found.orderId);
    const payment = (await repo.findPayment(tx, paymentId, true)) ?? found;
    return { order, payment };
  }

  /**
   * Why a waiting payment can no longer be decided, or nothing: a void one, one whose order was
   * cancelled, or one declared against a quote that no longer binds the order (no notice, no
   * e-mail, no move then).
   */
  async function decisionRefusal(tx: Db, order: OrderRow, payment: PaymentRow, verb: "confirmed" | "rejected"): Promise<string | null> {
    if (payment.status === "void")
      return `This payment is void: order ${order.orderNumber} was cancelled while it waited for confirmation. It can no longer be ${verb}.`;
    if (order.status === "cancelled") return `Order ${order.orderNumber} is cancelled; its payments can no longer be ${verb}.`;
    if (acceptedQuoteOf(await repo.listOrderQuotes(tx, order.id))?.id !== payment.quoteId)
      return `This payment was declared for a quote that no longer applies to order ${order.orderNumber}. It can no longer be ${verb}.`;
    return null;
  }

  /**
   * Confirms a payment in the caller's transaction, which holds the order's lock: by staff (a manual
   * transfer they matched) or by the system (`actor` null: a provider's signed webhook reported the
   * capture). Writes the event, the notice and the receipt e-mail; a confirmed advance approves a
   * quoted order.
   */
  async function confirmIn(
    tx: Db,
    later: Later,
    order: OrderRow,
    payment: PaymentRow,
    actor: Actor | null,
    extra: Partial<repo.NewPayment> = {},
  ): Promise<Payment> {
    const now = clock.now();
    const decided = { ...extra, status: "confirmed" as const, decidedBy: actor?.id ?? null, decidedAt: now };
    await repo.updatePayment(tx, payment.id, decided);
    if (actor) await audit.record(tx, decisionEntry(actor, order, payment, "confirmed"));
    const amount = formatMoney(payment.amount, payment.currency);
    await orders.event(tx, order, "payment_confirmed", actor, `${KIND_LABEL[payment.kind]} of ${amount} confirmed.`);
    const notice = {
      userId: order.userId,
      orderId: order.id,
      type: "payment" as const,
      title: `${KIND_LABEL[payment.kind]} received`,
      message: `We received your ${payment.kind} of ${amount} for order ${order.orderNumber}.${payment.kind === "advance" ? " Our CAD designers are starting on your piece." : ""}`,
      link: orderLink(order.id),
    };
    await notifications.notify(tx, [notice]);
    later((tx) => paymentMail(deps, tx, order, payment, { confirmed: true }));
    if (payment.kind === "advance" && order.status === "quoted") {
      await orders.move(tx, (await repo.findOrder(tx, order.id)) ?? order, "approved", actor, {
        note: "Advance confirmed.",
        notice: null,
      });
    }
    // Last, so the invoice counter's lock is held only to the commit; a rolled-back capture gives its number back.
    await deps.invoices?.issueInvoice(tx, payment.id);
    return toPaymentResponse({ ...payment, ...decided });
  }

  /**
   * The balance is paid once the order knows where it ships: the parcel goes there and the final
   * tax invoice names it (GST asks for the recipient's address on an invoice of ₹50,000 or more).
   */
  function balanceAddressRefusal(order: OrderRow, kind: PaymentKind): string | null {
    if (kind !== "balance" || order.deliveryAddress) return null;
    return `Choose the delivery address of order ${order.orderNumber} before paying the balance: your piece ships there and the tax invoice names it.`;
  }

  return {
    balanceAddressRefusal,

    async list(actor: Actor, orderId: string) {
      const order = assertCanAccess(actor, await repo.findOrder(db, orderId));
      const rows = await repo.listOrderPayments(db, order.id);
      return { count: rows.length, next: null, previous: null, results: rows.map(toPaymentResponse) };
    },

    /** The customer declares a transfer; it waits for staff. Advance after acceptance, balance after the advance. */
    async declare(
      actor: Actor,
      orderId: string,
      kind: PaymentKind,
      reference: string,
    ): Promise<Payment & { amount_due: string; instructions: PaymentInstructions }> {
      try {
        return await orders.inTx(async (tx) => {
          const order = await orders.lockOrder(tx, actor, orderId);
          if (actor.id !== order.userId) throw new ForbiddenError("Only the customer declares a payment.");
          const [quotes, payments] = [await repo.listOrderQuotes(tx, order.id), await repo.listOrderPayments(tx, order.id)];
          const due = paymentDueOf(order, quotes, payments, orders.instructionsFor(order));
          const accepted = quotes.find((q) => q.status === "accepted");
          if (order.status === "cancelled") throw new ConflictError(`Order ${order.orderNumber} is cancelled; nothing is due.`);
          if (!accepted) throw new ConflictError("There is nothing to pay yet: accept a quote first.");
          if (!due || due.kind !== kind) {
            const paidAlready = payments.some((p) => p.quoteId === accepted.id && p.kind === kind && p.status === "confirmed");
            if (paidAlready) throw new ConflictError(`The ${kind} has already been paid.`);
            throw new ConflictError(
              kind === "advance"
                ? "The advance is not due."
                : !payments.some((p) => p.quoteId === accepted.id && p.kind === "advance" && p.status === "confirmed")
                  ? "The balance can be paid once the advance is confirmed."
                  : "The balance can be paid once you approve a CAD version.",
            );
          }
          const online = payments.find((p) => p.kind === kind && p.status === "pending" && p.provider !== provider.name);
          if (online)
            throw new ConflictError(
              `Your online ${kind} payment (${online.provider}) is still open: finish it on the order page, or wait until it expires, before declaring a bank transfer.`,
            );
          if (due.awaiting_confirmation) throw new ConflictError(`Your ${kind} payment is already waiting for our confirmation.`);
          const noAddress = balanceAddressRefusal(order, kind);
          if (noAddress) throw new ConflictError(noAddress);
          const now = clock.now();
          const row = await repo.insertPayment(tx, {
            orderId: order.id,
            userId: order.userId,
            quoteId: accepted.id,
            kind,
            amount: due.amount,
            currency: due.currency,
            provider: provider.name,
            reference,
            createdAt: now,
          });
          await orders.event(
            tx,
            order,
            "payment_declared",
            actor,
            `${KIND_LABEL[kind]} of ${formatMoney(due.amount, due.currency)} declared (reference ${reference}).`,
          );
          return { ...toPaymentResponse(row), amount_due: due.amount, instructions: due.instructions };
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new ConflictError(`Your ${kind} payment is already waiting for our confirmation.`);
        throw err;
      }
    },

    /** Idempotent: confirming a confirmed payment answers it again and writes nothing. A confirmed advance approves the order. */
    async confirm(actor: Actor, paymentId: string): Promise<Payment> {
      assertStaff(actor);
      return orders.inTx(async (tx, later) => {
        const { order, payment } = await lockPayment(tx, actor, paymentId);
        if (payment.status === "confirmed") return toPaymentResponse(payment);
        const refused = await decisionRefusal(tx, order, payment, "confirmed");
        if (refused) throw new ConflictError(refused);
        if (payment.status === "rejected")
          throw new ConflictError("This payment was rejected; it cannot be confirmed. The customer can declare it again.");
        if (payment.provider !== provider.name)
          throw new ConflictError(
            `This is an online payment: ${payment.provider} confirms it with its signed webhook once the money is captured.`,
          );
        return confirmIn(tx, later, order, payment, actor);
      });
    },

    confirmIn,
    decisionRefusal,

    async reject(actor: Actor, paymentId: string, reason: string): Promise<Payment> {
      assertStaff(actor);
      return orders.inTx(async (tx, later) => {
        const { order, payment } = await lockPayment(tx, actor, paymentId);
        if (payment.status === "rejected") return toPaymentResponse(payment);
        const refused = await decisionRefusal(tx, order, payment, "rejected");
        if (refused) throw new ConflictError(refused);
        if (payment.status === "confirmed") throw new ConflictError("This payment has already been confirmed; it cannot be rejected.");
        if (payment.provider !== provider.name)
          throw new ConflictError(`This is an online payment: ${payment.provider} reports whether it succeeded or failed.`);
        const now = clock.now();
        await repo.updatePayment(tx, payment.id, { status: "rejected", rejectionReason: reason, decidedBy: actor.id, decidedAt: now });
        await audit.record(tx, decisionEntry(actor, order, payment, "rejected", reason));
        const amount = formatMoney(payment.amount, payment.currency);
        await orders.event(tx, order, "payment_rejected", actor, `${KIND_LABEL[payment.kind]} of ${amount} not received: ${reason}`);
        await notifications.notify(tx, [
          {
            userId: order.userId,
            orderId: order.id,
            type: "payment",
            title: `We could not confirm your ${payment.kind}`,
            message: `Order ${order.orderNumber}, reference ${payment.reference}: ${reason}`,
            link: orderLink(order.id),
          },
        ]);
        later((tx) => paymentMail(deps, tx, order, payment, { confirmed: false, reason }));
        return toPaymentResponse({ ...payment, status: "rejected", rejectionReason: reason, decidedBy: actor.id, decidedAt: now });
      });
    },
  };
}
