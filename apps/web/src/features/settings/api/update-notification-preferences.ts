import type { NotificationPreference, NotificationPreferences } from "@atelier/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { settingsKeys } from "./get-notification-preferences";

/** PUT /api/settings/notifications/: the entries that change; answers with all of them. */
export const updateNotificationPreferences = (preferences: NotificationPreference[]) =>
  api<NotificationPreferences>("/settings/notifications/", { method: "PUT", body: { preferences } });

/** Switches move at once; a refusal puts them back. */
export function useUpdateNotificationPreferences() {
  const qc = useQueryClient();
  const key = settingsKeys.notifications();
  return useMutation({
    mutationFn: updateNotificationPreferences,
    onMutate: async (changes) => {
      await qc.cancelQueries({ queryKey: key });
      const previous = qc.getQueryData<NotificationPreferences>(key);
      qc.setQueryData<NotificationPreferences>(
        key,
        (current) => current && { preferences: current.preferences.map((p) => changes.find((c) => c.type === p.type) ?? p) },
      );
      return { previous };
    },
    onError: (_err, _changes, context) => {
      if (context?.previous) qc.setQueryData(key, context.previous);
    },
    onSuccess: (data) => qc.setQueryData(key, data),
  });
}
