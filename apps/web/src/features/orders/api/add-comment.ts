import type { Comment, Order } from "@atelier/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { dashboardKeys, orderKeys } from "./keys";

/** POST /api/orders/{id}/comments/ {text}: answers the new comment. */
export const addComment = ({ orderId, text }: { orderId: string; text: string }) =>
  api<Comment>(`/orders/${encodeURIComponent(orderId)}/comments/`, { method: "POST", body: { text } });

export function useAddComment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: addComment,
    onSuccess: (comment, { orderId }) => {
      // Show it at once, then let the order (its history) and the dashboard's activity catch up.
      qc.setQueryData<Order>(orderKeys.detail(orderId), (order) => (order ? { ...order, comments: [...order.comments, comment] } : order));
      void qc.invalidateQueries({ queryKey: orderKeys.detail(orderId) });
      void qc.invalidateQueries({ queryKey: dashboardKeys.all });
    },
  });
}
