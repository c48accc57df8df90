import {
  CAD_STATUS_INFO,
  ORDER_STATUS_INFO,
  PAYMENT_STATUS_INFO,
  QUOTE_STATUS_INFO,
  type CadStatus,
  type OrderStatus,
  type PaymentStatus,
  type QuoteStatus,
} from "@atelier/contract";
import { Badge } from "./badge";

/** The order status with its label and tone from the contract's one table (text and colour). */
export function OrderStatusBadge({ status, className }: { status: OrderStatus; className?: string }) {
  const info = ORDER_STATUS_INFO[status];
  return (
    <Badge tone={info.tone} className={className} data-status={status}>
      {info.label}
    </Badge>
  );
}

export function QuoteStatusBadge({ status, className }: { status: QuoteStatus; className?: string }) {
  const info = QUOTE_STATUS_INFO[status];
  return (
    <Badge tone={info.tone} className={className}>
      {info.label}
    </Badge>
  );
}

export function PaymentStatusBadge({ status, className }: { status: PaymentStatus; className?: string }) {
  const info = PAYMENT_STATUS_INFO[status];
  return (
    <Badge tone={info.tone} className={className}>
      {info.label}
    </Badge>
  );
}

/** A CAD version's status as the server derives it (Pending Approval, Approved, Superseded); customer and staff read the same words. */
export function CadStatusBadge({ status, className }: { status: CadStatus; className?: string }) {
  const info = CAD_STATUS_INFO[status];
  return (
    <Badge tone={info.tone} className={className} data-cad-status={status}>
      {info.label}
    </Badge>
  );
}
