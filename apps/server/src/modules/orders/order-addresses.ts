import { addressLines, type PostalAddress } from "@atelier/contract";
import type { Db } from "../../db/client.ts";
import { isStaff, type Actor } from "../../lib/access.ts";
import { ConflictError } from "../../lib/errors.ts";
import type { OrdersServiceDeps } from "./order-deps.ts";
import type { Lifecycle } from "./order-lifecycle.ts";
import * as view from "./order-view.ts";
import * as repo from "./orders.repository.ts";
import type { OrderRow } from "./orders.repository.ts";

export interface OrderAddresses {
  delivery: PostalAddress;
  /** The billing address; the delivery address when none is given. */
  billing?: PostalAddress | null | undefined;
}

/** Statuses after which the parcel has left: nobody changes where it goes. */
const SHIPPED_OR_CLOSED = new Set<OrderRow["status"]>(["shipped", "delivered", "completed", "cancelled"]);

/** "Asha Rao, 12 MG Road, Pune 411001, Maharashtra, India". */
export const addressInOneLine = (a: PostalAddress) => addressLines(a).join(", ");

/** Why the order's addresses cannot change now (null: they can). */
export function addressRefusal(order: OrderRow, staff: boolean, balanceConfirmed: boolean): string | null {
  if (order.status === "cancelled") return `Order ${order.orderNumber} is cancelled; its address can no longer change.`;
  if (SHIPPED_OR_CLOSED.has(order.status)) return `Order ${order.orderNumber} has shipped; its delivery address can no longer change.`;
  // Once the balance is paid the piece is packed for that address (and invoiced to it); a customer
  // who must change it asks the atelier, whose staff can still correct it until the parcel leaves.
  if (!staff && balanceConfirmed) {
    return `The address of order ${order.orderNumber} is fixed once the balance is paid. Write to us in the order's messages if it must change.`;
  }
  return null;
}

/**
 * The order's delivery and billing addresses: snapshots of the addresses chosen, so later edits
 * of a saved address never change an order. The customer chooses until the balance is confirmed;
 * staff can correct them until the order ships (audited). Each change is a line in the order's history.
 */
export function createOrderAddresses(deps: Pick<OrdersServiceDeps, "audit">, lifecycle: Lifecycle) {
  const { inTx, lockOrder, event } = lifecycle;

  async function setAddresses(
    actor: Actor,
    orderId: string,
    resolve: (tx: Db, order: OrderRow) => Promise<OrderAddresses>,
  ): Promise<void> {
    await inTx(async (tx) => {
      const order = await lockOrder(tx, actor, orderId);
      const staff = isStaff(actor) && actor.id !== order.userId;
      const figures = view.paymentFigures(await repo.listOrderQuotes(tx, order.id), await repo.listOrderPayments(tx, order.id));
      const refused = addressRefusal(order, staff, figures.balanceConfirmed);
      if (refused) throw new ConflictError(refused);
      const chosen = await resolve(tx, order);
      const delivery = chosen.delivery;
      const billing = chosen.billing ?? delivery;
      await repo.updateOrder(tx, order.id, { deliveryAddress: delivery, billingAddress: billing });
      const first = order.deliveryAddress === null;
      const note = `${first ? "Ships to" : "Now ships to"} ${addressInOneLine(delivery)}.`;
      await event(tx, order, "address_changed", actor, note);
      if (staff) {
        await deps.audit.record(tx, {
          actor,
          action: "order.address_corrected",
          targetType: "order",
          targetId: order.id,
          targetLabel: order.orderNumber,
          before: { delivery_address: order.deliveryAddress, billing_address: order.billingAddress },
          after: { delivery_address: delivery, billing_address: billing },
        });
      }
    });
  }

  return { setAddresses };
}
