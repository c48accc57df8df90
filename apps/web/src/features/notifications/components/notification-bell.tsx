import { Bell } from "lucide-react";
import { UnreadIconLink } from "@/components/unread-icon-link";
import { paths } from "@/config/paths";
import { useNotifications } from "../api/get-notifications";

/** The top bar's bell: its red dot shows only while something is unread (polled gently). */
export function NotificationBell() {
  const notifications = useNotifications(1, { poll: true });
  return (
    <UnreadIconLink
      to={paths.dashboard.notifications.getHref()}
      label="Notifications"
      unread={notifications.data?.unread_count ?? 0}
      icon={<Bell className="size-5" />}
      dotTestId="notification-dot"
    />
  );
}
