import { AUDIT_ACTIONS, PAGE_SIZE, type AuditAction, type AuditEntry } from "@atelier/contract";
import { ArrowRight, ScrollText, Search } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { NativeSelect } from "@/components/ui/input";
import { Pagination } from "@/components/ui/pagination";
import { SearchField } from "@/components/ui/search-field";
import { Skeleton } from "@/components/ui/skeleton";
import { EmptyState, ErrorState } from "@/components/ui/states";
import { paths } from "@/config/paths";
import { cn } from "@/lib/cn";
import { formatDateTime, formatRelative } from "@/lib/format";
import { useListParams, type ListFilter } from "@/lib/use-list-params";
import { useAuditLog } from "../api/get-audit";
import { ACTION_GROUPS, ACTION_INFO, changeRows, isRecent, targetTypeLabel, type ChangeRow } from "../utils/changes";

const FILTERS = { action: { values: ["all", ...AUDIT_ACTIONS], default: "all" } satisfies ListFilter<AuditAction | "all"> };

/** A long change (a pricing save touches many rates) shows this many rows until asked for more. */
const FOLDED_ROWS = 6;

/** The audit log (/staff/audit, admins): every staff action with actor, time, target and what changed. */
export function AuditScreen() {
  const { search, page, filters, update } = useListParams(FILTERS);
  const action = filters.action;
  const log = useAuditLog({ action, search, page });
  const pageCount = log.data ? Math.ceil(log.data.count / PAGE_SIZE) : 0;
  const filtered = action !== "all" || search !== "";

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-2">
        <p className="eyebrow">Administration</p>
        <h1 className="text-4xl sm:text-5xl">Audit log</h1>
        <p className="max-w-2xl text-muted">
          Every staff action, newest first: who did it, when, to what, and what changed. Entries are written with the change itself and
          cannot be edited.
        </p>
      </div>

      <section aria-labelledby="audit-list-title" className="flex flex-col gap-5">
        <h2 id="audit-list-title" className="sr-only">
          Entries
        </h2>
        <AuditToolbar
          search={search}
          action={action}
          onSearch={(value) => update({ search: value })}
          onAction={(value) => update({ filters: { action: value } })}
        />

        {log.isPending ? (
          <AuditSkeleton />
        ) : log.isError || (log.isPlaceholderData && log.failureCount > 0) ? (
          <ErrorState message="The audit log could not be loaded. Please try again." onRetry={() => void log.refetch()} />
        ) : log.data.results.length === 0 ? (
          <EmptyState
            icon={filtered ? <Search /> : <ScrollText />}
            title={filtered ? "No entry matches" : "No staff actions yet"}
            description={
              filtered
                ? "No entry matches the search or the action. Try another e-mail, order number or action."
                : "Quotes, payment decisions, CAD uploads, moves, pricing saves and people changes are recorded here as they happen."
            }
            action={
              filtered ? (
                <Button variant="secondary" onClick={() => update({ search: "", filters: { action: "all" } })}>
                  Clear filters
                </Button>
              ) : undefined
            }
          />
        ) : (
          <>
            <Card className={cn("overflow-hidden transition-opacity", log.isPlaceholderData && "opacity-70")}>
              <ol className="divide-y divide-border" aria-label="Audit entries">
                {log.data.results.map((entry) => (
                  <AuditRow key={entry.id} entry={entry} />
                ))}
              </ol>
            </Card>
            <p className="sr-only" role="status">
              {log.data.count === 1 ? "1 entry" : `${log.data.count} entries`}
            </p>
            <Pagination page={page} pageCount={pageCount} onPageChange={(p) => update({ page: p })} />
          </>
        )}
      </section>
    </div>
  );
}

function AuditToolbar({
  search,
  action,
  onSearch,
  onAction,
}: {
  search: string;
  action: AuditAction | "all";
  onSearch: (value: string) => void;
  onAction: (value: AuditAction | "all") => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
      <SearchField value={search} onSearch={onSearch} label="Search the audit log" placeholder="Actor e-mail, order number or account" />
      <div className="flex items-center gap-2 sm:w-72">
        <label htmlFor={`${id}-action`} className="shrink-0 text-sm text-muted">
          Action
        </label>
        <NativeSelect
          id={`${id}-action`}
          value={action}
          onChange={(e) => onAction(e.target.value as AuditAction | "all")}
          className="bg-surface"
        >
          <option value="all">All actions</option>
          {ACTION_GROUPS.map((group) => (
            <optgroup key={group} label={group}>
              {AUDIT_ACTIONS.filter((a) => ACTION_INFO[a].group === group).map((a) => (
                <option key={a} value={a}>
                  {ACTION_INFO[a].label}
                </option>
              ))}
            </optgroup>
          ))}
        </NativeSelect>
      </div>
    </div>
  );
}

