import type { Comment, Order, TransitionInput, transitionInputSchema } from "@atelier/contract";
import type { z } from "zod";
import { assertCanAccess, type Actor } from "../../lib/access.ts";
import { createOrderAddresses } from "./order-addresses.ts";
import { createCancellation } from "./order-cancellation.ts";
import type { OrdersServiceDeps } from "./order-deps.ts";
import { createDesignOrders } from "./order-designs.ts";
import { createLifecycle, orderLink } from "./order-lifecycle.ts";
import { staffReplyMail } from "./order-mails.ts";
import { createOrderReads } from "./order-reads.ts";
import { createSweep } from "./order-sweep.ts";
import { createTransitions } from "./order-transitions.ts";
import * as view from "./order-view.ts";
import * as repo from "./orders.repository.ts";
import type { OrderRow } from "./orders.repository.ts";

export type { Later, OrdersServiceDeps, PaymentSettings } from "./order-deps.ts";
export type { DesignOrderSummary } from "./order-designs.ts";
export { orderLink } from "./order-lifecycle.ts";
export type { OrderAddresses } from "./order-addresses.ts";
export type { StaffQueueQuery } from "./order-reads.ts";
export { QUOTE_EXPIRY_NOTICE_HOURS } from "./order-sweep.ts";

export type OrdersService = ReturnType<typeof createOrdersService>;

/**
 * The orders module's service, composed of its parts: the lifecycle's core (transactions, the one
 * status move, history events, the order's lock), cancellation, the hand-made moves, the sweep
 * (moves that time makes), the reads, and the designs' side of an order. Only the conversation's
 * comment lives here.
 */
export function createOrdersService(deps: OrdersServiceDeps) {
  const { notifications, audit } = deps;
  const lifecycle = createLifecycle(deps);
  const { inTx, event } = lifecycle;
  const cancellation = createCancellation(deps, lifecycle);
  const transitions = createTransitions(deps, lifecycle, cancellation);
  const sweeps = createSweep(deps, lifecycle);
  const reads = createOrderReads(deps, sweeps);
  const designOrders = createDesignOrders(deps);
  const orderAddresses = createOrderAddresses(deps, lifecycle);

  return {
    inTx,
    move: lifecycle.move,
    event,
    lockOrder: lifecycle.lockOrder,
    findAccessible: reads.findAccessible,
    numberOf: reads.numberOf,
    assemble: reads.assemble,
    sweep: sweeps.sweep,
    sweepFor: sweeps.sweepFor,
    instructionsFor: reads.instructionsFor,
    /** Waits for e-mails still being sent (tests, shutdown). */
    drain: lifecycle.drain,

    // ---- designs under an order ----

    assertEstimable: designOrders.assertEstimable,
    createForDesign: designOrders.createForDesign,
    assertDesignEditable: designOrders.assertDesignEditable,
    reestimate: designOrders.reestimate,
    cancelForDeletedDesign: cancellation.cancelForDeletedDesign,
    ordersOfDesigns: designOrders.ordersOfDesigns,
    backfill: designOrders.backfill,

    // ---- reads ----

    get: reads.get,
    list: reads.list,
    staffList: reads.staffList,
    orderCountsOf: reads.orderCountsOf,
    queueCounts: reads.queueCounts,
    dashboard: reads.dashboard,

    // ---- the customer's and staff's moves ----

    /** The order's delivery and billing addresses (snapshots), chosen by the customer or corrected by staff. */
    setAddresses: orderAddresses.setAddresses,

    /** A message in the order's conversation (with attachments already stored, from the messages module). */
    async comment(actor: Actor, orderId: string, text: string, attachmentIds: string[] = []): Promise<Comment> {
      return inTx(async (tx, later) => {
        const order = assertCanAccess(actor, await repo.findOrder(tx, orderId));
        const row = await deps.messages.appendToOrder(tx, order, actor, text, attachmentIds);
        const note = text || `Sent ${attachmentIds.length === 1 ? "a file" : `${attachmentIds.length} files`}.`;
        await event(tx, order, "comment", actor, note.length > 280 ? `${note.slice(0, 279)}…` : note);
        if (actor.id !== order.userId) {
          await audit.record(tx, {
            actor,
            action: "comment.staff_reply",
            targetType: "order",
            targetId: order.id,
            targetLabel: order.orderNumber,
            after: { comment_id: row.id, text },
          });
          await notifications.notify(tx, [
            {
              userId: order.userId,
              orderId: order.id,
              type: "staff_reply",
              title: `New message on order ${order.orderNumber}`,
              message: note.length > 160 ? `${note.slice(0, 159)}…` : note,
              link: orderLink(order.id),
            },
          ]);
        }
        const [author] = await repo.findUsers(tx, [actor.id]);
        if (actor.id !== order.userId && (await deps.messages.replyEmailDue(tx, row, order.userId))) {
          const senderName = author?.firstName ?? "";
          later((tx) => staffReplyMail(deps, tx, order, { senderName, text, attachments: attachmentIds.length }));
        }
        return view.toCommentResponse(row, author);
      });
    },

    async cancel(actor: Actor, orderId: string, reason: string): Promise<Order> {
      await cancellation.cancel(actor, orderId, reason);
      return reads.get(actor, orderId);
    },

    async confirmDelivery(actor: Actor, orderId: string): Promise<Order> {
      await transitions.confirmDelivery(actor, orderId);
      return reads.get(actor, orderId);
    },

    /** Staff production moves: ready to ship needs the balance, shipping needs carrier and tracking. */
    async transition(actor: Actor, orderId: string, input: z.output<typeof transitionInputSchema> | TransitionInput): Promise<Order> {
      await transitions.transition(actor, orderId, input);
      return reads.get(actor, orderId);
    },
  };
}

export type { OrderRow };
