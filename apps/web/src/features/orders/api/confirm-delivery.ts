import type { Order } from "@atelier/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { invalidateLifecycle } from "./keys";

/** POST /api/orders/{id}/confirm-delivery/: the customer confirms receipt (delivered → completed). */
export const confirmDelivery = (orderId: string) => api<Order>(`/orders/${encodeURIComponent(orderId)}/confirm-delivery/`, { method: "POST" });

export function useConfirmDelivery() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: confirmDelivery, onSuccess: () => invalidateLifecycle(qc) });
}
