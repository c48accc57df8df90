import { PAGE_SIZE, type Quote } from "@atelier/contract";
import { Check, ReceiptText, X } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Pagination } from "@/components/ui/pagination";
import { Skeleton } from "@/components/ui/skeleton";
import { EmptyState, ErrorState } from "@/components/ui/states";
import { QuoteStatusBadge } from "@/components/ui/status-badge";
import { ListToolbar } from "@/components/list-toolbar";
import { paths } from "@/config/paths";
import { formatAmount, formatDate } from "@/lib/format";
import { useQuotes } from "../api/get-quotes";
import { useListParams } from "./order-parts";
import { useQuoteResponse } from "./quote-actions";

export const QUOTE_FILTERS = [
  { value: "all", label: "All" },
  { value: "pending", label: "Pending" },
  { value: "accepted", label: "Accepted" },
  { value: "declined", label: "Declined" },
  { value: "expired", label: "Expired" },
] as const;

/** Quotes (spec §2): search, a working status filter, View, accept/decline on pending ones. */
export function QuotesScreen() {
  const { page, status, search, update } = useListParams();
  const quotes = useQuotes({ page, status, search });
  const respond = useQuoteResponse();
  const pageCount = quotes.data ? Math.ceil(quotes.data.count / PAGE_SIZE) : 0;
  const filtered = status !== "all" || search !== "";

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-2">
        <p className="eyebrow">Your atelier</p>
        <h1 className="text-4xl sm:text-5xl">Quotes</h1>
        <p className="max-w-xl text-muted">Your jeweller&apos;s quotes for your designs. Accept one to pay the advance and start the CAD work.</p>
      </div>

      <ListToolbar
        search={search}
        status={status}
        statusOptions={QUOTE_FILTERS}
        onSearch={(value) => update({ search: value })}
        onStatus={(value) => update({ status: value })}
        searchLabel="Search quotes"
        placeholder="Search by design or order number"
      />

      {quotes.isPending ? (
        <Card className="divide-y divide-border" aria-busy="true" aria-label="Loading quotes">
          {[0, 1, 2].map((i) => (
            <div key={i} className="flex items-center gap-4 p-4 sm:px-6">
              <div className="flex flex-1 flex-col gap-2">
                <Skeleton className="h-5 w-1/3" />
                <Skeleton className="h-3 w-1/4" />
              </div>
              <Skeleton className="h-6 w-20 rounded-full" />
              <Skeleton className="hidden h-9 w-20 sm:block" />
            </div>
          ))}
        </Card>
      ) : quotes.isError || (quotes.isPlaceholderData && quotes.failureCount > 0) ? (
        <ErrorState message="Failed to load your quotes. Please try again." onRetry={() => void quotes.refetch()} />
      ) : quotes.data.results.length === 0 ? (
        <EmptyState
          icon={<ReceiptText />}
          title="No quotes found"
          description={filtered ? "No quote matches this search or filter. Try another one." : "When your jeweller prices one of your designs, the quote appears here."}
          action={
            filtered ? (
              <Button variant="secondary" onClick={() => update({ search: "", status: "all" })}>
                Clear filters
              </Button>
            ) : (
              <Button asChild variant="secondary">
                <Link to={paths.dashboard.orders.getHref()}>View your orders</Link>
              </Button>
            )
          }
        />
      ) : (
        <>
          <Card className="overflow-hidden">
            <ul className="divide-y divide-border" aria-label="Quotes">
              {quotes.data.results.map((q) => (
                <QuoteRow key={q.id} quote={q} onAccept={respond.onAccept} onDecline={respond.onDecline} accepting={respond.accepting === q.id} />
              ))}
            </ul>
          </Card>
          <Pagination page={page} pageCount={pageCount} onPageChange={(p) => update({ page: p })} />
        </>
      )}
      {respond.dialog}
    </div>
  );
}

function QuoteRow({ quote: q, onAccept, onDecline, accepting }: { quote: Quote; onAccept: (q: Quote) => void; onDecline: (q: Quote) => void; accepting: boolean }) {
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:gap-5 sm:px-6" data-testid="quote-row">
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <h2 className="truncate font-sans text-base font-medium">{q.design_name}</h2>
        <p className="text-xs text-muted">
          <span className="font-mono">{q.order_number}</span> · {q.status === "pending" ? "valid until " : "issued "}
          <time dateTime={q.status === "pending" ? q.valid_until : q.created_at}>{formatDate(q.status === "pending" ? q.valid_until : q.created_at)}</time>
        </p>
      </div>
      <div className="flex items-center gap-2 sm:shrink-0 sm:gap-4">
        <QuoteStatusBadge status={q.status} />
        <span className="ml-auto font-medium tabular-nums sm:ml-0 sm:w-28 sm:text-right">{formatAmount(q.amount, q.currency)}</span>
        {q.status === "pending" && (
          <>
            <Button size="icon" variant="ghost" className="text-success hover:bg-success-soft" aria-label={`Accept quote for ${q.design_name}`} onClick={() => onAccept(q)} loading={accepting}>
              {!accepting && <Check aria-hidden />}
            </Button>
            <Button size="icon" variant="ghost" className="text-destructive hover:bg-destructive-soft" aria-label={`Decline quote for ${q.design_name}`} onClick={() => onDecline(q)}>
              <X aria-hidden />
            </Button>
          </>
        )}
        <Button asChild size="sm" variant="secondary">
          <Link to={paths.dashboard.quote.getHref(q.id)} aria-label={`View quote for ${q.design_name}`}>
            View
          </Link>
        </Button>
      </div>
    </li>
  );
}
