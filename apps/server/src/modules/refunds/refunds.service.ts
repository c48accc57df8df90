import {
  LEDGER_METHOD_LABELS,
  PAGE_SIZE,
  PAYMENT_STATUS_INFO,
  REFUND_MESSAGES,
  type Ledger,
  type LedgerEntry,
  type LedgerMethod,
  type ledgerQuerySchema,
  type PaymentKind,
  type Refund,
  type refundInputSchema,
} from "@atelier/contract";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { assertStaff, type Actor } from "../../lib/access.ts";
import type { Clock } from "../../lib/clock.ts";
import { emailSpec, formatMoney } from "../../lib/email/index.ts";
import { ConflictError, UpstreamFailedError, ValidationError } from "../../lib/errors.ts";
import { fromCents, toCents } from "../../lib/money.ts";
import { pageWindow, toPage } from "../../lib/pagination.ts";
import type { AuditService } from "../audit/audit.service.ts";
import type { NotificationsService } from "../notifications/notifications.service.ts";
import type { Later } from "../orders/order-deps.ts";
import { statusLabel } from "../orders/order-view.ts";
import { orderLink, type OrdersService } from "../orders/orders.service.ts";
import type { OnlineProvider } from "../payments/provider.ts";
import type { CustomerMailService } from "../settings/customer-mail.service.ts";
import { toLedgerCsv } from "./ledger-csv.ts";
import * as repo from "./refunds.repository.ts";
import type { OrderRow, PaidRow, RefundRow } from "./refunds.repository.ts";

/** The online providers this server has keys for, by name (the payments module builds it). */
export interface ProviderRegistry {
  get(name: string): OnlineProvider | undefined;
}

/** The invoices module's side: a credit note for each succeeded refund, in its transaction (idempotent). */
export interface CreditNotes {
  issueCreditNote(tx: Db, refundId: string): Promise<unknown>;
}

export interface RefundsServiceDeps {
  db: Db;
  clock: Clock;
  publicUrl: string;
  orders: OrdersService;
  notifications: NotificationsService;
  audit: AuditService;
  customerMail: CustomerMailService;
  providers?: ProviderRegistry | undefined;
  invoices?: CreditNotes | undefined;
}

/** What a provider's refund webhook reports. `refundId` (ours, sent as the provider's metadata) finds a refund whose provider id is not stored yet. */
export interface ProviderRefundReport {
  provider: string;
  providerRefundId: string;
  status: "succeeded" | "failed";
  failureReason?: string | undefined;
  refundId?: string | undefined;
}

/** What settling did: `settled` (moved from pending), `already` (the same report again: nothing done), `unknown` (no such refund), `conflict` (already settled the other way). */
export type SettleResult =
  | { outcome: "settled" | "already"; refund: Refund }
  | { outcome: "conflict"; refund: Refund; message: string }
  | { outcome: "unknown"; refund: null; message: string };

export type RefundsService = ReturnType<typeof createRefundsService>;

const PROVIDER_LABEL = (name: string) => LEDGER_METHOD_LABELS[name as LedgerMethod] ?? name;
const KIND_LABEL: Record<PaymentKind, string> = { advance: "advance", balance: "balance" };

export function toRefundResponse(row: RefundRow, kind: PaymentKind): Refund {
  return {
    id: row.id,
    order_id: row.orderId,
    payment_id: row.paymentId,
    payment_kind: kind,
    amount: row.amount,
    currency: row.currency,
    reason: row.reason,
    provider: row.provider,
    provider_refund_id: row.providerRefundId,
    reference: row.reference,
    status: row.status,
    failure_reason: row.failureReason,
    created_at: row.createdAt.toISOString(),
    settled_at: row.settledAt?.toISOString() ?? null,
  };
}

/** `from`/`to` (UTC days, both included) as the half-open range the queries take. */
function ledgerFilter(q: z.output<typeof ledgerQuerySchema>): repo.LedgerFilter {
  const day = (v: string) => new Date(`${v}T00:00:00Z`);
  return {
    status: q.status || undefined,
    method: q.method || undefined,
    from: q.from ? day(q.from) : undefined,
    before: q.to ? new Date(day(q.to).getTime() + 24 * 60 * 60 * 1000) : undefined,
    flaggedOnly: q.flagged === "true",
  };
}

