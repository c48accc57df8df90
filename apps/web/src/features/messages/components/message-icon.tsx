import { MessageSquare } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { useUnreadCount } from "../api/get-unread-count";

/** The top bar's message icon: its red dot shows while any conversation has something unread. */
export function MessageIcon() {
  const unread = useUnreadCount();
  const count = unread.data?.count ?? 0;
  return (
    <Button variant="ghost" size="icon" asChild className="relative">
      <Link to={paths.dashboard.messages.getHref()} aria-label={count > 0 ? `Messages, ${count} unread` : "Messages"}>
        <MessageSquare className="size-5" />
        {count > 0 && <span data-testid="message-dot" className="absolute right-2 top-2 size-2.5 rounded-full bg-destructive ring-2 ring-surface" aria-hidden />}
      </Link>
    </Button>
  );
}
