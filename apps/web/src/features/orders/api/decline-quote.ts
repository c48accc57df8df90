import type { Quote } from "@atelier/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { invalidateLifecycle } from "./keys";

/** POST /api/quotes/{id}/decline/ {reason}: the order goes back to initiated for a new quote. */
export const declineQuote = ({ quoteId, reason }: { quoteId: string; reason: string }) =>
  api<Quote>(`/quotes/${encodeURIComponent(quoteId)}/decline/`, { method: "POST", body: { reason } });

export function useDeclineQuote() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: declineQuote, onSuccess: () => invalidateLifecycle(qc) });
}
