import { PAGE_SIZE, type Notification } from "@atelier/contract";
import { Bell, CheckCheck } from "lucide-react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Pagination } from "@/components/ui/pagination";
import { Skeleton } from "@/components/ui/skeleton";
import { EmptyState, ErrorState } from "@/components/ui/states";
import { toast } from "@/components/ui/use-toast";
import { paths } from "@/config/paths";
import { errorMessage } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { formatDateTime, formatRelative } from "@/lib/format";
import { useNotifications } from "../api/get-notifications";
import { useMarkAllNotificationsRead } from "../api/mark-all-notifications-read";
import { useMarkNotificationRead } from "../api/mark-notification-read";

/** Notifications: unread highlighted; opening one marks it read; 'Mark all as read'. */
export function NotificationsScreen() {
  const [params, setParams] = useSearchParams();
  const n = Number(params.get("page"));
  const page = Number.isInteger(n) && n > 0 ? n : 1;
  const notifications = useNotifications(page);
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const navigate = useNavigate();
  const pageCount = notifications.data ? Math.ceil(notifications.data.count / PAGE_SIZE) : 0;
  const unread = notifications.data?.unread_count ?? 0;

  function open(item: Notification) {
    if (!item.is_read) markRead.mutate(item.id);
    if (item.link.startsWith("/")) void navigate(item.link);
  }

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-col gap-2">
          <p className="eyebrow">Your atelier</p>
          <h1 className="text-4xl sm:text-5xl">Notifications</h1>
          <p className="max-w-xl text-muted">{unread > 0 ? `${unread} unread` : "Quotes, payments, CAD renderings and every step of your orders."}</p>
        </div>
        <Button
          variant="secondary"
          disabled={unread === 0}
          loading={markAll.isPending}
          onClick={() =>
            markAll.mutate(undefined, {
              onError: (err) => toast({ variant: "destructive", title: "Error", description: errorMessage(err, "Failed to mark notifications as read. Please try again.") }),
            })
          }
        >
          {!markAll.isPending && <CheckCheck aria-hidden />} Mark all as read
        </Button>
      </div>

      {notifications.isPending ? (
        <Card className="divide-y divide-border" aria-busy="true" aria-label="Loading notifications">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="flex gap-3 p-4 sm:px-6">
              <Skeleton className="mt-1 size-2.5 rounded-full" />
              <div className="flex flex-1 flex-col gap-2">
                <Skeleton className="h-4 w-1/3" />
                <Skeleton className="h-3 w-2/3" />
              </div>
            </div>
          ))}
        </Card>
      ) : notifications.isError || (notifications.isPlaceholderData && notifications.failureCount > 0) ? (
        <ErrorState message="Failed to load notifications. Please try again." onRetry={() => void notifications.refetch()} />
      ) : notifications.data.results.length === 0 ? (
        <EmptyState
          icon={<Bell />}
          title="No notifications."
          description="We will let you know here when a quote arrives, a payment is confirmed or your CAD design is ready."
          action={
            <Button asChild variant="secondary">
              <Link to={paths.dashboard.orders.getHref()}>View your orders</Link>
            </Button>
          }
        />
      ) : (
        <>
          <Card className="overflow-hidden">
            <ul className="divide-y divide-border" aria-label="Notifications">
              {notifications.data.results.map((item) => (
                <li key={item.id} data-testid="notification" data-unread={!item.is_read}>
                  <button
                    type="button"
                    onClick={() => open(item)}
                    className={cn("flex w-full cursor-pointer gap-3 px-4 py-4 text-left transition-colors hover:bg-surface-muted sm:px-6", !item.is_read && "bg-accent-soft/50")}
                  >
                    <span className={cn("mt-1.5 size-2.5 shrink-0 rounded-full", item.is_read ? "bg-transparent" : "bg-accent-strong")} aria-hidden />
                    <span className="flex min-w-0 flex-1 flex-col gap-0.5">
                      <span className={cn("text-sm", !item.is_read && "font-semibold")}>
                        {!item.is_read && <span className="sr-only">Unread: </span>}
                        {item.title}
                      </span>
                      <span className="text-sm text-muted">{item.message}</span>
                      <time className="text-xs text-muted" dateTime={item.created_at} title={formatDateTime(item.created_at)}>
                        {formatRelative(item.created_at)}
                      </time>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </Card>
          <Pagination page={page} pageCount={pageCount} onPageChange={(p) => setParams(p > 1 ? { page: String(p) } : {})} />
        </>
      )}
    </div>
  );
}