/**
 * Refunds of captured payments: a manual payment's is recorded with the reference of the transfer
 * back and succeeds at once; an online one is asked of its provider (outside any transaction, with
 * our refund id as its idempotency key) and settles on the provider's webhook. A succeeded refund
 * writes the order's event, the customer's notice and e-mail, and its credit note. Also the staff
 * payments ledger.
 */
export function createRefundsService(deps: RefundsServiceDeps) {
  const { db, clock, orders, notifications, audit } = deps;

  /** The order locked (the lifecycle's lock order: the order first), for the system's own changes. */
  async function lockOrderRow(tx: Db, orderId: string): Promise<OrderRow> {
    const order = await repo.lockOrder(tx, orderId);
    if (!order) throw new Error(`order ${orderId} of a refund is gone`);
    return order;
  }

  /** A refund has gone through: its row, the order's history, the customer's notice and e-mail (once), the credit note. */
  async function succeededIn(tx: Db, later: Later, order: OrderRow, payment: PaidRow, refund: RefundRow, actor: Actor | null) {
    const now = clock.now();
    await repo.updateRefund(tx, refund.id, { status: "succeeded", settledAt: now, failureReason: "" });
    const amount = formatMoney(refund.amount, refund.currency);
    const kind = KIND_LABEL[payment.kind];
    const ref = refund.reference || refund.providerRefundId;
    await orders.event(
      tx,
      order,
      "payment_refunded",
      actor,
      `Refund of ${amount} (${kind}) sent${ref ? `, reference ${ref}` : ""}: ${refund.reason}`,
    );
    await notifications.notify(tx, [
      {
        userId: order.userId,
        orderId: order.id,
        type: "payment",
        title: "Refund sent",
        message: `We refunded ${amount} of your ${kind} for order ${order.orderNumber}.`,
        link: orderLink(order.id),
      },
    ]);
    const settled = { ...refund, status: "succeeded" as const, settledAt: now };
    later((tx) =>
      deps.customerMail.send(tx, order.userId, "payment", (recipient, footer) =>
        emailSpec("refundEmail", {
          firstName: recipient.firstName,
          orderNumber: order.orderNumber,
          designName: order.designName,
          kind: payment.kind,
          amount,
          reason: settled.reason,
          reference: ref,
          method: PROVIDER_LABEL(settled.provider),
          orderUrl: `${deps.publicUrl}/dashboard/orders/${order.id}`,
          footer,
        }),
      ),
    );
    await deps.invoices?.issueCreditNote(tx, refund.id);
    return settled;
  }

  /** The provider refused or failed the refund: its amount is refundable again. */
  async function failedIn(tx: Db, order: OrderRow, refund: RefundRow, reason: string) {
    const now = clock.now();
    const failureReason = reason || "The provider gave no reason.";
    await repo.updateRefund(tx, refund.id, { status: "failed", settledAt: now, failureReason });
    await orders.event(
      tx,
      order,
      "refund_failed",
      null,
      `Refund of ${formatMoney(refund.amount, refund.currency)} failed: ${failureReason}`,
    );
    return { ...refund, status: "failed" as const, settledAt: now, failureReason };
  }

  /** Why this payment cannot be refunded by `amount`, or null. */
  async function refusal(tx: Db, order: OrderRow, payment: PaidRow, amount: string): Promise<string | null> {
    const kind = KIND_LABEL[payment.kind];
    if (payment.status !== "confirmed" && payment.status !== "flagged")
      return `Only money received can be refunded: this ${kind} is ${PAYMENT_STATUS_INFO[payment.status].label.toLowerCase()}.`;
    if (payment.status === "confirmed" && order.status !== "cancelled")
      return `Order ${order.orderNumber} is ${statusLabel(order.status)}: a confirmed payment is refunded once the order is cancelled. Cancel the order first.`;
    const committed = await repo.committedRefunds(tx, payment.id);
    const left = toCents(payment.amount) - toCents(committed);
    const money = (cents: bigint) => formatMoney(fromCents(cents), payment.currency);
    if (left <= 0n) return `This ${kind} of ${money(toCents(payment.amount))} has already been refunded in full.`;
    if (toCents(amount) > left)
      return `At most ${money(left)} of this ${kind} can still be refunded: ${money(toCents(payment.amount))} was paid and ${money(toCents(committed))} is refunded or being refunded.`;
    return null;
  }

  async function create(actor: Actor, orderId: string, input: z.output<typeof refundInputSchema>): Promise<Refund> {
    assertStaff(actor);
    const started = await orders.inTx(async (tx, later) => {
      const order = await orders.lockOrder(tx, actor, orderId);
      const payment = await repo.findPayment(tx, input.payment_id, true);
      if (!payment || payment.orderId !== order.id) throw new ValidationError({ payment_id: ["This payment is not one of this order's."] });
      const refused = await refusal(tx, order, payment, input.amount);
      if (refused) throw new ConflictError(refused);
      const manual = payment.provider === "manual";
      let provider: OnlineProvider | undefined;
      if (manual && !input.reference) throw new ValidationError({ reference: [REFUND_MESSAGES.reference] });
      if (!manual) {
        provider = deps.providers?.get(payment.provider);
        if (!provider)
          throw new ConflictError(
            `${PROVIDER_LABEL(payment.provider)} is not configured on this server, so this payment cannot be refunded through it here.`,
          );
        if (!payment.providerPaymentId)
          throw new ConflictError(
            `${PROVIDER_LABEL(payment.provider)} has not reported this payment's capture; it cannot be refunded yet.`,
          );
      }
      const refundedBefore = await repo.committedRefunds(tx, payment.id);
      const now = clock.now();
      const row = await repo.insertRefund(tx, {
        orderId: order.id,
        paymentId: payment.id,
        userId: order.userId,
        amount: input.amount,
        currency: payment.currency,
        reason: input.reason,
        provider: payment.provider,
        reference: manual ? input.reference : "",
        status: "pending",
        createdBy: actor.id,
        createdAt: now,
      });
      await audit.record(tx, {
        actor,
        action: "payment.refunded",
        targetType: "payment",
        targetId: payment.id,
        targetLabel: `${order.orderNumber} ${payment.kind}`,
        before: { status: payment.status, refunded: refundedBefore },
        after: {
          order_id: order.id,
          refund_id: row.id,
          amount: row.amount,
          currency: row.currency,
          reason: row.reason,
          provider: row.provider,
          ...(manual && { reference: row.reference }),
          status: manual ? "succeeded" : "pending",
        },
      });
      if (manual) return { refund: await succeededIn(tx, later, order, payment, row, actor), payment, provider: undefined };
      return { refund: row, payment, provider };
    });
    const { refund, payment, provider } = started;
    if (!provider) return toRefundResponse(refund, payment.kind);

    // The provider is asked once the pending row is committed, with the refund's id as its idempotency key: a retry
    // of the same refund is one refund at the provider. Should this process die before the call, the refund stays
    // pending without a provider id (visible as pending in the ledger) for staff to check in the provider's dashboard.
    let answer: Awaited<ReturnType<OnlineProvider["refund"]>>;
    try {
      answer = await provider.refund({
        refundId: refund.id,
        providerPaymentId: payment.providerPaymentId,
        amount: refund.amount,
        currency: refund.currency,
        reason: refund.reason,
      });
    } catch (err) {
      const why = err instanceof Error ? err.message : String(err);
      await orders.inTx(async (tx) => {
        const order = await lockOrderRow(tx, refund.orderId);
        const current = await repo.findRefund(tx, refund.id, true);
        if (current?.status === "pending" && !current.providerRefundId) await failedIn(tx, order, current, why);
      });
      throw new UpstreamFailedError(
        `${PROVIDER_LABEL(provider.name)} did not accept the refund: ${why} Nothing was refunded; you can try again.`,
      );
    }
    const settled = await orders.inTx(async (tx, later) => {
      const order = await lockOrderRow(tx, refund.orderId);
      let current = (await repo.findRefund(tx, refund.id, true)) ?? refund;
      if (!current.providerRefundId && answer.providerRefundId) {
        await repo.updateRefund(tx, current.id, { providerRefundId: answer.providerRefundId });
        current = { ...current, providerRefundId: answer.providerRefundId };
      }
      if (current.status !== "pending") return current;
      if (answer.status === "succeeded") return succeededIn(tx, later, order, payment, current, null);
      if (answer.status === "failed") return failedIn(tx, order, current, answer.failureReason);
      return current;
    });
    return toRefundResponse(settled, payment.kind);
  }

  /**
   * A provider's webhook reports a refund's outcome, in the webhook's transaction. Idempotent: the
   * same report again does nothing (`already`); an unknown refund is `unknown` (the webhook answers
   * 200 and records it, so the provider stops retrying); a refund already settled the other way is
   * `conflict` and unchanged.
   */
  async function settleProviderRefund(tx: Db, later: Later, report: ProviderRefundReport): Promise<SettleResult> {
    const found = report.refundId
      ? await repo.findRefund(tx, report.refundId)
      : await repo.findByProviderRefundId(tx, report.provider, report.providerRefundId);
    if (!found || found.provider !== report.provider)
      return {
        outcome: "unknown",
        refund: null,
        message: `No refund ${report.providerRefundId || report.refundId} from ${report.provider} is known here.`,
      };
    const order = await lockOrderRow(tx, found.orderId);
    let refund = (await repo.findRefund(tx, found.id, true)) ?? found;
    const payment = await repo.findPayment(tx, refund.paymentId);
    if (!payment) throw new Error(`payment ${refund.paymentId} of refund ${refund.id} is gone`);
    if (!refund.providerRefundId && report.providerRefundId) {
      await repo.updateRefund(tx, refund.id, { providerRefundId: report.providerRefundId });
      refund = { ...refund, providerRefundId: report.providerRefundId };
    }
    if (refund.status === report.status) return { outcome: "already", refund: toRefundResponse(refund, payment.kind) };
    if (refund.status !== "pending")
      return {
        outcome: "conflict",
        refund: toRefundResponse(refund, payment.kind),
        message: `Refund ${refund.id} is already ${refund.status}; the report that it ${report.status} is ignored.`,
      };
    const settled =
      report.status === "succeeded"
        ? await succeededIn(tx, later, order, payment, refund, null)
        : await failedIn(tx, order, refund, report.failureReason ?? "");
    return { outcome: "settled", refund: toRefundResponse(settled, payment.kind) };
  }

  /** The order's refunds for its answer, oldest first. */
  async function forOrder(from: Db, orderId: string): Promise<Refund[]> {
    const rows = await repo.listOrderRefunds(from, orderId);
    const kinds = await repo.paymentKinds(from, [...new Set(rows.map((r) => r.paymentId))]);
    return rows.map((r) => toRefundResponse(r, kinds.get(r.paymentId) ?? "advance"));
  }

  async function ledger(actor: Actor, query: z.output<typeof ledgerQuerySchema>): Promise<Ledger> {
    assertStaff(actor);
    const filter = ledgerFilter(query);
    const count = await repo.countLedger(db, filter);
    const url = new URL(`${deps.publicUrl}/api/staff/payments/`);
    for (const key of ["status", "method", "from", "to", "flagged"] as const) {
      const v = query[key];
      if (v) url.searchParams.set(key, v);
    }
    const empty = toPage<LedgerEntry>([], count, query.page, url.toString());
    const { limit, offset } = pageWindow(query.page, PAGE_SIZE);
    const [results, totals] = await Promise.all([repo.listLedger(db, filter, limit, offset), repo.ledgerTotals(db, filter)]);
    return { ...empty, results, totals };
  }

  /** The ledger as CSV with the same filters (every row, newest first). */
  async function ledgerCsv(actor: Actor, query: z.output<typeof ledgerQuerySchema>): Promise<string> {
    assertStaff(actor);
    const filter = ledgerFilter(query);
    return toLedgerCsv(await repo.listLedger(db, filter, CSV_MAX_ROWS, 0));
  }

  return { create, settleProviderRefund, forOrder, ledger, ledgerCsv, toRefundResponse };
}

/** The most rows one export holds (a narrower date range gives the rest). */
export const CSV_MAX_ROWS = 100_000;
