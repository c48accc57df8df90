import { ORDER_STATUS_INFO, unquotedPriceText, type DashboardData } from "@atelier/contract";
import { ArrowRight, Bell, Gem, Package, PackageOpen } from "lucide-react";
import { useEffect } from "react";
import { Link } from "react-router";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { ErrorState } from "@/components/ui/states";
import { OrderStatusBadge } from "@/components/ui/status-badge";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { toast } from "@/components/ui/use-toast";
import { paths } from "@/config/paths";
import { ApiError } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { formatAmount, formatDateTime, formatRelative } from "@/lib/format";
import { useDashboardData } from "../api/get-dashboard-data";
import { TONE_BORDER } from "./order-parts";

/** The overview's order part (spec §2 /dashboard): counts, Recent Orders / Order Activity, Notifications. */
export function DashboardSummary({ onNotificationOpen }: { onNotificationOpen?: (id: string) => void } = {}) {
  const data = useDashboardData();
  const failed = data.isError && !(data.error instanceof ApiError && data.error.status === 401);

  useEffect(() => {
    if (failed) toast({ variant: "destructive", title: "Error", description: "Failed to load dashboard data. Please try again." });
  }, [failed]);

  if (data.isPending) return <DashboardSkeleton />;
  if (!data.data) return <ErrorState message="Failed to load dashboard data. Please refresh the page." onRetry={() => void data.refetch()} />;
  const d = data.data;

  return (
    <div className="flex flex-col gap-6">
      <ul className="grid grid-cols-3 gap-3 sm:gap-4" aria-label="Summary">
        <CountCard label="Total Orders" value={d.total_orders} icon={<Package />} href={paths.dashboard.orders.getHref()} />
        <CountCard label="Active Orders" value={d.active_orders} icon={<PackageOpen />} href={paths.dashboard.orders.getHref()} />
        <CountCard label="Total Designs" value={d.total_designs} icon={<Gem />} href={paths.dashboard.designs.getHref()} />
      </ul>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1.7fr)_minmax(0,1fr)]">
        <Card className="min-w-0 p-4 sm:p-6">
          <Tabs defaultValue="recent">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <TabsList>
                <TabsTrigger value="recent">Recent Orders</TabsTrigger>
                <TabsTrigger value="activity">Order Activity</TabsTrigger>
              </TabsList>
              <Link to={paths.dashboard.orders.getHref()} className="inline-flex items-center gap-1 text-sm font-medium text-accent-strong hover:underline">
                All orders <ArrowRight className="size-4" aria-hidden />
              </Link>
            </div>
            <TabsContent value="recent">
              <RecentOrders orders={d.recent_orders} />
            </TabsContent>
            <TabsContent value="activity">
              <OrderActivity items={d.activity_items} />
            </TabsContent>
          </Tabs>
        </Card>
        <NotificationsPanel notifications={d.notifications} unread={d.unread_notifications} onOpen={onNotificationOpen} />
      </div>
    </div>
  );
}

function CountCard({ label, value, icon, href }: { label: string; value: number; icon: React.ReactNode; href: string }) {
  return (
    <li>
      <Card className="relative flex h-full items-center gap-4 p-3 transition-shadow hover:shadow-[var(--shadow-dialog)] sm:p-5">
        <div className="hidden size-11 shrink-0 items-center justify-center rounded-full bg-accent-soft text-accent-hover sm:flex [&_svg]:size-5">{icon}</div>
        <div className="min-w-0">
          <p className="text-xs leading-snug text-muted sm:text-sm">
            <Link to={href} className="after:absolute after:inset-0">
              {label}
            </Link>
          </p>
          <p className="font-display text-3xl leading-tight tabular-nums sm:text-4xl">{value}</p>
        </div>
      </Card>
    </li>
  );
}

function RecentOrders({ orders }: { orders: DashboardData["recent_orders"] }) {
  if (orders.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 py-10 text-center">
        <p className="text-sm text-muted">No orders found.</p>
        <Link to={paths.dashboard.newDesign.getHref()} className="text-sm font-medium text-accent-strong hover:underline">
          Submit a design to start an order
        </Link>
      </div>
    );
  }
  return (
    <ul className="flex flex-col divide-y divide-border" aria-label="Recent orders">
      {orders.map((o) => (
        <li key={o.id} className="relative flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:gap-4" data-testid="recent-order">
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium">
              <Link to={paths.dashboard.order.getHref(o.id)} className="hover:text-accent-hover after:absolute after:inset-0">
                {o.design_name}
              </Link>
            </p>
            <p className="text-xs text-muted">
              <span className="font-mono">{o.order_number}</span> ·{" "}
              <time dateTime={o.created_at} title={formatDateTime(o.created_at)}>
                {formatRelative(o.created_at)}
              </time>
            </p>
          </div>
          <div className="flex items-center justify-between gap-3 sm:justify-end">
            <OrderStatusBadge status={o.status} />
            <span className="text-sm font-medium tabular-nums sm:w-28 sm:text-right">
              {o.quoted_price !== null ? formatAmount(o.quoted_price, o.currency) : <span className="font-normal text-muted">{unquotedPriceText(o.status)}</span>}
            </span>
          </div>
        </li>
      ))}
    </ul>
  );
}

