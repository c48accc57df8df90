import type { NotificationPreferences } from "@atelier/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** Every settings key starts with `settings`. */
export const settingsKeys = {
  all: ["settings"] as const,
  notifications: () => [...settingsKeys.all, "notifications"] as const,
};

/** GET /api/settings/notifications/ */
export const getNotificationPreferences = () => api<NotificationPreferences>("/settings/notifications/");

export const notificationPreferencesQueryOptions = () =>
  queryOptions({ queryKey: settingsKeys.notifications(), queryFn: getNotificationPreferences });

export function useNotificationPreferences() {
  return useQuery(notificationPreferencesQueryOptions());
}
