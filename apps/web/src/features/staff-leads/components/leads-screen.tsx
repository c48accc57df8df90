import { PAGE_SIZE, type LeadSource, type StaffLead } from "@atelier/contract";
import { Check, CheckCheck, ExternalLink, Inbox, Mail, Phone, Search, Undo2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Pagination } from "@/components/ui/pagination";
import { SearchField } from "@/components/ui/search-field";
import { Skeleton } from "@/components/ui/skeleton";
import { EmptyState, ErrorState } from "@/components/ui/states";
import { toast } from "@/components/ui/use-toast";
import { errorMessage } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { formatDateTime, formatRelative } from "@/lib/format";
import { useListParams, type ListFilter } from "@/lib/use-list-params";
import { useStaffLeads } from "../api/get-leads";
import type { LeadListParams } from "../api/keys";
import { useSetLeadHandled } from "../api/set-lead-handled";
import { designLinks } from "../utils/design-links";

type State = LeadListParams["state"];
const FILTERS = { state: { values: ["open", "handled", "all"], default: "open" } satisfies ListFilter<State> };

const STATES: { key: State; label: string }[] = [
  { key: "open", label: "Open" },
  { key: "handled", label: "Handled" },
  { key: "all", label: "All leads" },
];

const SOURCE_LABEL: Record<LeadSource, string> = { contact: "Contact page", home: "Home page" };

/** What an empty view means, and what to do next. */
const EMPTY_TEXT: Record<State, { title: string; description: string }> = {
  open: {
    title: "No open leads",
    description: "Every enquiry has been handled. New ones from the contact page and the home page appear here.",
  },
  handled: { title: "No handled leads yet", description: "Leads you mark handled are kept here, newest first." },
  all: { title: "No leads yet", description: "Enquiries from the contact page and the home page appear here as they arrive." },
};

/** A message longer than this is folded to a few lines until asked for. */
const LONG_MESSAGE = 280;

/** Leads (/staff/leads): contact-page and home-page enquiries, newest first, marked handled when answered. */
export function LeadsScreen() {
  const { search, page, filters, update } = useListParams(FILTERS);
  const state = filters.state;
  const leads = useStaffLeads({ state, search, page });
  const pageCount = leads.data ? Math.ceil(leads.data.count / PAGE_SIZE) : 0;

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-2">
        <p className="eyebrow">Staff console</p>
        <h1 className="text-4xl sm:text-5xl">Leads</h1>
        <p className="max-w-2xl text-muted">
          Enquiries from the contact page and the home page, newest first. Answer each within 24 hours, as the site promises, then mark it
          handled.
        </p>
      </div>

      <section aria-labelledby="leads-list-title" className="flex flex-col gap-5">
        <h2 id="leads-list-title" className="sr-only">
          {STATES.find((s) => s.key === state)?.label} leads
        </h2>
        <div className="flex flex-col gap-3 md:flex-row md:items-center">
          <StateTabs state={state} onSelect={(key) => update({ filters: { state: key } })} />
          <SearchField
            value={search}
            onSearch={(value) => update({ search: value })}
            label="Search leads"
            placeholder="Name, e-mail, phone or idea"
          />
        </div>

        {leads.isPending ? (
          <LeadsSkeleton />
        ) : leads.isError || (leads.isPlaceholderData && leads.failureCount > 0) ? (
          <ErrorState message="The leads could not be loaded. Please try again." onRetry={() => void leads.refetch()} />
        ) : leads.data.results.length === 0 ? (
          search ? (
            <EmptyState
              icon={<Search />}
              title="No lead matches"
              description={`No ${state === "all" ? "" : `${state} `}lead matches “${search}”. Try another name, e-mail or phone number.`}
              action={
                <Button variant="secondary" onClick={() => update({ search: "" })}>
                  Clear search
                </Button>
              }
            />
          ) : (
            <EmptyState
              icon={state === "open" ? <CheckCheck /> : <Inbox />}
              title={EMPTY_TEXT[state].title}
              description={EMPTY_TEXT[state].description}
              action={
                state === "open" ? (
                  <Button variant="secondary" onClick={() => update({ filters: { state: "handled" } })}>
                    See handled leads
                  </Button>
                ) : undefined
              }
            />
          )
        ) : (
          <>
            <ul className={cn("flex flex-col gap-4 transition-opacity", leads.isPlaceholderData && "opacity-70")} aria-label="Leads">
              {leads.data.results.map((lead) => (
                <LeadItem key={lead.id} lead={lead} />
              ))}
            </ul>
            <p className="sr-only" role="status">
              {leads.data.count === 1 ? "1 lead" : `${leads.data.count} leads`}
            </p>
            <Pagination page={page} pageCount={pageCount} onPageChange={(p) => update({ page: p })} />
          </>
        )}
      </section>
    </div>
  );
}

