import { moneyInputSchema, REFUND_MESSAGES, refundableOf, withinRefundable, type Order, type Payment } from "@atelier/contract";
import { useId, useState, type ReactNode } from "react";
import { Field, fieldAria } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { errorMessage } from "@/lib/api-client";
import { formatAmount } from "@/lib/format";
import { useCreateRefund } from "../api/refunds";
import { methodLabel } from "./refund-dialog";

interface Draft {
  amount: string;
  reference: string;
}

/** The confirmed payments a cancellation can refund, with what is left of each. */
const refundablePayments = (order: Order): Payment[] =>
  order.payments.filter((p) => p.status === "confirmed" && refundableOf(p, order.refunds) !== "0.00");

/**
 * The cancel dialog's refund: when the order holds confirmed payments, staff say in the same dialog
 * how much of each goes back (full by default, or part, or nothing) and, for a manual one, the
 * reference of the transfer back. The order is cancelled first, then each refund is made with the
 * cancellation's reason (a refund is only possible once the order is cancelled).
 */
export function useCancelRefund(order: Order): {
  section: ReactNode;
  check: () => boolean;
  run: (reason: string) => Promise<void>;
  reset: () => void;
} {
  const id = useId();
  const create = useCreateRefund(order.id);
  const payments = refundablePayments(order);
  const initial = () => ({
    refund: true,
    drafts: Object.fromEntries(payments.map((p) => [p.id, { amount: refundableOf(p, order.refunds), reference: "" }])) as Record<
      string,
      Draft
    >,
  });
  const [state, setState] = useState(initial);
  const [errors, setErrors] = useState<Record<string, { amount?: string; reference?: string }>>({});

  const draftOf = (p: Payment): Draft => state.drafts[p.id] ?? { amount: refundableOf(p, order.refunds), reference: "" };
  const setDraft = (p: Payment, change: Partial<Draft>) =>
    setState((s) => ({ ...s, drafts: { ...s.drafts, [p.id]: { ...draftOf(p), ...change } } }));

  function check(): boolean {
    if (!state.refund || payments.length === 0) return true;
    const found: typeof errors = {};
    for (const p of payments) {
      const d = draftOf(p);
      const left = refundableOf(p, order.refunds);
      const parsed = moneyInputSchema.safeParse(d.amount);
      const e: { amount?: string; reference?: string } = {};
      if (!parsed.success) e.amount = parsed.error.issues[0]?.message ?? REFUND_MESSAGES.amount;
      else if (parsed.data === "0.00") e.amount = REFUND_MESSAGES.amount;
      else if (!withinRefundable(parsed.data, left)) e.amount = `At most ${formatAmount(left, p.currency)} can be refunded.`;
      if (p.provider === "manual" && !d.reference.trim()) e.reference = REFUND_MESSAGES.reference;
      if (e.amount || e.reference) found[p.id] = e;
    }
    setErrors(found);
    return Object.keys(found).length === 0;
  }

  async function run(reason: string): Promise<void> {
    if (!state.refund) return;
    for (const p of payments) {
      const d = draftOf(p);
      const amount = moneyInputSchema.safeParse(d.amount);
      if (!amount.success) continue;
      try {
        const refund = await create.mutateAsync({
          payment_id: p.id,
          amount: amount.data,
          reason: reason || "Order cancelled.",
          reference: p.provider === "manual" ? d.reference.trim() : "",
        });
        toast({
          title: refund.status === "pending" ? "Refund requested" : refund.status === "succeeded" ? "Refund recorded" : "Refund failed",
          description: `${formatAmount(refund.amount, refund.currency)} of the ${p.kind}${refund.status === "pending" ? `, pending until ${methodLabel(p.provider)} confirms it` : ""}.`,
        });
      } catch (err) {
        toast({
          variant: "destructive",
          title: "The order is cancelled, but the refund was not made",
          description: `${errorMessage(err, "Please try again.")} Refund it from the payments panel.`,
        });
      }
    }
  }

  const section =
    payments.length === 0 ? null : (
      <fieldset className="flex flex-col gap-3 rounded-md border border-border p-3" data-testid="cancel-refund">
        <legend className="px-1 text-sm font-medium">Refund</legend>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-[var(--color-accent-strong)]"
            checked={state.refund}
            onChange={(e) => setState((s) => ({ ...s, refund: e.target.checked }))}
          />
          Refund the customer now (with the reason above)
        </label>
        {state.refund &&
          payments.map((p) => {
            const d = draftOf(p);
            const e = errors[p.id] ?? {};
            const left = refundableOf(p, order.refunds);
            return (
              <div key={p.id} className="flex flex-col gap-2">
                <p className="text-sm text-muted">
                  The {p.kind}: {formatAmount(left, p.currency)} paid by {methodLabel(p.provider)}. Refund all of it or part.
                </p>
                <div className="grid gap-3 sm:grid-cols-2">
                  <Field id={`${id}-${p.id}-amount`} label={`Amount to refund (${p.currency})`} required error={e.amount}>
                    <Input
                      id={`${id}-${p.id}-amount`}
                      inputMode="decimal"
                      autoComplete="off"
                      value={d.amount}
                      onChange={(ev) => setDraft(p, { amount: ev.target.value })}
                      {...fieldAria(`${id}-${p.id}-amount`, e.amount)}
                    />
                  </Field>
                  {p.provider === "manual" && (
                    <Field id={`${id}-${p.id}-reference`} label="Refund reference" required error={e.reference}>
                      <Input
                        id={`${id}-${p.id}-reference`}
                        autoComplete="off"
                        maxLength={200}
                        value={d.reference}
                        onChange={(ev) => setDraft(p, { reference: ev.target.value })}
                        {...fieldAria(`${id}-${p.id}-reference`, e.reference)}
                      />
                    </Field>
                  )}
                </div>
              </div>
            );
          })}
      </fieldset>
    );

  return {
    section,
    check,
    run,
    reset: () => {
      setState(initial());
      setErrors({});
    },
  };
}
