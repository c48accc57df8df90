import type { Estimate } from "@atelier/contract";
import type { Db } from "../../db/client.ts";
import type { Actor } from "../../lib/access.ts";
import { formatMoney } from "../../lib/email/format.ts";
import { ConflictError, ValidationError } from "../../lib/errors.ts";
import { estimateInputOf, type DesignPricingFields, type StonePricingFields } from "../pricing/pricing.engine.ts";
import type { OrdersServiceDeps } from "./order-deps.ts";
import * as content from "./order-content.repository.ts";
import * as view from "./order-view.ts";
import * as repo from "./orders.repository.ts";
import type { OrderRow } from "./orders.repository.ts";

/** A design's order as the design shows it; `estimate` is null when the stored one cannot be shown. */
export type DesignOrderSummary = Pick<OrderRow, "id" | "orderNumber" | "status"> & { estimate: Estimate | null };

/** The designs module's side of an order: its creation, the design's edits and the backfill. */
export function createDesignOrders(deps: OrdersServiceDeps) {
  const { db, clock, logger, pricing } = deps;

  /**
   * Refuses (400) a design whose estimate cannot be given, before anything of it is written;
   * the estimate is checked again when the order is written (the tables may change between).
   */
  async function assertEstimable(design: DesignPricingFields, stones: StonePricingFields[]): Promise<void> {
    await pricing.estimate(estimateInputOf(design, stones));
  }

  /** Submitting a design creates its order in `initiated`, with the instant estimate, in the caller's transaction. */
  async function createForDesign(tx: Db, design: content.DesignForOrder, stones: content.StoneForOrder[], actor: Actor): Promise<OrderRow> {
    const now = clock.now();
    const estimate = await pricing.estimate(estimateInputOf(design, stones), tx);
    const order = await repo.insertOrder(tx, {
      orderNumber: await repo.nextOrderNumber(tx, now.getUTCFullYear()),
      userId: design.userId,
      designId: design.id,
      designName: design.name,
      designType: design.designType,
      status: "initiated",
      currency: estimate.currency,
      estimate,
      statusChangedAt: now,
      createdAt: now,
      updatedAt: now,
    });
    await repo.insertEvent(tx, {
      orderId: order.id,
      userId: order.userId,
      type: "created",
      toStatus: "initiated",
      note: `Order placed with an instant estimate of ${formatMoney(estimate.low, estimate.currency)} to ${formatMoney(estimate.high, estimate.currency)}.`,
      actorId: actor.id,
      createdAt: now,
    });
    // The staff queue's "New" group grows on open pages.
    await deps.live.publish(tx, [
      { kind: "order", userIds: [order.userId], staff: true, data: { order_id: order.id, status: "initiated" } },
    ]);
    return order;
  }

  /**
   * Refuses a change to a design (edit, delete, image removal) once its order is past
   * `initiated` (409), holding the order's lock for the rest of the caller's transaction.
   */
  async function assertDesignEditable(tx: Db, designId: string): Promise<OrderRow | undefined> {
    const order = await repo.findOrderOfDesign(tx, designId, true);
    if (order && !view.isDesignEditable(order.status)) {
      throw new ConflictError(
        `This design is part of order ${order.orderNumber}, which is ${view.statusLabel(order.status)}. To change it, ask for changes in the order's comments.`,
      );
    }
    return order;
  }

  /** After an edit: a new estimate, and the order keeps the design's new name. */
  async function reestimate(tx: Db, design: content.DesignForOrder, stones: content.StoneForOrder[]): Promise<void> {
    const order = await repo.findOrderOfDesign(tx, design.id, true);
    if (!order) return;
    const estimate: Estimate = await pricing.estimate(estimateInputOf(design, stones), tx);
    await repo.updateOrder(tx, order.id, {
      estimate,
      // A quoted price keeps its quote's currency.
      ...(order.quotedPrice === null && { currency: estimate.currency }),
      designName: design.name,
      designType: design.designType,
      updatedAt: clock.now(),
    });
  }

  /** Each design's order: reference, estimate and whether the design may still change. */
  async function ordersOfDesigns(designIds: string[]): Promise<Map<string, DesignOrderSummary>> {
    const rows = await repo.findOrderSummariesOfDesigns(db, designIds);
    return new Map(rows.flatMap((r) => (r.designId ? [[r.designId, { ...r, estimate: view.readableEstimate(r.estimate) }]] : [])));
  }

  /** Designs saved before orders existed get theirs (run at start; idempotent). */
  async function backfill(): Promise<number> {
    let made = 0;
    for (const design of await content.listDesignsWithoutOrder(db, 200)) {
      const created = await db
        .transaction(async (tx) => {
          const locked = await content.lockDesign(tx, design.id);
          if (!locked || (await repo.findOrderOfDesign(tx, design.id))) return false;
          const stones = await content.listStoneContent(tx, design.id);
          const order = await createForDesign(tx, locked, stones, { id: locked.userId, role: "customer" });
          await repo.updateOrder(tx, order.id, { createdAt: locked.createdAt });
          return true;
        })
        .catch((err: unknown) => {
          // A design saved before the limits whose estimate cannot be given stays without an order (and says so in the log).
          if (!(err instanceof ValidationError)) throw err;
          logger.warn({ designId: design.id, reason: err.message }, "design left without an order: its estimate cannot be given");
          return false;
        });
      if (created) made += 1;
    }
    return made;
  }

  return {
    assertEstimable,
    createForDesign,
    assertDesignEditable,
    reestimate,
    ordersOfDesigns,
    backfill,
  };
}
