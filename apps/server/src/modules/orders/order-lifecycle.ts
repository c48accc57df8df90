import { canTransition, designStatusOf, type OrderStatus } from "@atelier/contract";
import type { Db } from "../../db/client.ts";
import { assertCanAccess, type Actor } from "../../lib/access.ts";
import { ConflictError } from "../../lib/errors.ts";
import type { NewNotice } from "../notifications/notifications.service.ts";
import type { Later, OrdersServiceDeps } from "./order-deps.ts";
import * as content from "./order-content.repository.ts";
import { statusMailFor } from "./order-mails.ts";
import * as view from "./order-view.ts";
import * as repo from "./orders.repository.ts";
import type { OrderRow } from "./orders.repository.ts";

const STATUS_MESSAGES: Record<OrderStatus, string> = {
  initiated: "Your order is waiting for a new quote.",
  quoted: "A quote is ready for you to review.",
  approved: "Your advance is confirmed. Our CAD designers are starting on your piece.",
  cad_design: "A CAD design is ready for your review.",
  cad_approved: "You approved the CAD design. Manufacturing begins soon.",
  manufacturing: "Your piece is being handcrafted in our workshop.",
  quality_check: "Your piece is in its final quality check.",
  ready_to_ship: "Your piece has passed its quality check and is ready to ship.",
  shipped: "Your piece is on its way.",
  delivered: "Your piece has been delivered.",
  completed: "Your order is complete. Thank you for choosing Aurelia Atelier.",
  cancelled: "Your order has been cancelled.",
};

export const orderLink = (orderId: string) => `/dashboard/orders/${orderId}`;

/** Why a move is refused, as a sentence a customer or a jeweller can act on. */
export function refusal(order: OrderRow, to: OrderStatus): string {
  const from = view.statusLabel(order.status);
  if (to === "cancelled") {
    if (order.status === "cancelled") return `Order ${order.orderNumber} is already cancelled.`;
    return `Order ${order.orderNumber} is ${from} and can no longer be cancelled.`;
  }
  if (order.status === to) return `Order ${order.orderNumber} is already ${from}.`;
  return `Order ${order.orderNumber} is ${from}; it cannot move to ${view.statusLabel(to)}.`;
}

function statusNotice(order: OrderRow, to: OrderStatus, note: string): NewNotice {
  return {
    userId: order.userId,
    orderId: order.id,
    type: "status_change",
    title: `Order ${order.orderNumber}: ${view.statusLabel(to)}`,
    message: note && to === "cancelled" ? `${STATUS_MESSAGES[to]} ${note}` : STATUS_MESSAGES[to],
    link: orderLink(order.id),
  };
}

export interface MoveOptions {
  note?: string;
  extra?: Partial<repo.NewOrder>;
  /** The customer's notification; default: the status change. null: none. */
  notice?: NewNotice | null;
  later?: Later;
}

export type Lifecycle = ReturnType<typeof createLifecycle>;

/**
 * The lifecycle's core, which every use case of the orders module goes through: one transaction
 * per use case (with its after-commit jobs), the one status move, the order's history events and
 * the order's lock.
 */
export function createLifecycle(deps: OrdersServiceDeps) {
  const { db, clock, notifications } = deps;

  /**
   * Runs `fn` in one transaction; what it schedules with `later` (e-mails) runs at its end, in the
   * same transaction, and queues durable jobs: sent once the change commits, never if it rolls back.
   */
  async function inTx<T>(fn: (tx: Db, later: Later) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      const jobs: ((tx: Db) => Promise<void>)[] = [];
      const result = await fn(tx, (job) => jobs.push(job));
      for (const job of jobs) await job(tx);
      return result;
    });
  }

  /**
   * The one way an order changes status: refuses moves the lifecycle table does not allow (409),
   * moves only from the status it read (a lost race is a 409 too), and writes the event, the
   * design's status and the customer's notification in the same transaction. The caller holds
   * the order's row lock.
   */
  async function move(tx: Db, order: OrderRow, to: OrderStatus, actor: Actor | null, options: MoveOptions = {}): Promise<OrderRow> {
    if (!canTransition(order.status, to)) throw new ConflictError(refusal(order, to));
    const now = clock.now();
    const values = { status: to, statusChangedAt: now, updatedAt: now, ...options.extra };
    if (!(await repo.moveOrderStatus(tx, order.id, order.status, values))) {
      throw new ConflictError(`Order ${order.orderNumber} changed while you were working on it. Reload it and try again.`);
    }
    const note = options.note ?? "";
    await repo.insertEvent(tx, {
      orderId: order.id,
      userId: order.userId,
      type: "status_change",
      fromStatus: order.status,
      toStatus: to,
      note,
      actorId: actor?.id ?? null,
      createdAt: now,
    });
    if (order.designId) await content.setDesignStatus(tx, order.designId, designStatusOf(to), now);
    await deps.live.publish(tx, [{ kind: "order", userIds: [order.userId], staff: true, data: { order_id: order.id, status: to } }]);
    const notice = options.notice === undefined ? statusNotice(order, to, note) : options.notice;
    // Nobody is told about their own action.
    if (notice && actor?.id !== order.userId) await notifications.notify(tx, [notice]);
    const moved: OrderRow = { ...order, ...values };
    const mail = statusMailFor(deps, moved, order.status, to);
    if (mail && options.later) options.later(mail);
    return moved;
  }

  async function event(tx: Db, order: OrderRow, type: repo.NewOrderEvent["type"], actor: Actor | null, note: string): Promise<void> {
    const now = clock.now();
    await repo.insertEvent(tx, { orderId: order.id, userId: order.userId, type, note, actorId: actor?.id ?? null, createdAt: now });
    await repo.updateOrder(tx, order.id, { updatedAt: now });
    // A comment's open pages are told by the messages module, which wrote it; a quote or payment changes the order's page.
    if (type === "comment") return;
    await deps.live.publish(tx, [
      { kind: "order", userIds: [order.userId], staff: true, data: { order_id: order.id, status: order.status } },
    ]);
  }

  /** The order, locked for the rest of the transaction; another customer's is a 404. */
  async function lockOrder(tx: Db, actor: Actor, id: string): Promise<OrderRow> {
    return assertCanAccess(actor, await repo.findOrder(tx, id, true), "Not found.");
  }

  /** Sends the e-mails queued so far (tests). */
  async function drain(): Promise<void> {
    await deps.drainJobs();
  }

  return { inTx, move, event, lockOrder, drain };
}
