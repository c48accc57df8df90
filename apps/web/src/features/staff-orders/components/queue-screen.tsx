import {
  ORDER_STATUS_INFO,
  ORDER_STATUSES,
  orderWaits,
  PAGE_SIZE,
  STAFF_QUEUE_GROUP_KEYS,
  STAFF_QUEUE_GROUPS,
  type OrderStatus,
  type StaffQueueGroup,
} from "@atelier/contract";
import { Clock, Gem, Inbox, Search } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { ListToolbar } from "@/components/list-toolbar";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Pagination } from "@/components/ui/pagination";
import { Skeleton } from "@/components/ui/skeleton";
import { EmptyState, ErrorState } from "@/components/ui/states";
import { OrderStatusBadge } from "@/components/ui/status-badge";
import { paths } from "@/config/paths";
import { cn } from "@/lib/cn";
import { formatAmount, formatDateTime, NO_ESTIMATE } from "@/lib/format";
import { useQueueCounts, useStaffOrders, type StaffOrderSummary } from "../api/get-queue";
import type { QueueParams } from "../api/keys";
import { describeWaiting, formatWaiting, isLongWait } from "../utils/waiting";

type Tab = StaffQueueGroup | "all";
const DEFAULT_TAB: Tab = "new";

/** What an empty group means, and that it is good news. */
const EMPTY_TEXT: Record<Tab, { title: string; description: string }> = {
  new: { title: "No new orders to quote", description: "Every new order has a quote. New designs appear here as customers submit them." },
  awaiting_customer: {
    title: "No quotes awaiting customers",
    description: "Quotes you issue wait here until the customer accepts or declines them.",
  },
  payments: {
    title: "No payments to confirm",
    description: "When a customer declares an advance or balance transfer, it waits here for you.",
  },
  cad_review: {
    title: "No CAD versions awaiting approval",
    description: "CAD versions you upload wait here until the customer approves one.",
  },
  production: { title: "Nothing in production", description: "Orders enter production once the advance is confirmed." },
  ready_to_ship: {
    title: "Nothing ready to ship",
    description: "Orders that passed quality check and are fully paid wait here for dispatch.",
  },
  all: { title: "No orders yet", description: "Orders appear here as soon as customers submit designs." },
};

const isTab = (v: string | null): v is Tab => v === "all" || (STAFF_QUEUE_GROUP_KEYS as string[]).includes(v ?? "");
const pageFrom = (v: string | null) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : 1;
};

/** The queue's tab, status filter, search and page, kept in the address. */
function useQueueParams() {
  const [params, setParams] = useSearchParams();
  const raw = params.get("group");
  const group: Tab = isTab(raw) ? raw : DEFAULT_TAB;
  const status = params.get("status")?.trim().toLowerCase() || "all";
  const search = params.get("search")?.trim() ?? "";
  const page = pageFrom(params.get("page"));
  const update = (changes: Partial<QueueParams>) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      const set = (key: string, value: string | undefined, empty: string) => {
        if (value === undefined) return;
        if (value && value !== empty) next.set(key, value);
        else next.delete(key);
      };
      set("group", changes.group, DEFAULT_TAB);
      // Another tab has other statuses: its filter starts over.
      if (changes.group !== undefined) next.delete("status");
      set("status", changes.status, "all");
      set("search", changes.search, "");
      if (changes.page === undefined) next.delete("page");
      else set("page", String(changes.page), "1");
      return next;
    });
  return { group, status, search, page, update };
}

/** The statuses the filter offers on a tab (none where the tab is one status). */
function statusOptions(tab: Tab): readonly OrderStatus[] {
  if (tab === "all" || tab === "payments") return ORDER_STATUSES;
  const statuses: readonly OrderStatus[] = STAFF_QUEUE_GROUPS[tab].statuses;
  return statuses.length > 1 ? statuses : [];
}

