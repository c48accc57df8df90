import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";

/**
 * A top-bar icon that links to a list (notifications, messages): its label says how many are
 * unread, and a red dot shows while any are.
 */
export function UnreadIconLink({
  to,
  label,
  unread,
  icon,
  dotTestId,
}: {
  to: string;
  label: string;
  unread: number;
  icon: ReactNode;
  dotTestId: string;
}) {
  return (
    <Button variant="ghost" size="icon" asChild className="relative">
      <Link to={to} aria-label={unread > 0 ? `${label}, ${unread} unread` : label}>
        {icon}
        {unread > 0 && (
          <span
            data-testid={dotTestId}
            className="absolute right-2 top-2 size-2.5 rounded-full bg-destructive ring-2 ring-surface"
            aria-hidden
          />
        )}
      </Link>
    </Button>
  );
}
