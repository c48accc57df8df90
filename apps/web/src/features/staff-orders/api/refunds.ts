import type { Refund, RefundInput } from "@atelier/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { invalidateAfterAction } from "./keys";

/** POST /api/staff/orders/{id}/refunds/ {payment_id, amount, reason, reference}: a manual refund succeeds at once, an online one is pending until the provider confirms. */
export function useCreateRefund(orderId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: RefundInput) =>
      api<Refund>(`/staff/orders/${encodeURIComponent(orderId)}/refunds/`, { method: "POST", body: input }),
    onSettled: () => invalidateAfterAction(qc, orderId),
  });
}