/** The staff queue (/staff): orders needing action by group, longest waiting first; every order under "All orders". */
export function QueueScreen() {
  const { group, status, search, page, update } = useQueueParams();
  const options = statusOptions(group);
  const effectiveStatus = options.includes(status as OrderStatus) ? status : "all";
  const counts = useQueueCounts();
  const orders = useStaffOrders({ group, status: effectiveStatus, search, page });
  const pageCount = orders.data ? Math.ceil(orders.data.count / PAGE_SIZE) : 0;
  const filtered = effectiveStatus !== "all" || search !== "";
  const countOf = (key: StaffQueueGroup) => counts.data?.groups.find((g) => g.key === key)?.count;

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-2">
        <p className="eyebrow">Staff console</p>
        <h1 className="text-4xl sm:text-5xl">Queue</h1>
        <p className="max-w-2xl text-muted">Orders waiting on the atelier or the customer, the longest waiting first.</p>
      </div>

      <nav aria-label="Queue groups">
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4 2xl:grid-cols-7">
          {STAFF_QUEUE_GROUP_KEYS.map((key) => (
            <GroupTab
              key={key}
              active={group === key}
              label={STAFF_QUEUE_GROUPS[key].label}
              hint={STAFF_QUEUE_GROUPS[key].hint}
              count={countOf(key)}
              loading={counts.isPending}
              onSelect={() => update({ group: key })}
              href={`?group=${key}`}
            />
          ))}
          <GroupTab
            active={group === "all"}
            label="All orders"
            hint="Every status"
            count={group === "all" ? orders.data?.count : undefined}
            loading={false}
            onSelect={() => update({ group: "all" })}
            href="?group=all"
          />
        </ul>
        {counts.isError && (
          <p role="alert" className="mt-3 text-sm text-destructive">
            The counts could not be loaded.{" "}
            <button type="button" className="cursor-pointer font-medium underline underline-offset-4" onClick={() => void counts.refetch()}>
              Try again
            </button>
          </p>
        )}
      </nav>

      <section aria-labelledby="queue-list-title" className="flex flex-col gap-5">
        <div className="flex flex-col gap-1">
          <h2 id="queue-list-title" className="text-3xl">
            {group === "all" ? "All orders" : STAFF_QUEUE_GROUPS[group].label}
          </h2>
          <p className="text-sm text-muted">
            {group === "all" ? "Newest first." : `${STAFF_QUEUE_GROUPS[group].hint}, longest waiting first.`}
          </p>
        </div>
        <ListToolbar
          search={search}
          status={effectiveStatus}
          statusOptions={options.length > 0 ? [{ value: "all", label: "All statuses" }, ...options.map((s) => ({ value: s, label: ORDER_STATUS_INFO[s].label }))] : []}
          onSearch={(value) => update({ search: value })}
          onStatus={(value) => update({ status: value })}
          searchLabel="Search orders"
          placeholder="Order number, customer or design"
          statusClassName="sm:w-64"
        />

        {orders.isError || orders.failureCount > 0 ? (
          // A failed request says so at once (while it is retried), never leaving other rows in its place.
          <ErrorState message="The queue could not be loaded. Please try again." onRetry={() => void orders.refetch()} />
        ) : orders.isPending ? (
          <QueueSkeleton />
        ) : orders.data.results.length === 0 ? (
          <EmptyState
            icon={filtered ? <Search /> : <Inbox />}
            title={filtered ? "No order matches" : EMPTY_TEXT[group].title}
            description={filtered ? "No order in this view matches the search or filter. Try another one." : EMPTY_TEXT[group].description}
            action={
              filtered ? (
                <Button variant="secondary" onClick={() => update({ search: "", status: "all" })}>
                  Clear filters
                </Button>
              ) : undefined
            }
          />
        ) : (
          <>
            <Card className="overflow-hidden">
              <ul
                className="divide-y divide-border"
                aria-label={group === "all" ? "All orders" : `${STAFF_QUEUE_GROUPS[group].label} orders`}
              >
                {orders.data.results.map((o) => (
                  <QueueRow key={o.id} order={o} showWait={group !== "all"} />
                ))}
              </ul>
            </Card>
            <p className="sr-only" role="status">
              {orders.data.count === 1 ? "1 order" : `${orders.data.count} orders`}
            </p>
            <Pagination page={page} pageCount={pageCount} onPageChange={(p) => update({ page: p })} />
          </>
        )}
      </section>
    </div>
  );
}

