import type { Quote } from "@atelier/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { invalidateLifecycle } from "./keys";

/** POST /api/quotes/{id}/accept/: the advance becomes due. */
export const acceptQuote = (quoteId: string) => api<Quote>(`/quotes/${encodeURIComponent(quoteId)}/accept/`, { method: "POST" });

export function useAcceptQuote() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: acceptQuote, onSuccess: () => invalidateLifecycle(qc) });
}
