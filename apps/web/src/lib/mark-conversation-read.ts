import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { api } from "@/lib/api-client";

/**
 * GET /api/messages/{id}/ is the act of opening a conversation: the reader's mark moves to its last
 * message (the answer, the thread itself, is not needed here).
 */
export const markConversationRead = (conversationId: string) => api<unknown>(`/messages/${encodeURIComponent(conversationId)}/`);

/**
 * A screen that shows a conversation outside Messages (an order's comments: its conversation has
 * the order's id) reads it: the top bar's message dot and the inbox's unread dot clear, and the
 * customer's next reply e-mail is due again. Runs when the screen shows the messages and whenever
 * a new one arrives while it does. `["messages"]` is the messages feature's key (the contract
 * between features).
 */
export function useMarkConversationRead(conversationId: string, lastMessageId: string | undefined) {
  const qc = useQueryClient();
  useEffect(() => {
    if (!lastMessageId) return;
    markConversationRead(conversationId)
      .then(() => qc.invalidateQueries({ queryKey: ["messages"] }))
      .catch(() => undefined); // best effort: opening the thread in Messages marks it read too
  }, [conversationId, lastMessageId, qc]);
}
