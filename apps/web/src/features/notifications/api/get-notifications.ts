import type { Notification, Paginated } from "@atelier/contract";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export type NotificationPage = Paginated<Notification> & { unread_count: number };

/** Every notifications key starts with `notifications` (the orders feature invalidates it after a lifecycle move). */
export const notificationKeys = {
  all: ["notifications"] as const,
  list: (page: number) => [...notificationKeys.all, "list", page] as const,
};

/** GET /api/notifications/?page=n: a page plus the reader's unread count. */
export const getNotifications = (page: number) => api<NotificationPage>(`/notifications/?page=${page}`);

export const notificationsQueryOptions = (page: number) =>
  queryOptions({ queryKey: notificationKeys.list(page), queryFn: () => getNotifications(page), placeholderData: keepPreviousData });

/** A gentle poll: every 60 s while the page is visible, and on returning to the window. */
export const NOTIFICATIONS_POLL_MS = 60_000;

export function useNotifications(page: number, { poll = false }: { poll?: boolean } = {}) {
  return useQuery({
    ...notificationsQueryOptions(page),
    ...(poll ? { refetchInterval: NOTIFICATIONS_POLL_MS, refetchOnWindowFocus: true } : {}),
  });
}
