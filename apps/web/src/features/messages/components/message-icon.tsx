import { MessageSquare } from "lucide-react";
import { UnreadIconLink } from "@/components/unread-icon-link";
import { paths } from "@/config/paths";
import { useUnreadCount } from "../api/get-unread-count";

/** The top bar's message icon: its red dot shows while any conversation has something unread. */
export function MessageIcon() {
  const unread = useUnreadCount();
  return (
    <UnreadIconLink
      to={paths.dashboard.messages.getHref()}
      label="Messages"
      unread={unread.data?.count ?? 0}
      icon={<MessageSquare className="size-5" />}
      dotTestId="message-dot"
    />
  );
}
