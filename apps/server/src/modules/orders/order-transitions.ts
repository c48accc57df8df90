import { TRANSITION_MESSAGES, canTransition, type TransitionInput, type transitionInputSchema } from "@atelier/contract";
import type { z } from "zod";
import { assertStaff, type Actor } from "../../lib/access.ts";
import { ConflictError, ForbiddenError, ValidationError } from "../../lib/errors.ts";
import type { Cancellation } from "./order-cancellation.ts";
import { cancelledEntry } from "./order-cancellation.ts";
import type { OrdersServiceDeps } from "./order-deps.ts";
import { refusal, type Lifecycle } from "./order-lifecycle.ts";
import * as view from "./order-view.ts";
import * as repo from "./orders.repository.ts";

/** The moves people make by hand: the customer confirms the delivery; staff move production along. */
export function createTransitions(deps: Pick<OrdersServiceDeps, "clock" | "audit">, lifecycle: Lifecycle, cancellation: Cancellation) {
  const { clock, audit } = deps;
  const { inTx, move, lockOrder } = lifecycle;

  async function confirmDelivery(actor: Actor, orderId: string): Promise<void> {
    await inTx(async (tx) => {
      const order = await lockOrder(tx, actor, orderId);
      if (actor.id !== order.userId) throw new ForbiddenError("Only the customer confirms the delivery.");
      if (order.status !== "delivered") {
        throw new ConflictError(
          order.status === "completed"
            ? `Order ${order.orderNumber} is already completed.`
            : `Order ${order.orderNumber} is ${view.statusLabel(order.status)}: delivery can be confirmed once it is delivered.`,
        );
      }
      await move(tx, order, "completed", actor, { note: "Delivery confirmed by the customer." });
    });
  }

  /** Staff production moves: ready to ship needs the balance, shipping needs carrier and tracking. */
  async function transition(actor: Actor, orderId: string, input: z.output<typeof transitionInputSchema> | TransitionInput): Promise<void> {
    assertStaff(actor);
    const to = input.to;
    const note = input.note?.trim() ?? "";
    if (to === "shipped") {
      const fields: Record<string, string[]> = {};
      if (!input.carrier?.trim()) fields.carrier = [TRANSITION_MESSAGES.carrier];
      if (!input.tracking_number?.trim()) fields.tracking_number = [TRANSITION_MESSAGES.tracking_number];
      if (Object.keys(fields).length > 0) throw new ValidationError(fields);
    }
    if (to === "cancelled" && !note) throw new ValidationError({ note: [TRANSITION_MESSAGES.cancelReason] });
    await inTx(async (tx, later) => {
      const order = await lockOrder(tx, actor, orderId);
      if (!canTransition(order.status, to)) throw new ConflictError(refusal(order, to));
      if (to === "shipped" && !order.deliveryAddress) {
        throw new ConflictError(`Order ${order.orderNumber} has no delivery address: ask the customer to choose one before it ships.`);
      }
      const extra: Partial<repo.NewOrder> = {};
      if (to === "ready_to_ship") {
        const figures = view.paymentFigures(await repo.listOrderQuotes(tx, order.id), await repo.listOrderPayments(tx, order.id));
        if (!figures.balanceConfirmed && figures.balanceDue !== "0.00") {
          throw new ConflictError(`Order ${order.orderNumber} cannot be ready to ship before the balance is confirmed.`);
        }
      }
      if (to === "shipped")
        Object.assign(extra, { carrier: input.carrier?.trim() ?? "", trackingNumber: input.tracking_number?.trim() ?? "" });
      if (to === "delivered") extra.deliveredAt = clock.now();
      if (to === "cancelled") await cancellation.cancelIn(tx, order, actor, { note, reason: note, later });
      else await move(tx, order, to, actor, { note, extra, later });
      if (to === "cancelled") {
        await audit.record(tx, cancelledEntry(actor, order, note));
      } else {
        await audit.record(tx, {
          actor,
          action: "order.moved",
          targetType: "order",
          targetId: order.id,
          targetLabel: order.orderNumber,
          before: { status: order.status },
          after: {
            status: to,
            ...(to === "shipped" && { carrier: extra.carrier, tracking_number: extra.trackingNumber }),
            ...(note && { note }),
          },
        });
      }
    });
  }

  return { confirmDelivery, transition };
}
