import { REFUND_STATUS_INFO, type Order, type Refund } from "@atelier/contract";
import { Badge } from "@/components/ui/badge";
import { formatAmount, formatDateTime } from "@/lib/format";

/** How the customer reads a refund's state. */
const CUSTOMER_NOTE: Record<Refund["status"], string> = {
  succeeded: "Sent back to you; your bank may take a few working days to show it.",
  pending: "On its way: we have asked the payment provider to send it back.",
  failed: "This refund did not go through; we will be in touch.",
};

/** The refunds of the customer's payments on their order page (nothing when there are none). */
export function OrderRefunds({ order }: { order: Order }) {
  if (order.refunds.length === 0) return null;
  return (
    <div className="flex flex-col gap-2 border-t border-border pt-3" data-testid="order-refunds">
      <h3 className="font-sans text-sm font-medium">Refunds</h3>
      <ul className="flex flex-col divide-y divide-border" aria-label="Refunds">
        {order.refunds.map((r) => (
          <li key={r.id} className="flex flex-col gap-1 py-3 text-sm" data-testid="refund">
            <div className="flex items-center justify-between gap-3">
              <span className="font-medium">
                Refund of your {r.payment_kind} · <span className="tabular-nums">{formatAmount(r.amount, r.currency)}</span>
              </span>
              <Badge tone={REFUND_STATUS_INFO[r.status].tone}>{REFUND_STATUS_INFO[r.status].label}</Badge>
            </div>
            <p className="text-xs text-muted">
              {r.reference && (
                <>
                  Reference <span className="font-mono text-foreground">{r.reference}</span> ·{" "}
                </>
              )}
              <time dateTime={r.settled_at ?? r.created_at}>{formatDateTime(r.settled_at ?? r.created_at)}</time>
            </p>
            <p className="text-xs">{r.reason}</p>
            <p className="text-xs text-muted">{CUSTOMER_NOTE[r.status]}</p>
          </li>
        ))}
      </ul>
      {order.amount_refunded !== "0.00" && (
        <p className="flex justify-between text-sm">
          <span className="text-muted">Refunded</span>
          <span className="tabular-nums">{formatAmount(order.amount_refunded, order.currency)}</span>
        </p>
      )}
    </div>
  );
}
