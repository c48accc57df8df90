import type { CadDesign, Order, PaymentDue, Quote } from "./lifecycle.ts";
import { formatMoney } from "./money-format.ts";
import { ORDER_STATUSES, ORDER_STATUS_WAITS_ON, type OrderStatus, type OrderWaitsOn } from "./orders.ts";

/**
 * The quote that governs an order now: the pending one (the customer has to answer it), else the
 * accepted one (it binds the order), else the newest (declined or expired, until a new one comes).
 */
export function currentQuoteOf<Q extends Pick<Quote, "status" | "created_at">>(quotes: readonly Q[]): Q | undefined {
  const newest = [...quotes].sort((a, b) => b.created_at.localeCompare(a.created_at));
  return newest.find((q) => q.status === "pending") ?? newest.find((q) => q.status === "accepted") ?? newest[0];
}

/**
 * Whether the order shows its balance ("Balance due", what is still to pay): only once the customer
 * has approved the CAD design. Before that the customer is asked for the advance and shown the total;
 * a balance they cannot act on yet would only compete with what they can. Never on a cancelled order.
 */
export function orderShowsBalance(status: OrderStatus): boolean {
  return status !== "cancelled" && ORDER_STATUSES.indexOf(status) >= ORDER_STATUSES.indexOf("cad_approved");
}

/** The one thing the customer is asked to do next on an order, or whom it waits on while they need do nothing. */
export type OrderNextAction =
  | { kind: "accept_quote"; title: string; quote: Quote }
  | { kind: "pay"; title: string; due: PaymentDue }
  | { kind: "review_cad"; title: string; cad: CadDesign }
  | { kind: "confirm_delivery"; title: string }
  | { kind: "wait"; title: string; waitsOn: OrderWaitsOn | null };

const wait = (waitsOn: OrderWaitsOn | null, what: string): OrderNextAction => ({ kind: "wait", title: `Nothing to do: ${what}`, waitsOn });

/** While the atelier works, what it is doing, in the customer's words. */
const ATELIER_AT_WORK: Record<OrderStatus, string> = {
  initiated: "your jeweller is preparing your quote",
  quoted: "your jeweller is preparing a new quote",
  approved: "your designer is preparing your CAD design",
  cad_design: "your designer is preparing a new CAD version",
  cad_approved: "your piece is in production",
  manufacturing: "your piece is in production",
  quality_check: "your piece is in its final quality check",
  ready_to_ship: "your piece is ready and ships soon",
  shipped: "your piece is on its way",
  delivered: "your piece was delivered",
  completed: "your order is complete",
  cancelled: "this order was cancelled",
};

type NextActionInput = Pick<Order, "status" | "quotes" | "payment_due" | "cad_designs">;

/**
 * The order's next action, from its status (whom ORDER_STATUS_WAITS_ON says it waits on) and its
 * data: a pending quote to answer, the advance or (once the CAD is approved) the balance to pay, a
 * CAD version to review, receipt to confirm. A payment the customer has declared waits on the
 * atelier to confirm it; anything else the atelier or the carrier is doing reads "Nothing to do: …".
 */
export function orderNextAction(order: NextActionInput): OrderNextAction {
  const { status } = order;
  const waitsOn = ORDER_STATUS_WAITS_ON[status];
  if (waitsOn === null) return wait(null, ATELIER_AT_WORK[status]);

  const pending = order.quotes.find((q) => q.status === "pending");
  if (pending && (status === "initiated" || status === "quoted")) return { kind: "accept_quote", title: "Accept the quote", quote: pending };

  const due = order.payment_due;
  if (due && (due.kind === "advance" || orderShowsBalance(status))) {
    if (due.awaiting_confirmation) return wait("atelier", `we are confirming your ${due.kind} payment`);
    return { kind: "pay", title: `Pay the ${due.kind} of ${formatMoney(due.amount, due.currency)}`, due };
  }

  if (status === "cad_design") {
    const cad = order.cad_designs.find((c) => c.status === "pending_approval");
    if (cad) return { kind: "review_cad", title: `Review CAD version ${cad.version}`, cad };
    return wait("atelier", ATELIER_AT_WORK.cad_design);
  }
  if (status === "delivered") return { kind: "confirm_delivery", title: "Confirm that your piece arrived" };
  if (status === "quoted" && order.quotes.some((q) => q.status === "accepted")) return wait("atelier", "your jeweller is confirming your order");
  // A quoted order with nothing pending (its quote expired) waits for a new quote.
  return wait(waitsOn === "customer" ? "atelier" : waitsOn, ATELIER_AT_WORK[status]);
}