function StateTabs({ state, onSelect }: { state: State; onSelect: (state: State) => void }) {
  return (
    <nav aria-label="Lead state" className="shrink-0">
      <ul className="inline-flex h-11 items-center gap-1 rounded-md border border-border bg-surface-muted p-1">
        {STATES.map(({ key, label }) => (
          <li key={key}>
            <Link
              to={`?state=${key}`}
              onClick={(e) => {
                // Keep the search while moving between states.
                e.preventDefault();
                onSelect(key);
              }}
              aria-current={state === key ? "page" : undefined}
              className={cn(
                "inline-flex h-9 items-center rounded px-4 text-sm font-medium transition-colors",
                state === key ? "bg-surface text-foreground shadow-sm" : "text-muted hover:text-foreground",
              )}
            >
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function LeadItem({ lead }: { lead: StaffLead }) {
  const setHandled = useSetLeadHandled();
  const [expanded, setExpanded] = useState(false);
  const links = designLinks(lead.design_idea);
  const long = lead.design_idea.length > LONG_MESSAGE || lead.design_idea.split("\n").length > 4;
  const handled = lead.handled_at !== null;
  const titleId = `lead-${lead.id}-name`;

  const toggle = () =>
    setHandled.mutate(
      { id: lead.id, handled: !handled },
      {
        onSuccess: () =>
          toast(
            handled
              ? { title: "Lead reopened", description: `${lead.name} is open again.` }
              : { title: "Lead marked handled", description: `${lead.name} is now under Handled.` },
          ),
        onError: (err) => toast({ variant: "destructive", title: "Lead not updated", description: errorMessage(err, "Please try again.") }),
      },
    );

  return (
    <li data-testid="lead">
      <Card className="flex flex-col gap-4 p-5 sm:p-6 md:flex-row md:gap-8">
        <article aria-labelledby={titleId} className="flex min-w-0 flex-1 flex-col gap-3">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
            <h3 id={titleId} className="font-sans text-lg font-semibold">
              {lead.name}
            </h3>
            <Badge tone="neutral">{SOURCE_LABEL[lead.source]}</Badge>
            {handled && <Badge tone="green">Handled</Badge>}
            <span className="text-sm text-muted">
              <time dateTime={lead.created_at} title={formatDateTime(lead.created_at)}>
                {formatRelative(lead.created_at)}
              </time>
            </span>
          </div>

          <ul className="flex flex-col gap-1.5 text-sm sm:flex-row sm:flex-wrap sm:gap-x-6" aria-label={`How to reach ${lead.name}`}>
            <li className="flex min-w-0 items-center gap-2">
              <Mail className="size-4 shrink-0 text-muted" aria-hidden />
              <a href={`mailto:${lead.email}`} className="truncate text-accent-strong underline-offset-4 hover:underline">
                {lead.email}
              </a>
            </li>
            {lead.phone && (
              <li className="flex items-center gap-2">
                <Phone className="size-4 shrink-0 text-muted" aria-hidden />
                <a
                  href={`tel:${lead.phone.replace(/[^\d+]/g, "")}`}
                  className="tabular-nums text-accent-strong underline-offset-4 hover:underline"
                >
                  {lead.phone}
                </a>
              </li>
            )}
          </ul>

          {lead.design_idea ? (
            <div className="flex flex-col items-start gap-1">
              <p
                className={cn(
                  "max-w-prose whitespace-pre-line break-words border-l-2 border-accent/40 pl-4 text-[0.95rem] leading-relaxed",
                  long && !expanded && "line-clamp-4",
                )}
                data-testid="lead-message"
              >
                {lead.design_idea}
              </p>
              {long && (
                <Button variant="link" size="sm" className="pl-4" aria-expanded={expanded} onClick={() => setExpanded((v) => !v)}>
                  {expanded ? "Show less" : "Show the whole message"}
                </Button>
              )}
            </div>
          ) : (
            <p className="text-sm italic text-muted">No message: they left only their contact details.</p>
          )}

          {links.length > 0 && (
            <div className="flex flex-col gap-1.5">
              <p className="text-xs font-semibold uppercase tracking-[0.14em] text-muted">Design links</p>
              <ul className="flex flex-wrap gap-2">
                {links.map((link) => (
                  <li key={link.href} className="min-w-0 max-w-full">
                    <a
                      href={link.href}
                      target="_blank"
                      rel="noopener noreferrer nofollow"
                      className="inline-flex max-w-full items-center gap-1.5 rounded-full border border-border bg-surface-muted/60 px-3 py-1 text-sm text-accent-strong transition-colors hover:border-accent/60 hover:bg-accent-soft"
                    >
                      <ExternalLink className="size-3.5 shrink-0" aria-hidden />
                      <span className="truncate">{link.label}</span>
                      <span className="sr-only"> (opens in a new tab)</span>
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          )}

          {handled && (
            <p className="text-xs text-muted">
              Handled{lead.handled_by ? ` by ${lead.handled_by}` : ""} ·{" "}
              <time dateTime={lead.handled_at ?? undefined} title={formatDateTime(lead.handled_at ?? lead.created_at)}>
                {formatRelative(lead.handled_at ?? lead.created_at)}
              </time>
            </p>
          )}
        </article>

        <div className="flex shrink-0 items-start md:w-44 md:justify-end">
          {handled ? (
            <Button variant="ghost" size="sm" onClick={toggle} loading={setHandled.isPending} aria-label={`Reopen: ${lead.name}`}>
              {!setHandled.isPending && <Undo2 aria-hidden />} Reopen
            </Button>
          ) : (
            <Button variant="secondary" size="sm" onClick={toggle} loading={setHandled.isPending} aria-label={`Mark handled: ${lead.name}`}>
              {!setHandled.isPending && <Check aria-hidden />} Mark handled
            </Button>
          )}
        </div>
      </Card>
    </li>
  );
}

function LeadsSkeleton() {
  return (
    <div className="flex flex-col gap-4" aria-busy="true" role="status">
      <span className="sr-only">Loading leads…</span>
      {[0, 1, 2].map((i) => (
        <Card key={i} className="flex flex-col gap-4 p-5 sm:p-6 md:flex-row md:gap-8">
          <div className="flex flex-1 flex-col gap-3">
            <div className="flex items-center gap-3">
              <Skeleton className="h-6 w-40" />
              <Skeleton className="h-5 w-24 rounded-full" />
              <Skeleton className="h-4 w-16" />
            </div>
            <Skeleton className="h-4 w-64" />
            <Skeleton className="h-16 w-full max-w-prose" />
          </div>
          <Skeleton className="h-8 w-32" />
        </Card>
      ))}
    </div>
  );
}
