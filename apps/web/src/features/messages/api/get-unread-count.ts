import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { messageKeys } from "./keys";

/** GET /api/messages/unread/: conversations with something the reader has not read. */
export const getUnreadCount = () => api<{ count: number }>("/messages/unread/");

export const unreadCountQueryOptions = () => queryOptions({ queryKey: messageKeys.unread(), queryFn: getUnreadCount });

/** A gentle poll (every 30 s while visible, and on returning to the window); live events refresh it at once. */
export const UNREAD_POLL_MS = 30_000;

export function useUnreadCount() {
  return useQuery({ ...unreadCountQueryOptions(), refetchInterval: UNREAD_POLL_MS, refetchOnWindowFocus: true });
}
