import type { Quote } from "@atelier/contract";
import { amountFormatter, formatDate } from "@/lib/format";
import { TaxRows } from "./tax-rows";

/**
 * Shared by the customer's quote screens and the staff quote builder's preview. A quote's lines
 * (before tax), its tax lines and total incl. tax (a quote from before tax: its total), advance and
 * balance, validity and the jeweller's note.
 */
export function QuoteBreakdown({ quote }: { quote: Quote }) {
  const money = amountFormatter(quote.currency);
  return (
    <div className="flex flex-col gap-3">
      <dl className="flex flex-col divide-y divide-border text-sm">
        {quote.line_items.map((line, i) => (
          <div key={`${line.label}-${i}`} className="flex items-baseline justify-between gap-4 py-2">
            <dt className="min-w-0 text-muted">{line.label}</dt>
            <dd className="shrink-0 tabular-nums">{money(line.amount)}</dd>
          </div>
        ))}
        {quote.tax ? (
          <TaxRows tax={quote.tax} currency={quote.currency} />
        ) : (
          <div className="flex items-baseline justify-between gap-4 py-2 text-base font-semibold">
            <dt>Total</dt>
            <dd className="shrink-0 tabular-nums">{money(quote.amount)}</dd>
          </div>
        )}
        <div className="flex items-baseline justify-between gap-4 py-2">
          <dt className="text-muted">Advance ({quote.advance_percent}%)</dt>
          <dd className="shrink-0 tabular-nums">{money(quote.advance_amount)}</dd>
        </div>
        <div className="flex items-baseline justify-between gap-4 py-2">
          <dt className="text-muted">Balance before shipping</dt>
          <dd className="shrink-0 tabular-nums">{money(quote.balance_amount)}</dd>
        </div>
      </dl>
      <p className="text-xs text-muted">
        <QuoteWhen quote={quote} />
      </p>
      {quote.note && <p className="whitespace-pre-line rounded-md bg-surface-muted px-4 py-3 text-sm">{quote.note}</p>}
      {quote.status === "declined" && quote.decline_reason && <p className="text-sm text-muted">Your reason: {quote.decline_reason}</p>}
    </div>
  );
}

function QuoteWhen({ quote }: { quote: Quote }) {
  switch (quote.status) {
    case "pending":
      return (
        <>
          Valid until <time dateTime={quote.valid_until}>{formatDate(quote.valid_until)}</time>
        </>
      );
    case "expired":
      return (
        <>
          Expired on <time dateTime={quote.valid_until}>{formatDate(quote.valid_until)}</time>
        </>
      );
    case "accepted":
    case "declined": {
      const when = quote.responded_at ?? quote.created_at;
      return (
        <>
          {quote.status === "accepted" ? "Accepted" : "Declined"} on <time dateTime={when}>{formatDate(when)}</time>
        </>
      );
    }
  }
}
