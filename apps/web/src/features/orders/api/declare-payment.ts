import type { Money, Payment, PaymentInstructions, PaymentKind } from "@atelier/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { invalidateLifecycle } from "./keys";

/** The contract's `paymentDeclaredSchema`: the payment, what is still due and how to pay it. */
export type PaymentDeclared = Payment & { amount_due: Money; instructions: PaymentInstructions };

/** POST /api/orders/{id}/payments/ {kind, reference}: the customer says they paid; staff confirm receipt. */
export const declarePayment = ({ orderId, kind, reference }: { orderId: string; kind: PaymentKind; reference: string }) =>
  api<PaymentDeclared>(`/orders/${encodeURIComponent(orderId)}/payments/`, { method: "POST", body: { kind, reference } });

export function useDeclarePayment() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: declarePayment, onSuccess: () => invalidateLifecycle(qc) });
}
