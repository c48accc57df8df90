import { PAGE_SIZE, type OrderSummary } from "@atelier/contract";
import { Gem, Package } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Pagination } from "@/components/ui/pagination";
import { Skeleton } from "@/components/ui/skeleton";
import { EmptyState, ErrorState } from "@/components/ui/states";
import { OrderStatusBadge } from "@/components/ui/status-badge";
import { ListToolbar } from "@/components/list-toolbar";
import { paths } from "@/config/paths";
import { formatAmount, formatDate, NO_ESTIMATE } from "@/lib/format";
import { useOrders } from "../api/get-orders";
import { useListParams } from "./order-parts";

/** Spec §2 filter labels over the contract's ORDER_STATUS_GROUPS. */
export const ORDER_FILTERS = [
  { value: "all", label: "All" },
  { value: "pending", label: "Pending" },
  { value: "processing", label: "Processing" },
  { value: "shipped", label: "Shipped" },
  { value: "delivered", label: "Delivered" },
  { value: "canceled", label: "Canceled" },
] as const;

/** Orders list (spec §2): search, status filter, Previous/Next, 'View Details'. */
export function OrdersScreen() {
  const { page, status, search, update } = useListParams();
  const orders = useOrders({ page, status, search });
  const pageCount = orders.data ? Math.ceil(orders.data.count / PAGE_SIZE) : 0;
  const filtered = status !== "all" || search !== "";

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-2">
        <p className="eyebrow">Your atelier</p>
        <h1 className="text-4xl sm:text-5xl">Orders</h1>
        <p className="max-w-xl text-muted">Every design you submitted becomes an order. Follow it from quote to delivery.</p>
      </div>

      <ListToolbar
        search={search}
        status={status}
        statusOptions={ORDER_FILTERS}
        onSearch={(value) => update({ search: value })}
        onStatus={(value) => update({ status: value })}
        searchLabel="Search orders"
        placeholder="Search by design or order number"
      />

      {orders.isPending ? (
        <Card className="divide-y divide-border" aria-busy="true" aria-label="Loading orders">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="flex items-center gap-4 p-4 sm:px-6">
              <Skeleton className="size-14 shrink-0" />
              <div className="flex flex-1 flex-col gap-2">
                <Skeleton className="h-5 w-1/3" />
                <Skeleton className="h-3 w-1/4" />
              </div>
              <Skeleton className="hidden h-6 w-24 rounded-full sm:block" />
              <Skeleton className="hidden h-9 w-28 sm:block" />
            </div>
          ))}
        </Card>
      ) : orders.isError || (orders.isPlaceholderData && orders.failureCount > 0) ? (
        <ErrorState message="Failed to load your orders. Please try again." onRetry={() => void orders.refetch()} />
      ) : orders.data.results.length === 0 ? (
        <EmptyState
          icon={<Package />}
          title="No orders found"
          description={filtered ? "No order matches this search or filter. Try another one." : "Submit a design and it becomes an order with an instant estimate."}
          action={
            filtered ? (
              <Button variant="secondary" onClick={() => update({ search: "", status: "all" })}>
                Clear filters
              </Button>
            ) : (
              <Button asChild>
                <Link to={paths.dashboard.newDesign.getHref()}>Start a Design</Link>
              </Button>
            )
          }
        />
      ) : (
        <>
          <Card className="overflow-hidden">
            <ul className="divide-y divide-border" aria-label="Orders">
              {orders.data.results.map((o) => (
                <OrderRow key={o.id} order={o} />
              ))}
            </ul>
          </Card>
          <Pagination page={page} pageCount={pageCount} onPageChange={(p) => update({ page: p })} />
        </>
      )}
    </div>
  );
}

function OrderRow({ order: o }: { order: OrderSummary }) {
  const href = paths.dashboard.order.getHref(o.id);
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:gap-5 sm:px-6" data-testid="order-row">
      <div className="flex min-w-0 flex-1 items-center gap-4">
        <div className="flex size-14 shrink-0 items-center justify-center overflow-hidden rounded-md border border-border bg-surface-muted text-accent">
          {o.thumbnail ? <img src={o.thumbnail} alt="" className="size-full object-cover" loading="lazy" /> : <Gem className="size-6" aria-hidden />}
        </div>
        <div className="flex min-w-0 flex-col gap-0.5">
          <h2 className="truncate font-sans text-base font-medium">{o.design_name}</h2>
          <p className="text-xs text-muted">
            <span className="font-mono">{o.order_number}</span> · <time dateTime={o.created_at}>{formatDate(o.created_at)}</time>
          </p>
        </div>
      </div>
      <div className="flex items-center gap-3 sm:shrink-0 sm:gap-5">
        <OrderStatusBadge status={o.status} />
        <span className="ml-auto text-sm tabular-nums sm:ml-0 sm:w-28 sm:text-right">
          {o.quoted_price !== null ? (
            formatAmount(o.quoted_price, o.currency)
          ) : (
            <span className="text-muted" title="Instant estimate">
              {o.estimate_point !== null ? `≈ ${formatAmount(o.estimate_point, o.currency)}` : NO_ESTIMATE}
            </span>
          )}
        </span>
        <Button asChild size="sm" variant="secondary">
          <Link to={href} aria-label={`View Details of ${o.design_name}`}>
            View Details
          </Link>
        </Button>
      </div>
    </li>
  );
}
