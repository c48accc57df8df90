import { zodResolver } from "@hookform/resolvers/zod";
import { LEDGER_METHOD_LABELS, refundableOf, refundFormSchema, type LedgerMethod, type Order, type Payment } from "@atelier/contract";
import { useId, useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { ConfirmDialog } from "@/components/ui/dialog";
import { Field, fieldAria } from "@/components/ui/field";
import { Input, Textarea } from "@/components/ui/input";
import { InlineAlert } from "@/components/ui/states";
import { toast } from "@/components/ui/use-toast";
import { errorMessage } from "@/lib/api-client";
import { applyServerErrors } from "@/lib/form-errors";
import { formatAmount } from "@/lib/format";
import { useCreateRefund } from "../api/refunds";

export const methodLabel = (provider: string) => LEDGER_METHOD_LABELS[provider as LedgerMethod] ?? provider;

interface RefundValues {
  amount: string;
  reason: string;
  reference: string;
}

/**
 * Refunds one received payment, in full or in part, with a reason; a manual payment's refund also
 * records the reference of the transfer back (it is recorded at once), an online one goes through
 * its provider and stays pending until the provider confirms.
 */
export function RefundDialog({ order, payment, onClose }: { order: Order; payment: Payment | null; onClose: () => void }) {
  const id = useId();
  const create = useCreateRefund(order.id);
  const left = payment ? refundableOf(payment, order.refunds) : "0.00";
  const manual = payment?.provider === "manual";
  const schema = useMemo(
    () => refundFormSchema(left, payment?.currency ?? order.currency, manual),
    [left, payment, order.currency, manual],
  );
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<RefundValues>({ resolver: zodResolver(schema) as never, defaultValues: { amount: left, reason: "", reference: "" } });
  const [failure, setFailure] = useState<string | null>(null);
  // Each opening starts from the full amount left.
  const [shownFor, setShownFor] = useState<string | null>(null);
  if ((payment?.id ?? null) !== shownFor) {
    setShownFor(payment?.id ?? null);
    setFailure(null);
    reset({ amount: left, reason: order.status === "cancelled" ? order.cancel_reason : "", reference: "" });
  }

  async function send(values: RefundValues) {
    if (!payment) return;
    setFailure(null);
    try {
      const refund = await create.mutateAsync({
        payment_id: payment.id,
        amount: values.amount,
        reason: values.reason,
        reference: manual ? values.reference : "",
      });
      toast({
        title: refund.status === "succeeded" ? "Refund recorded" : refund.status === "pending" ? "Refund requested" : "Refund failed",
        description:
          refund.status === "pending"
            ? `${formatAmount(refund.amount, refund.currency)} through ${methodLabel(refund.provider)}; it shows as pending until ${methodLabel(refund.provider)} confirms it.`
            : `${formatAmount(refund.amount, refund.currency)} of the ${payment.kind} for ${order.order_number}. The customer is told by e-mail.`,
      });
      onClose();
    } catch (err) {
      if (applyServerErrors(err, setError, ["amount", "reason", "reference"])) return;
      setFailure(errorMessage(err, "The refund could not be made. Please try again."));
    }
  }

  const amountError = errors.amount?.message;
  return (
    <ConfirmDialog
      open={payment !== null}
      onOpenChange={(open) => !open && !create.isPending && onClose()}
      title={payment ? `Refund the ${payment.kind}` : "Refund"}
      description={
        payment
          ? `${formatAmount(payment.amount, payment.currency)} was paid by ${methodLabel(payment.provider)}; ${formatAmount(left, payment.currency)} can still be refunded. ${
              manual
                ? "Send the money back by bank transfer or UPI first, then record it here with its reference."
                : `The refund is sent through ${methodLabel(payment.provider)} and shows as pending until it confirms.`
            }`
          : ""
      }
      confirmLabel={manual ? "Record refund" : "Send refund"}
      cancelLabel="Go back"
      confirmVariant="primary"
      loading={create.isPending}
      onConfirm={() => void handleSubmit(send)()}
    >
      <div className="flex flex-col gap-4">
        {failure && <InlineAlert testId="refund-error">{failure}</InlineAlert>}
        <Field id={`${id}-amount`} label={`Amount (${payment?.currency ?? order.currency})`} required error={amountError}>
          <Input
            id={`${id}-amount`}
            inputMode="decimal"
            autoComplete="off"
            {...fieldAria(`${id}-amount`, amountError)}
            {...register("amount")}
          />
        </Field>
        <Field id={`${id}-reason`} label="Reason" required error={errors.reason?.message}>
          <Textarea
            id={`${id}-reason`}
            rows={2}
            maxLength={1000}
            {...fieldAria(`${id}-reason`, errors.reason?.message)}
            {...register("reason")}
          />
        </Field>
        {manual && (
          <Field
            id={`${id}-reference`}
            label="Refund reference"
            required
            hint="The bank or UPI reference of the transfer back."
            error={errors.reference?.message}
          >
            <Input
              id={`${id}-reference`}
              maxLength={200}
              autoComplete="off"
              {...fieldAria(`${id}-reference`, errors.reference?.message, { hint: true })}
              {...register("reference")}
            />
          </Field>
        )}
      </div>
    </ConfirmDialog>
  );
}
