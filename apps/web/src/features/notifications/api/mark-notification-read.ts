import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { notificationKeys, type NotificationPage } from "./get-notifications";

/** POST /api/notifications/{id}/read/ */
export const markNotificationRead = (id: string) => api<unknown>(`/notifications/${encodeURIComponent(id)}/read/`, { method: "POST" });

export function useMarkNotificationRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onMutate: (id) => {
      // Read at once in every cached page; the server's answer follows with the refetch.
      qc.setQueriesData<NotificationPage>({ queryKey: notificationKeys.all }, (page) => {
        if (!page) return page;
        const target = page.results.find((n) => n.id === id);
        if (!target || target.is_read) return page;
        return { ...page, unread_count: Math.max(0, page.unread_count - 1), results: page.results.map((n) => (n.id === id ? { ...n, is_read: true } : n)) };
      });
    },
    onSettled: () => Promise.all([qc.invalidateQueries({ queryKey: notificationKeys.all }), qc.invalidateQueries({ queryKey: ["dashboard-data"] })]),
  });
}
