import { REFUND_STATUS_INFO, type Order } from "@atelier/contract";
import { Badge } from "@/components/ui/badge";
import { formatAmount, formatDateTime } from "@/lib/format";
import { methodLabel } from "./refund-dialog";

/** The order's refunds on the workbench, newest first: amount, status, method, reference, reason, and why one failed. */
export function RefundsList({ order }: { order: Order }) {
  if (order.refunds.length === 0) return null;
  const refunds = [...order.refunds].sort((a, b) => b.created_at.localeCompare(a.created_at));
  return (
    <div className="mt-4 flex flex-col gap-2 border-t border-border pt-4" data-testid="refunds">
      <h3 className="font-sans text-sm font-medium">
        Refunds · {formatAmount(order.amount_refunded, order.currency)} refunded · net paid{" "}
        {formatAmount(order.amount_paid, order.currency)}
      </h3>
      <ul className="flex flex-col divide-y divide-border" aria-label="Refunds">
        {refunds.map((r) => (
          <li key={r.id} className="flex flex-col gap-1 py-3" data-testid="refund">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-medium">Refund of the {r.payment_kind}</span>
              <span className="tabular-nums">{formatAmount(r.amount, r.currency)}</span>
              <Badge tone={REFUND_STATUS_INFO[r.status].tone}>{REFUND_STATUS_INFO[r.status].label}</Badge>
            </div>
            <p className="text-sm text-muted">
              {methodLabel(r.provider)}
              {(r.reference || r.provider_refund_id) && (
                <>
                  {" "}
                  · reference <span className="break-all font-mono text-foreground">{r.reference || r.provider_refund_id}</span>
                </>
              )}{" "}
              · <time dateTime={r.created_at}>{formatDateTime(r.created_at)}</time>
            </p>
            <p className="text-sm">Reason: {r.reason}</p>
            {r.status === "failed" && r.failure_reason && <p className="text-sm text-destructive">Failed: {r.failure_reason}</p>}
          </li>
        ))}
      </ul>
    </div>
  );
}
