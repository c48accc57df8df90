import { zodResolver } from "@hookform/resolvers/zod";
import { canRefund, ONLINE_PROVIDERS, paymentRejectInputSchema, type Order, type Payment } from "@atelier/contract";
import { Check, Landmark, Undo2, X } from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/dialog";
import { Field, fieldAria } from "@/components/ui/field";
import { Textarea } from "@/components/ui/input";
import { PaymentStatusBadge } from "@/components/ui/status-badge";
import { toast } from "@/components/ui/use-toast";
import { errorMessage } from "@/lib/api-client";
import { applyServerErrors } from "@/lib/form-errors";
import { formatAmount, formatDateTime } from "@/lib/format";
import { useConfirmPayment, useRejectPayment } from "../api/actions";
import { Panel } from "./panel";
import { RefundDialog } from "./refund-dialog";
import { RefundsList } from "./refunds-list";

const KIND_LABEL: Record<Payment["kind"], string> = { advance: "Advance", balance: "Balance" };
/** Online payments are decided by the provider's signed webhook, never confirmed or rejected by hand. */
const isOnline = (provider: string) => (ONLINE_PROVIDERS as readonly string[]).includes(provider);
/** How a decided payment's date reads ("· confirmed 12 May"). */
const DECIDED: Record<Payment["status"], string> = {
  pending: "",
  confirmed: "confirmed",
  rejected: "rejected",
  void: "voided",
  failed: "failed",
  flagged: "flagged",
};

/** What confirming a payment does, in the words the confirmation shows. */
function confirmText(order: Order, p: Payment): string {
  const what = `You record that the ${p.kind} of ${formatAmount(p.amount, p.currency)} (reference ${p.reference}) has arrived. The customer is told.`;
  return p.kind === "advance" && order.status === "quoted" ? `${what} The order moves to Approved and CAD design can begin.` : what;
}

