import { zodResolver } from "@hookform/resolvers/zod";
import { CUSTOMER_CANCELLABLE_STATUSES, paymentInputSchema, type Order, type PaymentDue, type PaymentKind, type Quote } from "@atelier/contract";
import { CheckCircle2, Landmark, PackageCheck, Truck, XCircle } from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/dialog";
import { Field, fieldAria } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { PaymentStatusBadge, QuoteStatusBadge } from "@/components/ui/status-badge";
import { toast } from "@/components/ui/use-toast";
import { EstimateSummary } from "@/components/estimate-summary";
import { paths } from "@/config/paths";
import { applyServerErrors } from "@/lib/form-errors";
import { formatAmount, formatDate, formatDateTime, NO_ESTIMATE_REASON } from "@/lib/format";
import { useCancelOrder } from "../api/cancel-order";
import { useConfirmDelivery } from "../api/confirm-delivery";
import { useDeclarePayment } from "../api/declare-payment";
import { ReasonDialog, toastFailure } from "./order-parts";
import { QuoteActionButtons, useQuoteResponse } from "./quote-actions";
import { QuoteBreakdown } from "@/components/quote-breakdown";

const KIND_LABEL: Record<PaymentKind, string> = { advance: "Advance", balance: "Balance" };

/** The quote that matters now: the pending one, else the accepted one, else the newest. */
function currentQuote(quotes: Quote[]): Quote | undefined {
  const newest = [...quotes].sort((a, b) => b.created_at.localeCompare(a.created_at));
  return newest.find((q) => q.status === "pending") ?? newest.find((q) => q.status === "accepted") ?? newest[0];
}

/** Quote & payment: estimate, quote with Accept / Decline, what is due and how to pay, payments, cancel, confirm delivery. */
export function OrderPaymentPanel({ order }: { order: Order }) {
  const quote = currentQuote(order.quotes);
  const earlier = order.quotes.filter((q) => q.id !== quote?.id);
  const respond = useQuoteResponse();
  const money = (v: string) => formatAmount(v, order.currency);

  return (
    <div className="flex flex-col gap-6">
      {quote ? (
        <Card role="region" className="flex flex-col gap-4 p-5 sm:p-6" aria-labelledby="order-quote">
          <div className="flex items-center justify-between gap-3">
            <h2 id="order-quote" className="text-2xl">
              Your quote
            </h2>
            <QuoteStatusBadge status={quote.status} />
          </div>
          <QuoteBreakdown quote={quote} />
          {quote.status === "pending" && <QuoteActionButtons quote={quote} onAccept={respond.onAccept} onDecline={respond.onDecline} accepting={respond.accepting === quote.id} />}
          {earlier.length > 0 && (
            <details className="text-sm">
              <summary className="cursor-pointer text-muted">Earlier quotes ({earlier.length})</summary>
              <ul className="mt-2 flex flex-col gap-2">
                {earlier.map((q) => (
                  <li key={q.id} className="flex items-center justify-between gap-3">
                    <Link to={paths.dashboard.quote.getHref(q.id)} className="text-accent-strong underline-offset-4 hover:underline">
                      {formatAmount(q.amount, q.currency)} · {formatDate(q.created_at)}
                    </Link>
                    <QuoteStatusBadge status={q.status} />
                  </li>
                ))}
              </ul>
            </details>
          )}
        </Card>
      ) : (
        // Only an order the atelier still has to price is "being reviewed".
        order.status === "initiated" && (
          <Card className="p-5 text-sm sm:p-6">
            <h2 className="text-2xl">Your quote</h2>
            <p className="mt-2 text-muted">Your jeweller is reviewing your design and will send a quote soon. Meanwhile, here is the instant estimate.</p>
          </Card>
        )
      )}

      {order.payment_due && <PaymentDueCard orderId={order.id} due={order.payment_due} />}

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
                  Reference <span className="font-mono text-foreground">{p.reference}</span> · <time dateTime={p.created_at}>{formatDateTime(p.created_at)}</time>
                </p>
                {p.status === "rejected" && p.rejection_reason && <p className="text-xs text-destructive">{p.rejection_reason}</p>}
              </li>
            ))}
          </ul>
          <dl className="grid grid-cols-2 gap-2 border-t border-border pt-3 text-sm">
            <dt className="text-muted">Paid</dt>
            <dd className="text-right tabular-nums">{money(order.amount_paid)}</dd>
            {order.balance_due !== null && (
              <>
                <dt className="text-muted">Still to pay</dt>
                <dd className="text-right tabular-nums">{money(order.balance_due)}</dd>
              </>
            )}
          </dl>
        </Card>
      )}

      {order.shipment && (
        <Card className="flex items-start gap-3 p-5 text-sm sm:p-6">
          <Truck className="mt-0.5 size-5 shrink-0 text-success" aria-hidden />
          <div>
            <h2 className="font-sans text-base font-medium">{order.status === "shipped" ? "On its way" : "Delivered"}</h2>
            <p className="text-muted">
              {order.shipment.carrier} · tracking <span className="font-mono text-foreground">{order.shipment.tracking_number}</span>
            </p>
          </div>
        </Card>
      )}

      {order.status === "cancelled" && (
        <Card className="flex items-start gap-3 border-destructive/20 bg-destructive-soft/40 p-5 text-sm sm:p-6">
          <XCircle className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden />
          <div>
            <h2 className="font-sans text-base font-medium">This order was cancelled</h2>
            {order.cancel_reason && <p className="text-muted">Reason: {order.cancel_reason}</p>}
          </div>
        </Card>
      )}

      <Card className="p-5 sm:p-6">
        {order.estimate ? <EstimateSummary estimate={order.estimate} /> : <p className="text-sm text-muted">{NO_ESTIMATE_REASON}{order.status === "initiated" && " Your jeweller will quote it."}</p>}
      </Card>

      <OrderActions order={order} />
      {respond.dialog}
    </div>
  );
}

const paymentResolver = zodResolver(paymentInputSchema);

function PaymentDueCard({ orderId, due }: { orderId: string; due: PaymentDue }) {
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
      {due.awaiting_confirmation ? (
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
  const confirm = useConfirmDelivery();
  const [cancelling, setCancelling] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const canCancel = CUSTOMER_CANCELLABLE_STATUSES.includes(order.status);
  const canConfirm = order.status === "delivered";
  if (!canCancel && !canConfirm) return null;

  return (
    <div className="flex flex-col gap-2">
      {canConfirm && (
        <Button onClick={() => setConfirming(true)}>
          <PackageCheck aria-hidden /> Confirm delivery
        </Button>
      )}
      {canCancel && (
        <Button variant="ghost" className="text-destructive hover:bg-destructive-soft" onClick={() => setCancelling(true)}>
          <XCircle aria-hidden /> Cancel order
        </Button>
      )}
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
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => !confirm.isPending && setConfirming(open)}
        title="Confirm delivery?"
        description="Confirm that your piece arrived safely. This completes the order."
        confirmLabel="Confirm delivery"
        confirmVariant="primary"
        loading={confirm.isPending}
        onConfirm={() =>
          confirm.mutate(order.id, {
            onSuccess: () => {
              setConfirming(false);
              toast({ title: "Delivery confirmed", description: "Thank you. We hope you love your piece." });
            },
            onError: (err) => {
              setConfirming(false);
              toastFailure(err, "Failed to confirm delivery. Please try again.");
            },
          })
        }
      />
    </div>
  );
}
