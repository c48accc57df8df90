import type { Conversation } from "@atelier/contract";
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { api } from "@/lib/api-client";
import { messageKeys } from "./keys";

/** GET /api/messages/{id}/: the thread; opening it marks it read for the reader. */
export const getThread = (id: string) => api<Conversation>(`/messages/${encodeURIComponent(id)}/`);

export const threadQueryOptions = (id: string) => queryOptions({ queryKey: messageKeys.thread(id), queryFn: () => getThread(id) });

export function useThread(id: string) {
  const qc = useQueryClient();
  const query = useQuery({ ...threadQueryOptions(id), refetchOnWindowFocus: true });
  const loadedAt = query.dataUpdatedAt;
  // Reading moved the reader's mark: the lists' dots and the top bar's count follow.
  useEffect(() => {
    if (!loadedAt) return;
    void qc.invalidateQueries({ queryKey: messageKeys.unread() });
    void qc.invalidateQueries({ queryKey: [...messageKeys.all, "list"] });
    void qc.invalidateQueries({ queryKey: [...messageKeys.all, "inbox"] });
  }, [loadedAt, qc]);
  return query;
}
