import { CUSTOMER_CANCELLABLE_STATUSES, TRANSITION_MESSAGES, canTransition } from "@atelier/contract";
import type { Db } from "../../db/client.ts";
import { isStaff, type Actor } from "../../lib/access.ts";
import { ConflictError, ValidationError } from "../../lib/errors.ts";
import type { AuditRecord } from "../audit/audit.service.ts";
import type { Later, OrdersServiceDeps } from "./order-deps.ts";
import type { Lifecycle } from "./order-lifecycle.ts";
import * as content from "./order-content.repository.ts";
import * as view from "./order-view.ts";
import * as repo from "./orders.repository.ts";
import type { OrderRow } from "./orders.repository.ts";

/** The audit row of a staff cancellation (from the workbench's cancel or a move to cancelled). */
export function cancelledEntry(actor: Actor, order: OrderRow, reason: string): AuditRecord {
  return {
    actor,
    action: "order.cancelled",
    targetType: "order",
    targetId: order.id,
    targetLabel: order.orderNumber,
    before: { status: order.status },
    after: { status: "cancelled", reason },
  };
}

export type Cancellation = ReturnType<typeof createCancellation>;

/** Cancelling an order: by its customer (before the advance), by staff (with a reason), or by deleting its design. */
export function createCancellation(deps: Pick<OrdersServiceDeps, "clock" | "audit">, lifecycle: Lifecycle) {
  const { clock, audit } = deps;
  const { inTx, move, lockOrder } = lifecycle;

  /**
   * Cancels the order in the caller's transaction (which holds its lock): a pending quote expires,
   * a payment still waiting for staff becomes void so nobody can confirm it later, and the order
   * keeps the price and currency of its accepted quote, the one any payment was made in.
   */
  async function cancelIn(tx: Db, order: OrderRow, actor: Actor | null, options: { note: string; reason: string; later?: Later }) {
    await content.expirePendingQuotes(tx, order.id);
    const voided = await repo.voidPendingPayments(tx, order.id, actor?.id ?? null, clock.now());
    const price = view.priceFieldsOf(view.acceptedQuoteOf(await repo.listOrderQuotes(tx, order.id)), order.estimate);
    const note =
      voided > 0 ? `${options.note.replace(/([^.!?])$/, "$1.")} The payment waiting for confirmation is void.`.trim() : options.note;
    return move(tx, order, "cancelled", actor, {
      note,
      extra: { cancelReason: options.reason, ...price },
      ...(options.later && { later: options.later }),
    });
  }

  /** The customer's cancel (only before the advance is confirmed) or the workbench's (a reason is required). */
  async function cancel(actor: Actor, orderId: string, reason: string): Promise<void> {
    await inTx(async (tx, later) => {
      const order = await lockOrder(tx, actor, orderId);
      if (!isStaff(actor) && !CUSTOMER_CANCELLABLE_STATUSES.includes(order.status) && canTransition(order.status, "cancelled")) {
        throw new ConflictError(
          `Order ${order.orderNumber} is ${view.statusLabel(order.status)}: once the advance is confirmed, the order can no longer be cancelled online. Please write to us in the order's comments.`,
        );
      }
      if (isStaff(actor) && !reason) throw new ValidationError({ reason: [TRANSITION_MESSAGES.cancelReason] });
      await cancelIn(tx, order, actor, { note: reason ? `Cancelled: ${reason}` : "Cancelled by the customer.", reason, later });
      if (isStaff(actor)) await audit.record(tx, cancelledEntry(actor, order, reason));
    });
  }

  /** Deleting a design cancels its order (kept, with its history). */
  async function cancelForDeletedDesign(tx: Db, order: OrderRow | undefined, actor: Actor): Promise<void> {
    if (!order || order.status === "cancelled") return;
    await cancelIn(tx, order, actor, { note: "The design was deleted.", reason: "The design was deleted." });
  }

  return { cancelIn, cancel, cancelForDeletedDesign };
}