/** Where an entry's target can be opened: the order's workbench (also for its payments and CAD versions), the account in People, the lead in Leads. */
function targetHref(entry: AuditEntry): string | null {
  switch (entry.target_type) {
    case "order":
      return paths.staff.order.getHref(entry.target_id);
    case "cad_design":
    case "payment": {
      const orderId = entry.after?.order_id;
      return typeof orderId === "string" ? paths.staff.order.getHref(orderId) : null;
    }
    case "user":
      return `${paths.staff.people.getHref()}?${new URLSearchParams({ search: entry.target_label })}`;
    case "lead": {
      const email = /<([^>]+)>/.exec(entry.target_label)?.[1];
      return email ? `${paths.staff.leads.getHref()}?${new URLSearchParams({ state: "all", search: email })}` : null;
    }
    default:
      return null;
  }
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const info = ACTION_INFO[entry.action];
  const href = targetHref(entry);
  const rows = changeRows(entry);
  const recent = isRecent(entry.created_at);
  // The server names the actor by the contract's one formatter ("Kavya Iyer (staff)"); the e-mail is beside it.
  const actor = entry.actor ? entry.actor.name || entry.actor.email : "A removed account";
  const label = entry.target_label || targetTypeLabel(entry.target_type);

  return (
    <li className="flex flex-col gap-3 px-4 py-5 md:px-6" data-testid="audit-entry">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between sm:gap-6">
        <div className="flex min-w-0 flex-col gap-1.5">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
            <Badge tone={info.tone}>{info.label}</Badge>
            <h3 className="min-w-0 break-words font-sans text-base font-medium">
              <span className="sr-only">{targetTypeLabel(entry.target_type)}: </span>
              {href ? (
                <Link to={href} className="text-accent-strong underline-offset-4 hover:underline">
                  {label}
                </Link>
              ) : (
                label
              )}
            </h3>
          </div>
          <p className="text-sm text-muted">
            by <span className="font-medium text-foreground">{actor}</span>
            {entry.actor && entry.actor.name && <span className="hidden md:inline"> · {entry.actor.email}</span>}
          </p>
        </div>
        <p className="shrink-0 text-sm text-muted sm:text-right">
          <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>
          {recent && (
            <span className="text-xs sm:block">
              <span className="sm:hidden"> · </span>
              {formatRelative(entry.created_at)}
            </span>
          )}
        </p>
      </div>
      {rows.length > 0 && <Changes rows={rows} />}
    </li>
  );
}

function Changes({ rows }: { rows: ChangeRow[] }) {
  const [all, setAll] = useState(false);
  const shown = all ? rows : rows.slice(0, FOLDED_ROWS);
  const hidden = rows.length - shown.length;
  return (
    <div className="rounded-md border border-border bg-surface-muted/40 px-4 py-3">
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[minmax(6rem,max-content)_1fr]">
        {shown.map((row) => (
          <div key={row.key} className="contents">
            <dt className="flex items-center self-start text-[0.7rem] font-medium uppercase tracking-[0.08em] text-muted sm:h-7">
              {row.label}
            </dt>
            <dd className="flex min-h-7 min-w-0 flex-wrap items-center gap-x-2 gap-y-1" data-testid="change">
              {row.before !== undefined && (
                <>
                  <del className="rounded bg-destructive-soft px-1.5 py-0.5 text-foreground no-underline">
                    <span className="sr-only">from </span>
                    <Value text={row.before} />
                  </del>
                  {row.after !== undefined && <ArrowRight className="size-3.5 shrink-0 text-muted" aria-hidden />}
                </>
              )}
              {row.after !== undefined && (
                <ins
                  className={cn(
                    "rounded px-1.5 py-0.5 text-foreground no-underline",
                    row.before !== undefined ? "bg-success-soft" : "bg-surface",
                  )}
                >
                  {row.before !== undefined && <span className="sr-only">to </span>}
                  <Value text={row.after} />
                </ins>
              )}
            </dd>
          </div>
        ))}
      </dl>
      {rows.length > FOLDED_ROWS && (
        <Button variant="link" size="sm" className="mt-2" aria-expanded={all} onClick={() => setAll((v) => !v)}>
          {all ? "Show fewer changes" : `Show ${hidden} more ${hidden === 1 ? "change" : "changes"}`}
        </Button>
      )}
    </div>
  );
}

function Value({ text }: { text: string }) {
  return <span className={cn("whitespace-pre-line break-words", text === "none" && "italic text-muted")}>{text}</span>;
}

function AuditSkeleton() {
  return (
    <Card className="divide-y divide-border" aria-busy="true" role="status">
      <span className="sr-only">Loading the audit log…</span>
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="flex flex-col gap-3 px-4 py-5 md:px-6">
          <div className="flex items-center gap-3">
            <Skeleton className="h-5 w-28 rounded-full" />
            <Skeleton className="h-5 w-40" />
            <Skeleton className="ml-auto h-4 w-32" />
          </div>
          <Skeleton className="h-4 w-48" />
          <Skeleton className="h-14 w-full" />
        </div>
      ))}
    </Card>
  );
}