/** Every declared payment with its reference; pending ones are confirmed or rejected with a reason. */
export function PaymentsPanel({ order }: { order: Order }) {
  const confirm = useConfirmPayment(order.id);
  const [rejecting, setRejecting] = useState<Payment | null>(null);
  // The payment staff are asked to confirm receiving; nothing is sent until they do.
  const [confirming, setConfirming] = useState<Payment | null>(null);
  const [refunding, setRefunding] = useState<Payment | null>(null);
  const payments = [...order.payments].sort((a, b) => b.created_at.localeCompare(a.created_at));
  const waiting = payments.filter((p) => p.status === "pending").length;

  const onConfirm = (p: Payment) =>
    confirm.mutate(p.id, {
      onSuccess: () => {
        setConfirming(null);
        toast({
          title: "Payment confirmed",
          description: `${KIND_LABEL[p.kind]} of ${formatAmount(p.amount, p.currency)} for ${order.order_number}.`,
        });
      },
      onError: (err) => {
        setConfirming(null);
        toast({ variant: "destructive", title: "Payment not confirmed", description: errorMessage(err, "Please try again.") });
      },
    });

  return (
    <Panel
      icon={<Landmark />}
      title="Payments"
      description={
        <>
          Paid {formatAmount(order.amount_paid, order.currency)}
          {order.balance_due !== null &&
            (Number(order.balance_due) > 0 ? <> · still due {formatAmount(order.balance_due, order.currency)}</> : <> · fully paid</>)}
          {waiting > 0 && <> · {waiting === 1 ? "1 payment waits" : `${waiting} payments wait`} for you</>}
        </>
      }
      testId="payments-panel"
    >
      {payments.length === 0 ? (
        <p className="text-sm text-muted">
          {order.payment_due
            ? `The customer owes the ${order.payment_due.kind} of ${formatAmount(order.payment_due.amount, order.payment_due.currency)} and has not declared it yet.`
            : "No payment has been declared."}
        </p>
      ) : (
        <ul className="flex flex-col divide-y divide-border" aria-label="Payments">
          {payments.map((p) => (
            <li
              key={p.id}
              className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between"
              data-testid="payment"
            >
              <div className="flex min-w-0 flex-col gap-1">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium">{KIND_LABEL[p.kind]}</span>
                  <span className="tabular-nums">{formatAmount(p.amount, p.currency)}</span>
                  <PaymentStatusBadge status={p.status} />
                </div>
                <p className="text-sm text-muted">
                  Reference <span className="break-all font-mono text-foreground">{p.reference}</span>
                  {p.provider && <> · {p.provider}</>}
                </p>
                <p className="text-xs text-muted">
                  Declared <time dateTime={p.created_at}>{formatDateTime(p.created_at)}</time>
                  {p.decided_at && (
                    <>
                      {" "}
                      · {DECIDED[p.status]} <time dateTime={p.decided_at}>{formatDateTime(p.decided_at)}</time>
                    </>
                  )}
                </p>
                {p.status === "rejected" && p.rejection_reason && <p className="text-sm text-destructive">Reason: {p.rejection_reason}</p>}
                {p.status === "failed" && p.failure_reason && <p className="text-sm text-destructive">Provider: {p.failure_reason}</p>}
                {p.status === "flagged" && p.flag_reason && <p className="text-sm text-destructive">Flagged: {p.flag_reason}</p>}
                {p.status === "pending" && isOnline(p.provider) && (
                  <p className="text-sm text-muted">Online checkout open: confirmed by the provider&apos;s signed webhook, not by hand.</p>
                )}
              </div>
              {p.status === "pending" && !isOnline(p.provider) && (
                <div className="flex shrink-0 gap-2">
                  <Button
                    size="sm"
                    onClick={() => setConfirming(p)}
                    loading={confirm.isPending && confirm.variables === p.id}
                    disabled={confirm.isPending}
                    aria-label={`Confirm the ${p.kind} payment of ${formatAmount(p.amount, p.currency)}`}
                  >
                    <Check /> Confirm
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => setRejecting(p)}
                    aria-label={`Reject the ${p.kind} payment of ${formatAmount(p.amount, p.currency)}`}
                  >
                    <X /> Reject
                  </Button>
                </div>
              )}
              {canRefund(order, p) && (
                <Button
                  size="sm"
                  variant="secondary"
                  className="shrink-0"
                  onClick={() => setRefunding(p)}
                  aria-label={`Refund the ${p.kind} payment of ${formatAmount(p.amount, p.currency)}`}
                >
                  <Undo2 /> Refund
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <RefundsList order={order} />
      <RefundDialog order={order} payment={refunding} onClose={() => setRefunding(null)} />
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && !confirm.isPending && setConfirming(null)}
        title="Confirm this payment?"
        description={confirming ? confirmText(order, confirming) : ""}
        confirmLabel="Confirm payment"
        cancelLabel="Go back"
        confirmVariant="primary"
        loading={confirm.isPending}
        onConfirm={() => confirming && onConfirm(confirming)}
      />
      <RejectDialog order={order} payment={rejecting} onClose={() => setRejecting(null)} />
    </Panel>
  );
}

const rejectResolver = zodResolver(paymentRejectInputSchema);

function RejectDialog({ order, payment, onClose }: { order: Order; payment: Payment | null; onClose: () => void }) {
  const id = useId();
  const reject = useRejectPayment(order.id);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm({ resolver: rejectResolver, defaultValues: { reason: "" } });
  // Each opening starts empty.
  const [shownFor, setShownFor] = useState<string | null>(null);
  if ((payment?.id ?? null) !== shownFor) {
    setShownFor(payment?.id ?? null);
    reset({ reason: "" });
  }

  async function send({ reason }: { reason: string }) {
    if (!payment) return;
    try {
      await reject.mutateAsync({ paymentId: payment.id, reason });
      toast({ title: "Payment rejected", description: "The customer is told why and can send the payment again." });
      onClose();
    } catch (err) {
      if (applyServerErrors(err, setError, ["reason"])) return;
      toast({ variant: "destructive", title: "Payment not rejected", description: errorMessage(err, "Please try again.") });
      onClose();
    }
  }

  return (
    <ConfirmDialog
      open={payment !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Reject this payment?"
      description={
        payment
          ? `The ${payment.kind} of ${formatAmount(payment.amount, payment.currency)} (reference ${payment.reference}) is marked as not received. The customer sees your reason.`
          : ""
      }
      confirmLabel="Reject payment"
      cancelLabel="Keep it"
      loading={reject.isPending}
      onConfirm={() => void handleSubmit(send)()}
    >
      <Field id={id} label="Reason" required error={errors.reason?.message}>
        <Textarea id={id} maxLength={1000} rows={3} {...fieldAria(id, errors.reason?.message)} {...register("reason")} />
      </Field>
    </ConfirmDialog>
  );
}