function OrderActivity({ items }: { items: DashboardData["activity_items"] }) {
  if (items.length === 0) return <p className="py-10 text-center text-sm text-muted">No order activity found.</p>;
  return (
    <ul className="flex flex-col gap-3" aria-label="Order activity">
      {items.map((a) => (
        <li
          key={a.id}
          data-testid="activity-item"
          data-kind={a.type}
          className={cn("relative rounded-r-md border-l-4 bg-surface-muted/50 px-4 py-3", a.type === "comment" ? "border-info" : TONE_BORDER[ORDER_STATUS_INFO[a.status].tone])}
        >
          <p className="text-sm font-medium">
            <Link to={paths.dashboard.order.getHref(a.order_id)} className="after:absolute after:inset-0 hover:text-accent-hover">
              {a.title}
            </Link>
          </p>
          <p className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted">
            <span>{a.design_name}</span>
            <span className="font-mono">{a.order_number}</span>
            <time dateTime={a.created_at} title={formatDateTime(a.created_at)}>
              {formatRelative(a.created_at)}
            </time>
            {a.type === "status_change" && <OrderStatusBadge status={a.status} />}
          </p>
        </li>
      ))}
    </ul>
  );
}

/** `onOpen` marks an unread notification read as it is followed (the notifications feature does that, the route wires it). */
function NotificationsPanel({ notifications, unread, onOpen }: { notifications: DashboardData["notifications"]; unread: number; onOpen?: ((id: string) => void) | undefined }) {
  return (
    <Card className="flex flex-col gap-3 p-4 sm:p-6" role="region" aria-labelledby="dashboard-notifications">
      <div className="flex items-center justify-between gap-3">
        <h2 id="dashboard-notifications" className="flex items-center gap-2 text-2xl">
          <Bell className="size-5 text-accent" aria-hidden /> Notifications
        </h2>
        {unread > 0 && <span className="rounded-full bg-destructive px-2 py-0.5 text-xs font-medium text-white">{unread} new</span>}
      </div>
      {notifications.length === 0 ? (
        <p className="py-8 text-center text-sm text-muted">No notifications.</p>
      ) : (
        <ul className="flex flex-col gap-1" aria-label="Latest notifications">
          {notifications.map((n) => (
            <li key={n.id} className={cn("relative flex gap-3 rounded-md px-3 py-2.5", !n.is_read && "bg-accent-soft/50")} data-testid="dashboard-notification" data-unread={!n.is_read}>
              <span className={cn("mt-1.5 size-2 shrink-0 rounded-full", n.is_read ? "bg-transparent" : "bg-accent-strong")} aria-hidden />
              <div className="min-w-0">
                <p className={cn("text-sm", !n.is_read && "font-semibold")}>
                  {!n.is_read && <span className="sr-only">Unread: </span>}
                  {n.link.startsWith("/") ? (
                    <Link to={n.link} onClick={() => !n.is_read && onOpen?.(n.id)} className="after:absolute after:inset-0 hover:text-accent-hover">
                      {n.title}
                    </Link>
                  ) : (
                    n.title
                  )}
                </p>
                <p className="line-clamp-2 text-xs text-muted">{n.message}</p>
                <p className="mt-0.5 text-xs text-muted">
                  <time dateTime={n.created_at}>{formatRelative(n.created_at)}</time>
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Link to={paths.dashboard.notifications.getHref()} className="inline-flex items-center gap-1 self-start text-sm font-medium text-accent-strong hover:underline">
        View all notifications <ArrowRight className="size-4" aria-hidden />
      </Link>
    </Card>
  );
}

function DashboardSkeleton() {
  return (
    <div className="flex flex-col gap-6" aria-busy="true" aria-label="Loading dashboard">
      <div className="grid grid-cols-3 gap-3 sm:gap-4">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-[5.5rem]" />
        ))}
      </div>
      <div className="grid gap-6 lg:grid-cols-[1.7fr_1fr]">
        <div className="flex flex-col gap-3 rounded-[var(--radius-card)] border border-border bg-surface p-6">
          <Skeleton className="h-11 w-72" />
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-12 w-full" />
          ))}
        </div>
        <div className="flex flex-col gap-3 rounded-[var(--radius-card)] border border-border bg-surface p-6">
          <Skeleton className="h-7 w-40" />
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-12 w-full" />
          ))}
        </div>
      </div>
    </div>
  );
}
