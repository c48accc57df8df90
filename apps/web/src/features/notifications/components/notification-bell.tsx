import { Bell } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { useNotifications } from "../api/get-notifications";

/** The top bar's bell: its red dot shows only while something is unread (polled gently). */
export function NotificationBell() {
  const notifications = useNotifications(1, { poll: true });
  const unread = notifications.data?.unread_count ?? 0;
  return (
    <Button variant="ghost" size="icon" asChild className="relative">
      <Link to={paths.dashboard.notifications.getHref()} aria-label={unread > 0 ? `Notifications, ${unread} unread` : "Notifications"}>
        <Bell className="size-5" />
        {unread > 0 && <span data-testid="notification-dot" className="absolute right-2 top-2 size-2.5 rounded-full bg-destructive ring-2 ring-surface" aria-hidden />}
      </Link>
    </Button>
  );
}
