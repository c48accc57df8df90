import { orderProgress, unquotedPriceText, type Order } from "@atelier/contract";
import { ArrowLeft, Download, Headset } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { OrderInvoices } from "@/components/order-invoices";
import { Card } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { Skeleton } from "@/components/ui/skeleton";
import { RecordLoadError, RecordNotFound } from "@/components/record-states";
import { OrderStatusBadge } from "@/components/ui/status-badge";
import { paths } from "@/config/paths";
import { ApiError } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { formatAmount, formatDateTime, formatRelative } from "@/lib/format";
import { useDownloadOrderDetails } from "../api/download-order-details";
import { useOrder } from "../api/get-order";
import { toastFailure } from "./order-parts";
import { OrderLead } from "./order-lead";
import { hasPaymentPanel, OrderPaymentPanel } from "./order-payment-panel";
import { initialOrderTab, OrderTabs, type CadViewerSlot, type OrderTab } from "./order-tabs";

/** Order detail (spec §2): header, then what matters now (quote, next step, tracking), progress, the four tabs and the payments. */
/** The address step on the order page (the addresses feature's, handed in by the route). */
export type AddressStepSlot = React.ComponentType<{ order: Order }>;

export function OrderDetailScreen({ orderId, cadViewer, addressStep }: { orderId: string; cadViewer?: CadViewerSlot; addressStep?: AddressStepSlot }) {
  const order = useOrder(orderId);
  const back = (
    <Button asChild variant="ghost" size="sm" className="-ml-3 self-start">
      <Link to={paths.dashboard.orders.getHref()}>
        <ArrowLeft aria-hidden /> All orders
      </Link>
    </Button>
  );

  if (order.isPending) return <OrderDetailSkeleton back={back} />;
  if (order.error instanceof ApiError && order.error.status === 404) {
    return (
      <RecordNotFound
        back={back}
        title="Order not found"
        description="The order you are looking for does not exist or you do not have access to it."
        action={{ href: paths.dashboard.root.getHref(), label: "Back to Dashboard" }}
      />
    );
  }
  if (!order.data) {
    return <RecordLoadError back={back} message="Failed to load order details. Please try again." onRetry={() => void order.refetch()} />;
  }
  return <OrderDetail order={order.data} back={back} cadViewer={cadViewer} AddressStep={addressStep} />;
}

function OrderDetail({ order, back, cadViewer, AddressStep }: { order: Order; back: React.ReactNode; cadViewer?: CadViewerSlot; AddressStep?: AddressStepSlot | undefined }) {
  const download = useDownloadOrderDetails();
  const progress = orderProgress(order);
  const quote = order.quoted_price !== null ? formatAmount(order.quoted_price, order.currency) : unquotedPriceText(order.status);
  const [tab, setTab] = useState<OrderTab>(() => initialOrderTab(order));
  const reviewCad = () => {
    setTab("cad");
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    document.getElementById("order-tabs")?.scrollIntoView?.({ behavior: reduce ? "auto" : "smooth", block: "start" });
    // Keyboard and screen-reader users land on the tab that opened, not back at the button.
    requestAnimationFrame(() => document.querySelector<HTMLElement>('#order-tabs [role="tab"][data-state="active"]')?.focus({ preventScroll: true }));
  };

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-4">
        {back}
        <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-3">
              <h1 className="break-words text-4xl sm:text-5xl">{order.design.name}</h1>
              <OrderStatusBadge status={order.status} className="text-sm" />
            </div>
            <p className="mt-2 text-sm text-muted">
              Order <span className="font-mono text-foreground">{order.order_number}</span>
            </p>
          </div>
          <div className="flex flex-wrap gap-2 lg:shrink-0">
            <Button
              variant="secondary"
              className="px-3 sm:px-5"
              loading={download.isPending}
              onClick={() =>
                download.mutate({ orderId: order.id, orderNumber: order.order_number }, { onError: (err) => toastFailure(err, "Failed to download the order details. Please try again.") })
              }
            >
              {!download.isPending && <Download aria-hidden />} Download Details
            </Button>
            <Button asChild variant="secondary" className="px-3 sm:px-5">
              {/* A signed-in customer writes about this order in Messages, not through the public contact form. */}
              <Link to={paths.dashboard.messageNew.getHref(order.id)}>
                <Headset aria-hidden /> Contact Support
              </Link>
            </Button>
          </div>
        </div>
      </div>

      <OrderLead order={order} onReviewCad={reviewCad} />
      {AddressStep && <AddressStep order={order} />}

      <Card className="flex flex-col gap-5 p-5 sm:p-7">
        <div className="flex flex-col gap-2">
          <div className="flex items-baseline justify-between gap-4 text-sm">
            <span className="font-medium">
              Progress
            </span>
            <span className="tabular-nums text-muted" data-testid="order-progress">
              {progress}%
            </span>
          </div>
          <Progress value={progress} label={`Order progress ${progress}%`} />
        </div>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-4 text-sm lg:grid-cols-4">
          <Fact label="Created">
            <time dateTime={order.created_at}>{formatDateTime(order.created_at)}</time>
          </Fact>
          <Fact label="Last updated">
            <time dateTime={order.updated_at} title={formatDateTime(order.updated_at)}>
              {formatRelative(order.updated_at)}
            </time>
          </Fact>
          <Fact label="Quote amount">{quote}</Fact>
          <Fact label="Order type">{order.order_type}</Fact>
        </dl>
      </Card>

      {/* One tree whether or not the panel shows, so the tabs (and a 3D model in them) stay mounted when it comes or goes. */}
      <div className={cn("grid items-start gap-6", hasPaymentPanel(order) && "lg:grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)]")}>
        <OrderTabs order={order} cadViewer={cadViewer} tab={tab} onTabChange={setTab} />
        <OrderPaymentPanel order={order} />
      </div>
      {order.payments.length > 0 && <OrderInvoices orderId={order.id} />}
    </div>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <dt className="text-xs uppercase tracking-wider text-muted">{label}</dt>
      <dd className="break-words font-medium">{children}</dd>
    </div>
  );
}

function OrderDetailSkeleton({ back }: { back: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-8" aria-busy="true" aria-label="Loading order">
      {back}
      <div className="flex flex-col gap-3">
        <Skeleton className="h-12 w-2/3" />
        <Skeleton className="h-4 w-40" />
      </div>
      {/* What matters now: the quote beside the next step. */}
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="flex flex-col gap-4 rounded-[var(--radius-card)] border border-border bg-surface p-6">
          <Skeleton className="h-7 w-32" />
          <Skeleton className="h-9 w-48" />
          <Skeleton className="h-24 w-full" />
        </div>
        <div className="flex gap-4 rounded-[var(--radius-card)] border border-border bg-surface p-6">
          <Skeleton className="size-10 shrink-0 rounded-full" />
          <div className="flex flex-1 flex-col gap-3">
            <Skeleton className="h-3 w-20" />
            <Skeleton className="h-6 w-3/4" />
            <Skeleton className="h-4 w-full" />
          </div>
        </div>
      </div>
      <div className="flex flex-col gap-4 rounded-[var(--radius-card)] border border-border bg-surface p-6">
        <Skeleton className="h-2 w-full rounded-full" />
        <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-10" />
          ))}
        </div>
      </div>
      <div className="grid gap-6 lg:grid-cols-[1.6fr_1fr]">
        <div className="flex flex-col gap-4">
          <Skeleton className="h-11 w-full max-w-md" />
          <Skeleton className="h-64 w-full" />
        </div>
        <Skeleton className="h-80 w-full" />
      </div>
    </div>
  );
}
