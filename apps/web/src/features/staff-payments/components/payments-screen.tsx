import {
  LEDGER_METHOD_LABELS,
  LEDGER_METHODS,
  LEDGER_STATUSES,
  PAGE_SIZE,
  PAYMENT_STATUS_INFO,
  REFUND_STATUS_INFO,
  type LedgerEntry,
  type LedgerMethod,
  type LedgerStatus,
  type LedgerTotal,
} from "@atelier/contract";
import { AlertTriangle, Download, Search, Wallet } from "lucide-react";
import { useId, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Input, NativeSelect } from "@/components/ui/input";
import { Pagination } from "@/components/ui/pagination";
import { Skeleton } from "@/components/ui/skeleton";
import { EmptyState, ErrorState } from "@/components/ui/states";
import { toast } from "@/components/ui/use-toast";
import { paths } from "@/config/paths";
import { errorMessage } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { formatAmount, formatDateTime } from "@/lib/format";
import { pageFrom } from "@/lib/use-list-params";
import { downloadLedgerCsv, useLedger, type LedgerParams } from "../api/get-ledger";

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The status labels the ledger shows: a payment's, or a refund's ("Refunded", "Refund pending", "Refund failed"). */
export function entryStatus(e: Pick<LedgerEntry, "entry" | "status">): {
  label: string;
  tone: "gold" | "green" | "garnet" | "neutral" | "blue";
} {
  if (e.entry === "refund") {
    const info = REFUND_STATUS_INFO[e.status === "succeeded" ? "succeeded" : e.status === "pending" ? "pending" : "failed"];
    return { label: info.label, tone: info.tone };
  }
  if (e.status === "succeeded") return { label: "Succeeded", tone: "green" };
  return PAYMENT_STATUS_INFO[e.status];
}

const STATUS_OPTIONS: { value: LedgerStatus; label: string }[] = LEDGER_STATUSES.map((s) => ({
  value: s,
  label:
    s === "succeeded" ? "Refunded (succeeded)" : s === "failed" ? "Failed" : s === "pending" ? "Pending" : PAYMENT_STATUS_INFO[s].label,
}));

/** The filters kept in the address (Back, reload and shared links show the same view). */
function useLedgerParams(): [LedgerParams, (change: Partial<LedgerParams>) => void] {
  const [sp, setSp] = useSearchParams();
  const status = sp.get("status");
  const method = sp.get("method");
  const params: LedgerParams = {
    status: status && (LEDGER_STATUSES as readonly string[]).includes(status) ? (status as LedgerStatus) : "all",
    method: method && (LEDGER_METHODS as readonly string[]).includes(method) ? (method as LedgerMethod) : "all",
    from: DATE.test(sp.get("from") ?? "") ? (sp.get("from") ?? "") : "",
    to: DATE.test(sp.get("to") ?? "") ? (sp.get("to") ?? "") : "",
    flagged: sp.get("flagged") === "true",
    page: pageFrom(sp.get("page")),
  };
  const update = (change: Partial<LedgerParams>) =>
    setSp((current) => {
      const next = new URLSearchParams(current);
      const merged = { ...params, page: 1, ...change };
      const set = (key: string, value: string, unset: string) => (value === unset ? next.delete(key) : next.set(key, value));
      set("status", merged.status, "all");
      set("method", merged.method, "all");
      set("from", merged.from, "");
      set("to", merged.to, "");
      set("flagged", merged.flagged ? "true" : "", "");
      set("page", String(merged.page), "1");
      return next;
    });
  return [params, update];
}

