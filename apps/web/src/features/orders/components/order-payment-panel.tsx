import { zodResolver } from "@hookform/resolvers/zod";
import {
  addressLines,
  CUSTOMER_CANCELLABLE_STATUSES,
  ONLINE_PROVIDER_INFO,
  orderShowsBalance,
  paymentInputSchema,
  type OnlineProviderName,
  type Order,
  type PaymentDue,
  type PaymentKind,
  type PostalAddress,
} from "@atelier/contract";
import { CheckCircle2, Landmark, XCircle } from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, fieldAria } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { PaymentStatusBadge } from "@/components/ui/status-badge";
import { toast } from "@/components/ui/use-toast";
import { applyServerErrors } from "@/lib/form-errors";
import { formatAmount, formatDateTime } from "@/lib/format";
import { useCancelOrder } from "../api/cancel-order";
import { useDeclarePayment } from "../api/declare-payment";
import { ReasonDialog, toastFailure } from "./order-parts";
import { OrderRefunds } from "./order-refunds";

const KIND_LABEL: Record<PaymentKind, string> = { advance: "Advance", balance: "Balance" };

/** Whether the side panel has anything to show: payments made, or an order the customer may still cancel. */
export const hasPaymentPanel = (order: Order) =>
  order.payments.length > 0 || order.amount_paid !== "0.00" || CUSTOMER_CANCELLABLE_STATUSES.includes(order.status);

/** Beside the tabs: the payments made (what is still to pay only once the CAD is approved) and cancelling the order. */
export function OrderPaymentPanel({ order }: { order: Order }) {
  const money = (v: string) => formatAmount(v, order.currency);
  const total = order.quotes.find((q) => q.status === "accepted")?.amount ?? null;
  if (!hasPaymentPanel(order)) return null;

  return (
    <div className="flex flex-col gap-6">
      {(order.payments.length > 0 || order.amount_paid !== "0.00") && (
        <Card className="flex flex-col gap-3 p-5 sm:p-6">
          <h2 className="text-2xl">Payments</h2>
          <ul className="flex flex-col divide-y divide-border" aria-label="Payments">
            {order.payments.map((p) => (
              <li key={p.id} className="flex flex-col gap-1 py-3 text-sm" data-testid="payment">
                <div className="flex items-center justify-between gap-3">
                  <span className="font-medium">
                    {KIND_LABEL[p.kind]} · <span className="tabular-nums">{formatAmount(p.amount, p.currency)}</span>
                  </span>
                  <PaymentStatusBadge status={p.status} />
                </div>
                <p className="text-xs text-muted">
                  {p.provider === "manual"
                    ? "Reference"
                    : `Online (${ONLINE_PROVIDER_INFO[p.provider as OnlineProviderName]?.label ?? p.provider})`}{" "}
                  <span className="font-mono text-foreground">{p.reference}</span> ·{" "}
                  <time dateTime={p.created_at}>{formatDateTime(p.created_at)}</time>
                </p>
                {p.status === "rejected" && p.rejection_reason && <p className="text-xs text-destructive">{p.rejection_reason}</p>}
                {p.status === "failed" && p.failure_reason && <p className="text-xs text-destructive">{p.failure_reason}</p>}
                {p.status === "flagged" && p.flag_reason && <p className="text-xs text-destructive">{p.flag_reason}</p>}
              </li>
            ))}
          </ul>
          <OrderRefunds order={order} />
          <dl className="grid grid-cols-2 gap-2 border-t border-border pt-3 text-sm" data-testid="payment-totals">
            <dt className="text-muted">Paid</dt>
            <dd className="text-right tabular-nums">{money(order.amount_paid)}</dd>
            {orderShowsBalance(order.status) && order.balance_due !== null ? (
              <>
                <dt className="text-muted">Still to pay</dt>
                <dd className="text-right tabular-nums">{money(order.balance_due)}</dd>
              </>
            ) : (
              total !== null && (
                <>
                  <dt className="text-muted">Total</dt>
                  <dd className="text-right tabular-nums">{money(total)}</dd>
                </>
              )
            )}
          </dl>
        </Card>
      )}
      <OrderActions order={order} />
    </div>
  );
}

const paymentResolver = zodResolver(paymentInputSchema);

