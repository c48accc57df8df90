import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { api } from "@/lib/api-client";

/**
 * GET /api/messages/{orderId}/ is the act of opening the order's conversation: the reader's mark
 * moves to its last message (the answer, the thread itself, is not needed here).
 */
export const markCommentsRead = (orderId: string) => api<unknown>(`/messages/${encodeURIComponent(orderId)}/`);

/**
 * Reading the order's Comments tab reads its conversation: the top bar's message dot clears and
 * the atelier's next reply is e-mailed again. Runs when the tab shows and whenever a new comment
 * arrives while it is open. `["messages"]` is the messages feature's key (the contract between features).
 */
export function useMarkCommentsRead(orderId: string, lastCommentId: string | undefined) {
  const qc = useQueryClient();
  useEffect(() => {
    if (!lastCommentId) return;
    markCommentsRead(orderId)
      .then(() => qc.invalidateQueries({ queryKey: ["messages"] }))
      .catch(() => undefined); // best effort: the thread in Messages marks it read too
  }, [orderId, lastCommentId, qc]);
}