/** The payments ledger (/staff/payments): every payment and refund across orders, totals per currency, flagged captures highlighted, CSV. */
export function PaymentsScreen() {
  const [params, update] = useLedgerParams();
  const ledger = useLedger(params);
  const [exporting, setExporting] = useState(false);
  const pageCount = ledger.data ? Math.ceil(ledger.data.count / PAGE_SIZE) : 0;
  const filtered = params.status !== "all" || params.method !== "all" || params.from !== "" || params.to !== "" || params.flagged;

  async function exportCsv() {
    setExporting(true);
    try {
      await downloadLedgerCsv(params);
    } catch (err) {
      toast({ variant: "destructive", title: "The CSV could not be downloaded", description: errorMessage(err, "Please try again.") });
    } finally {
      setExporting(false);
    }
  }

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-col gap-2">
          <p className="eyebrow">Money</p>
          <h1 className="text-4xl sm:text-5xl">Payments</h1>
          <p className="max-w-2xl text-muted">
            Every payment taken and every refund given, across orders, newest first. Totals are per currency; a flagged capture (the
            provider took an amount or currency that was not due) waits for you to refund or resolve it.
          </p>
        </div>
        <Button variant="secondary" onClick={() => void exportCsv()} loading={exporting} className="shrink-0">
          <Download /> Export CSV
        </Button>
      </div>

      <LedgerFilters params={params} onChange={update} />

      {ledger.isPending ? (
        <LedgerSkeleton />
      ) : ledger.isError || (ledger.isPlaceholderData && ledger.failureCount > 0) ? (
        <ErrorState
          message={errorMessage(ledger.error, "The payments could not be loaded. Please try again.")}
          onRetry={() => void ledger.refetch()}
        />
      ) : (
        <>
          <Totals totals={ledger.data.totals} />
          {ledger.data.results.length === 0 ? (
            <EmptyState
              icon={filtered ? <Search /> : <Wallet />}
              title={filtered ? "No payment matches" : "No payments yet"}
              description={
                filtered
                  ? "Nothing matches these filters. Widen the dates or clear the filters."
                  : "Payments appear here as customers pay, and refunds as you make them."
              }
              action={
                filtered ? (
                  <Button variant="secondary" onClick={() => update({ status: "all", method: "all", from: "", to: "", flagged: false })}>
                    Clear filters
                  </Button>
                ) : undefined
              }
            />
          ) : (
            <>
              <Card className={cn("overflow-hidden transition-opacity", ledger.isPlaceholderData && "opacity-70")}>
                <ol className="divide-y divide-border" aria-label="Payments and refunds">
                  {ledger.data.results.map((e) => (
                    <LedgerRow key={`${e.entry}-${e.id}`} entry={e} />
                  ))}
                </ol>
              </Card>
              <p className="sr-only" role="status">
                {ledger.data.count === 1 ? "1 entry" : `${ledger.data.count} entries`}
              </p>
              <Pagination page={params.page} pageCount={pageCount} onPageChange={(p) => update({ page: p })} />
            </>
          )}
        </>
      )}
    </div>
  );
}

function LedgerFilters({ params, onChange }: { params: LedgerParams; onChange: (change: Partial<LedgerParams>) => void }) {
  const id = useId();
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto] lg:items-end" role="group" aria-label="Filters">
      <label className="flex flex-col gap-1 text-sm text-muted" htmlFor={`${id}-status`}>
        Status
        <NativeSelect
          id={`${id}-status`}
          className="bg-surface"
          value={params.status}
          onChange={(e) => onChange({ status: e.target.value as LedgerStatus | "all" })}
        >
          <option value="all">All statuses</option>
          {STATUS_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect>
      </label>
      <label className="flex flex-col gap-1 text-sm text-muted" htmlFor={`${id}-method`}>
        Method
        <NativeSelect
          id={`${id}-method`}
          className="bg-surface"
          value={params.method}
          onChange={(e) => onChange({ method: e.target.value as LedgerMethod | "all" })}
        >
          <option value="all">All methods</option>
          {LEDGER_METHODS.map((m) => (
            <option key={m} value={m}>
              {LEDGER_METHOD_LABELS[m]}
            </option>
          ))}
        </NativeSelect>
      </label>
      <label className="flex flex-col gap-1 text-sm text-muted" htmlFor={`${id}-from`}>
        From
        <Input
          id={`${id}-from`}
          type="date"
          className="bg-surface"
          value={params.from}
          max={params.to || undefined}
          onChange={(e) => onChange({ from: e.target.value })}
        />
      </label>
      <label className="flex flex-col gap-1 text-sm text-muted" htmlFor={`${id}-to`}>
        To
        <Input
          id={`${id}-to`}
          type="date"
          className="bg-surface"
          value={params.to}
          min={params.from || undefined}
          onChange={(e) => onChange({ to: e.target.value })}
        />
      </label>
      <label className="flex h-10 items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-4 accent-[var(--color-accent-strong)]"
          checked={params.flagged}
          onChange={(e) => onChange({ flagged: e.target.checked })}
        />
        Flagged only
      </label>
    </div>
  );
}

