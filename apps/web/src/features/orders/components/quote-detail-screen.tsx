import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { RecordLoadError, RecordNotFound } from "@/components/record-states";
import { QuoteStatusBadge } from "@/components/ui/status-badge";
import { paths } from "@/config/paths";
import { ApiError } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format";
import { useQuote } from "../api/get-quote";
import { QuoteActionButtons, useQuoteResponse } from "./quote-actions";
import { QuoteBreakdown } from "@/components/quote-breakdown";

/** One quote: its lines and terms, Accept / Decline while pending, and its order. */
export function QuoteDetailScreen({ quoteId }: { quoteId: string }) {
  const quote = useQuote(quoteId);
  const respond = useQuoteResponse();
  const back = (
    <Button asChild variant="ghost" size="sm" className="-ml-3 self-start">
      <Link to={paths.dashboard.quotes.getHref()}>
        <ArrowLeft aria-hidden /> All quotes
      </Link>
    </Button>
  );

  if (quote.isPending) {
    return (
      <div className="flex flex-col gap-6" aria-busy="true" aria-label="Loading quote">
        {back}
        <Skeleton className="h-12 w-2/3" />
        <Skeleton className="h-72 w-full max-w-2xl" />
      </div>
    );
  }
  if (quote.error instanceof ApiError && quote.error.status === 404) {
    return (
      <RecordNotFound
        back={back}
        title="Quote not found"
        description="The quote you are looking for does not exist or you do not have access to it."
        action={{ href: paths.dashboard.quotes.getHref(), label: "Back to Quotes" }}
      />
    );
  }
  if (!quote.data) {
    return <RecordLoadError back={back} message="Failed to load the quote. Please try again." onRetry={() => void quote.refetch()} />;
  }
  const q = quote.data;
  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-4">
        {back}
        <div>
          <p className="eyebrow">Quote</p>
          <div className="mt-2 flex flex-wrap items-center gap-3">
            <h1 className="break-words text-4xl sm:text-5xl">{q.design_name}</h1>
            <QuoteStatusBadge status={q.status} />
          </div>
          <p className="mt-2 text-sm text-muted">
            For order{" "}
            <Link to={paths.dashboard.order.getHref(q.order_id)} className="font-mono text-accent-strong underline-offset-4 hover:underline">
              {q.order_number}
            </Link>{" "}
            · issued <time dateTime={q.created_at}>{formatDateTime(q.created_at)}</time>
          </p>
        </div>
      </div>
      <Card className="flex max-w-2xl flex-col gap-6 p-5 sm:p-8">
        <QuoteBreakdown quote={q} />
        {q.status === "pending" && <QuoteActionButtons quote={q} onAccept={respond.onAccept} onDecline={respond.onDecline} accepting={respond.accepting === q.id} />}
        <Link to={paths.dashboard.order.getHref(q.order_id)} className="self-start text-sm font-medium text-accent-strong underline-offset-4 hover:underline">
          View the order
        </Link>
      </Card>
      {respond.dialog}
    </div>
  );
}
