import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { notificationKeys } from "./get-notifications";

/** POST /api/notifications/read-all/ */
export const markAllNotificationsRead = () => api<unknown>("/notifications/read-all/", { method: "POST" });

export function useMarkAllNotificationsRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    // The dashboard's panel shows notifications too; its key belongs to the orders feature.
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: notificationKeys.all }), qc.invalidateQueries({ queryKey: ["dashboard-data"] })]),
  });
}