function Totals({ totals }: { totals: LedgerTotal[] }) {
  if (totals.length === 0) return null;
  return (
    <section aria-label="Totals per currency" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {totals.map((t) => (
        <Card key={t.currency} className="flex flex-col gap-3 p-5" data-testid="ledger-total">
          <div className="flex items-center justify-between">
            <h2 className="font-sans text-sm font-medium uppercase tracking-wider text-muted">{t.currency}</h2>
            {t.flagged_count > 0 && (
              <Badge tone="garnet">
                <AlertTriangle className="size-3.5" aria-hidden /> {t.flagged_count} flagged
              </Badge>
            )}
          </div>
          <dl className="grid grid-cols-2 gap-1 text-sm">
            <dt className="text-muted">Received</dt>
            <dd className="text-right tabular-nums">{formatAmount(t.received, t.currency)}</dd>
            <dt className="text-muted">Refunded</dt>
            <dd className="text-right tabular-nums">{formatAmount(t.refunded, t.currency)}</dd>
            {t.refund_pending !== "0.00" && (
              <>
                <dt className="text-muted">Refunds pending</dt>
                <dd className="text-right tabular-nums">{formatAmount(t.refund_pending, t.currency)}</dd>
              </>
            )}
            <dt className="border-t border-border pt-1 font-medium">Net</dt>
            <dd className="border-t border-border pt-1 text-right font-medium tabular-nums">{formatAmount(t.net, t.currency)}</dd>
          </dl>
        </Card>
      ))}
    </section>
  );
}

function LedgerRow({ entry: e }: { entry: LedgerEntry }) {
  const status = entryStatus(e);
  const flagged = e.entry === "payment" && e.status === "flagged";
  const refund = e.entry === "refund";
  return (
    <li
      className={cn(
        "flex flex-col gap-2 px-4 py-4 md:flex-row md:items-center md:justify-between md:px-6",
        flagged && "border-l-4 border-l-destructive bg-destructive-soft/40",
      )}
      data-testid="ledger-entry"
      data-flagged={flagged || undefined}
    >
      <div className="flex min-w-0 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <Link to={paths.staff.order.getHref(e.order_id)} className="font-medium text-accent-strong underline-offset-4 hover:underline">
            {e.order_number}
          </Link>
          <span className="text-sm">
            {refund ? `Refund of the ${e.payment_kind}` : e.payment_kind === "advance" ? "Advance" : "Balance"}
          </span>
          <Badge tone={status.tone}>{status.label}</Badge>
        </div>
        <p className="text-sm text-muted">
          {e.customer.name || e.customer.email}
          {e.customer.name && <span className="hidden md:inline"> · {e.customer.email}</span>} ·{" "}
          {LEDGER_METHOD_LABELS[e.method as LedgerMethod] ?? e.method}
          {e.reference && (
            <>
              {" "}
              · <span className="break-all font-mono text-foreground">{e.reference}</span>
            </>
          )}
        </p>
        {e.note && (
          <p className={cn("text-sm", flagged || e.status === "failed" || e.status === "rejected" ? "text-destructive" : "text-muted")}>
            {e.note}
          </p>
        )}
      </div>
      <div className="flex shrink-0 flex-col items-start gap-0.5 md:items-end">
        <span className={cn("font-medium tabular-nums", refund && "text-destructive")}>
          {refund ? "−" : ""}
          {formatAmount(e.amount, e.currency)}
        </span>
        <time className="text-xs text-muted" dateTime={e.created_at}>
          {formatDateTime(e.created_at)}
        </time>
      </div>
    </li>
  );
}

function LedgerSkeleton() {
  return (
    <div className="flex flex-col gap-4" aria-busy="true" role="status">
      <span className="sr-only">Loading the payments…</span>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <Skeleton className="h-36" />
        <Skeleton className="h-36" />
      </div>
      <Card className="divide-y divide-border">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="flex items-center gap-3 px-4 py-5 md:px-6">
            <Skeleton className="h-5 w-32" />
            <Skeleton className="h-5 w-24 rounded-full" />
            <Skeleton className="ml-auto h-5 w-24" />
          </div>
        ))}
      </Card>
    </div>
  );
}
