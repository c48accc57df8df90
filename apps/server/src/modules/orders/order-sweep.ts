import { AUTO_COMPLETE_DAYS } from "@atelier/contract";
import { isStaff, type Actor } from "../../lib/access.ts";
import { formatMoney } from "../../lib/email/format.ts";
import type { OrdersServiceDeps } from "./order-deps.ts";
import { orderLink, type Lifecycle } from "./order-lifecycle.ts";
import { quoteExpiringMail } from "./order-mails.ts";
import * as view from "./order-view.ts";
import * as repo from "./orders.repository.ts";

/** A pending quote's customer is told once when it has less than this left. */
export const QUOTE_EXPIRY_NOTICE_HOURS = 48;

export type Sweep = ReturnType<typeof createSweep>;

/** The lifecycle's moves that time makes: lapsed quotes, quotes about to lapse, old deliveries. */
export function createSweep(deps: OrdersServiceDeps, lifecycle: Lifecycle) {
  const { db, clock, notifications } = deps;
  const { inTx, move, event } = lifecycle;

  /**
   * Pending quotes past validity expire (order back to initiated), quotes about to lapse are
   * announced once, and deliveries older than 7 days complete.
   */
  async function sweep(userId?: string): Promise<number> {
    const now = clock.now();
    let changed = 0;
    for (const quote of await repo.listLapsedQuotes(db, now, userId)) {
      changed += await inTx(async (tx) => {
        const order = await repo.findOrder(tx, quote.orderId, true);
        const current = await repo.findQuote(tx, quote.id, true);
        if (!order || !current || current.status !== "pending" || current.validUntil > now) return 0;
        await repo.updateQuote(tx, current.id, { status: "expired" });
        if (order.status === "quoted") {
          await move(tx, order, "initiated", null, {
            note: `Quote expired on ${current.validUntil.toISOString().slice(0, 10)}.`,
            extra: view.priceFieldsOf(undefined, order.estimate),
          });
        } else {
          await event(tx, order, "quote_expired", null, "Quote expired.");
        }
        return 1;
      });
    }
    const soon = new Date(now.getTime() + QUOTE_EXPIRY_NOTICE_HOURS * 60 * 60 * 1000);
    for (const quote of await repo.listQuotesExpiringBefore(db, now, soon, userId)) {
      changed += await inTx(async (tx, later) => {
        if (!(await repo.claimExpiryNotice(tx, quote.id, now))) return 0;
        const order = await repo.findOrder(tx, quote.orderId);
        if (!order) return 0;
        later((tx) => quoteExpiringMail(deps, tx, order, quote));
        await notifications.notify(tx, [
          {
            userId: order.userId,
            orderId: order.id,
            type: "quote_expiring",
            title: `Your quote for ${order.designName} expires soon`,
            message: `Order ${order.orderNumber}: the quote of ${formatMoney(quote.amount, quote.currency)} is valid until ${quote.validUntil.toISOString().slice(0, 16).replace("T", " ")} UTC.`,
            link: orderLink(order.id),
          },
        ]);
        return 1;
      });
    }
    const before = new Date(now.getTime() - AUTO_COMPLETE_DAYS * 24 * 60 * 60 * 1000);
    for (const delivered of await repo.listDeliveredBefore(db, before, userId)) {
      changed += await inTx(async (tx) => {
        const order = await repo.findOrder(tx, delivered.id, true);
        if (!order || order.status !== "delivered") return 0;
        await move(tx, order, "completed", null, { note: `Completed automatically ${AUTO_COMPLETE_DAYS} days after delivery.` });
        return 1;
      });
    }
    return changed;
  }

  /** Reads that a customer sees go through the sweep first, so nothing stale is ever shown. */
  const sweepFor = async (actor: Actor): Promise<number> => (isStaff(actor) ? 0 : sweep(actor.id));

  return { sweep, sweepFor };
}