function GroupTab({
  active,
  label,
  hint,
  count,
  loading,
  onSelect,
  href,
}: {
  active: boolean;
  label: string;
  hint: string;
  count: number | undefined;
  loading: boolean;
  onSelect: () => void;
  href: string;
}) {
  return (
    <li>
      <Link
        to={href}
        onClick={(e) => {
          // Keep the search while moving between tabs.
          e.preventDefault();
          onSelect();
        }}
        aria-current={active ? "page" : undefined}
        className={cn(
          "flex h-full flex-col gap-1 rounded-[var(--radius-card)] border bg-surface px-4 py-3 transition-colors",
          active
            ? "border-accent bg-accent-soft/60 shadow-[var(--shadow-card)]"
            : "border-border hover:border-accent/50 hover:bg-surface-muted/60",
        )}
      >
        <span className="flex items-baseline justify-between gap-2">
          <span className={cn("text-sm font-medium", active ? "text-accent-hover" : "text-foreground")}>{label}</span>
          {loading ? (
            <Skeleton className="h-7 w-6" />
          ) : count !== undefined ? (
            <span className={cn("text-xl font-semibold leading-none tabular-nums", count === 0 && "text-muted")} data-testid="group-count">
              <span className="sr-only">(</span>
              {count}
              <span className="sr-only">{count === 1 ? " order)" : " orders)"}</span>
            </span>
          ) : null}
        </span>
        <span className="text-xs text-muted">{hint}</span>
      </Link>
    </li>
  );
}

function customerName(c: StaffOrderSummary["customer"]): string {
  return `${c.first_name} ${c.last_name}`.trim() || c.email;
}

function QueueRow({ order: o, showWait }: { order: StaffOrderSummary; showWait: boolean }) {
  // Only an order that waits on someone has a waiting time; a completed or cancelled one has none.
  const waits = orderWaits(o.status);
  const long = waits && isLongWait(o.status_since);
  return (
    <li
      className="relative flex flex-col gap-3 px-4 py-4 transition-colors focus-within:bg-surface-muted/60 hover:bg-surface-muted/60 md:flex-row md:items-center md:gap-5 md:px-6"
      data-testid="queue-row"
    >
      <div className="flex min-w-0 flex-1 items-center gap-4">
        <div className="flex size-14 shrink-0 items-center justify-center overflow-hidden rounded-md border border-border bg-surface-muted text-accent">
          {o.thumbnail ? (
            <img src={o.thumbnail} alt="" className="size-full object-cover" loading="lazy" />
          ) : (
            <Gem className="size-6" aria-hidden />
          )}
        </div>
        <div className="flex min-w-0 flex-col gap-0.5">
          <p className="text-xs text-muted">
            <span className="font-mono text-foreground/80">{o.order_number}</span>
          </p>
          <h3 className="truncate font-sans text-base font-medium">
            <Link
              to={paths.staff.order.getHref(o.id)}
              className="rounded-sm outline-none after:absolute after:inset-0 after:content-[''] focus-visible:underline"
            >
              {o.design_name}
            </Link>
          </h3>
          <p className="truncate text-sm text-muted">
            {customerName(o.customer)}
            <span className="hidden lg:inline"> · {o.customer.email}</span>
          </p>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-x-5 gap-y-2 pl-[4.5rem] md:shrink-0 md:flex-nowrap md:pl-0">
        <OrderStatusBadge status={o.status} />
        <span className="text-sm tabular-nums md:w-28 md:text-right">
          {o.quoted_price !== null ? (
            formatAmount(o.quoted_price, o.currency)
          ) : (
            <span className="text-muted" title="Instant estimate">
              {o.estimate_point !== null ? `≈ ${formatAmount(o.estimate_point, o.currency)}` : NO_ESTIMATE}
            </span>
          )}
        </span>
        {waits ? (
          <span
            className={cn(
              "inline-flex items-center gap-1.5 text-sm tabular-nums md:w-20 md:justify-end",
              long && showWait ? "font-medium text-warning" : "text-muted",
            )}
            title={`In ${ORDER_STATUS_INFO[o.status].label} since ${formatDateTime(o.status_since)}`}
            data-testid="waiting"
          >
            <Clock className="size-3.5" aria-hidden />
            <span aria-hidden>{formatWaiting(o.status_since)}</span>
            <span className="sr-only">{describeWaiting(o.status_since)}</span>
          </span>
        ) : (
          <span className="hidden md:block md:w-20" aria-hidden />
        )}
      </div>
    </li>
  );
}

function QueueSkeleton() {
  return (
    <Card className="divide-y divide-border" aria-busy="true" aria-label="Loading orders">
      {[0, 1, 2, 3, 4].map((i) => (
        <div key={i} className="flex items-center gap-4 px-4 py-4 md:px-6">
          <Skeleton className="size-14 shrink-0" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-3 w-24" />
            <Skeleton className="h-5 w-1/3" />
            <Skeleton className="h-3 w-1/4" />
          </div>
          <Skeleton className="hidden h-6 w-24 rounded-full md:block" />
          <Skeleton className="hidden h-5 w-20 md:block" />
          <Skeleton className="hidden h-5 w-12 md:block" />
        </div>
      ))}
    </Card>
  );
}