/** What is due now, how to pay it, and the reference the customer sends once paid. */
/** `shipsTo`: on the balance, the order's delivery address (null: not chosen yet), said above how to pay. */
export function PaymentDueCard({
  orderId,
  due,
  shipsTo,
  awaitingOnline = false,
}: {
  orderId: string;
  due: PaymentDue;
  shipsTo?: PostalAddress | null | undefined;
  awaitingOnline?: boolean;
}) {
  const id = useId();
  const declare = useDeclarePayment();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: paymentResolver, defaultValues: { kind: due.kind, reference: "" } });
  const error = errors.reference?.message;
  const label = due.kind === "advance" ? "Advance due" : "Balance due";
  const upi = due.instructions.upi_id;

  async function onSubmit(values: { kind: PaymentKind; reference: string }) {
    try {
      await declare.mutateAsync({ orderId, ...values });
      reset({ kind: due.kind, reference: "" });
      toast({ title: "Payment reference sent", description: "We will confirm receipt shortly and let you know." });
    } catch (err) {
      // The kind is not typed by the customer: a refusal of it is told under the reference.
      const placed = applyServerErrors(err, setError, (key) => (key === "reference" || key === "kind" ? "reference" : undefined));
      if (!placed) toastFailure(err, "Failed to send the payment reference. Please try again.");
    }
  }

  return (
    <Card role="region" className="flex flex-col gap-4 border-accent/40 p-5 sm:p-6" aria-labelledby={`${id}-title`}>
      <div className="flex items-start justify-between gap-3">
        <div>
          <h2 id={`${id}-title`} className="text-2xl">
            {label}
          </h2>
          <p className="mt-1 text-3xl font-semibold tabular-nums" data-testid="amount-due">
            {formatAmount(due.amount, due.currency)}
          </p>
        </div>
        <Landmark className="mt-1 size-6 shrink-0 text-accent" aria-hidden />
      </div>
      {shipsTo !== undefined && (
        <p className="text-sm" data-testid="balance-ships-to">
          {shipsTo ? (
            <>
              <span className="text-muted">Ships to </span>
              {addressLines(shipsTo).join(", ")}
            </>
          ) : (
            <span className="text-muted">
              Choose the delivery address on this page before paying the balance: the piece ships there and the invoice names it.
            </span>
          )}
        </p>
      )}
      <div className="flex flex-col gap-1 rounded-md bg-surface-muted px-4 py-3 text-sm">
        <p className="font-medium">How to pay</p>
        <ul className="flex flex-col gap-0.5" aria-label="Payment instructions">
          {due.instructions.lines.map((line, i) => (
            <li key={`${i}-${line}`} className="break-words">
              {upi && line.includes(upi) ? <UpiLine line={line} upi={upi} /> : line}
            </li>
          ))}
        </ul>
        {upi && !due.instructions.lines.some((line) => line.includes(upi)) && (
          <p>
            UPI: <UpiId upi={upi} />
          </p>
        )}
      </div>
      {/* An open online checkout is told in the "Pay online" card; a transfer can be declared once it is done or failed. */}
      {awaitingOnline || shipsTo === null ? null : due.awaiting_confirmation ? (
        <p className="flex items-start gap-2 text-sm text-muted" role="status">
          <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
          We have your payment reference and are confirming receipt.
        </p>
      ) : (
        <form onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-3" noValidate>
          <Field id={`${id}-ref`} label="Payment reference" hint="The transaction or UTR number from your bank or UPI app." error={error}>
            <Input
              id={`${id}-ref`}
              maxLength={100}
              autoComplete="off"
              {...fieldAria(`${id}-ref`, error, { hint: true })}
              {...register("reference")}
            />
          </Field>
          <Button type="submit" loading={isSubmitting} className="self-start">
            I have paid
          </Button>
        </form>
      )}
    </Card>
  );
}

const UpiId = ({ upi }: { upi: string }) => <span className="select-all font-mono">{upi}</span>;

/** The instruction line that names the UPI id, with the id easy to select (it is shown once, there). */
function UpiLine({ line, upi }: { line: string; upi: string }) {
  const at = line.indexOf(upi);
  return (
    <>
      {line.slice(0, at)}
      <UpiId upi={upi} />
      {line.slice(at + upi.length)}
    </>
  );
}

function OrderActions({ order }: { order: Order }) {
  const cancel = useCancelOrder();
  const [cancelling, setCancelling] = useState(false);
  if (!CUSTOMER_CANCELLABLE_STATUSES.includes(order.status)) return null;

  return (
    <div className="flex flex-col gap-2">
      <Button variant="ghost" className="text-destructive hover:bg-destructive-soft" onClick={() => setCancelling(true)}>
        <XCircle aria-hidden /> Cancel order
      </Button>
      <ReasonDialog
        open={cancelling}
        onOpenChange={(open) => !cancel.isPending && setCancelling(open)}
        title="Cancel this order?"
        description={`“${order.design.name}” will not be made. You can submit the design again later.`}
        confirmLabel="Cancel order"
        cancelLabel="Keep order"
        loading={cancel.isPending}
        onConfirm={(reason) =>
          cancel.mutate(
            { orderId: order.id, reason },
            {
              onSuccess: () => {
                setCancelling(false);
                toast({ title: "Order cancelled" });
              },
              onError: (err) => {
                setCancelling(false);
                toastFailure(err, "Failed to cancel the order. Please try again.");
              },
            },
          )
        }
      />
    </div>
  );
}
