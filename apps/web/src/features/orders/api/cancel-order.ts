import type { Order } from "@atelier/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { invalidateLifecycle } from "./keys";

/** POST /api/orders/{id}/cancel/ {reason}: allowed while the order is initiated or quoted (409 otherwise). */
export const cancelOrder = ({ orderId, reason }: { orderId: string; reason: string }) =>
  api<Order>(`/orders/${encodeURIComponent(orderId)}/cancel/`, { method: "POST", body: { reason } });

export function useCancelOrder() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: cancelOrder, onSuccess: () => invalidateLifecycle(qc) });
}
