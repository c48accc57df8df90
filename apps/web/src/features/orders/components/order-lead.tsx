import {
  currentQuoteOf,
  orderNextAction,
  orderShowsBalance,
  trackingLink,
  type Order,
  type OrderNextAction,
  type Quote,
} from "@atelier/contract";
import { Box, CheckCircle2, ExternalLink, FileSignature, Hourglass, Landmark, PackageCheck, Truck, XCircle } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/dialog";
import { QuoteStatusBadge } from "@/components/ui/status-badge";
import { toast } from "@/components/ui/use-toast";
import { EstimateSummary } from "@/components/estimate-summary";
import { TaxRows } from "@/components/tax-rows";
import { paths } from "@/config/paths";
import { cn } from "@/lib/cn";
import { amountFormatter, formatAmount, formatDate, NO_ESTIMATE_REASON } from "@/lib/format";
import { useConfirmDelivery } from "../api/confirm-delivery";
import { toastFailure } from "./order-parts";
import { awaitingOnline, OnlinePayment, PaymentReturnNotice } from "./online-payment";
import { PaymentDueCard } from "./order-payment-panel";
import { QuoteActionButtons, useQuoteResponse } from "./quote-actions";

/**
 * What matters now on an order, in this order (issue 22): the quote that governs it (or, before
 * any quote, the instant estimate), the one thing the customer is asked to do next with what it
 * takes to do it, and where the parcel is once it has shipped. History and the rest follow below.
 */
export function OrderLead({ order, onReviewCad }: { order: Order; onReviewCad: () => void }) {
  const next = orderNextAction(order);
  const due = order.payment_due;
  // "Balance due" only once the CAD is approved; the advance from acceptance on.
  const showDue = due !== null && order.status !== "cancelled" && (due.kind === "advance" || orderShowsBalance(order.status));
  return (
    <section aria-label="What matters now" className="grid items-start gap-6 lg:grid-cols-2">
      <QuoteLead order={order} />
      <div className="flex flex-col gap-6">
        <NextStep order={order} next={next} onReviewCad={onReviewCad} />
        <PaymentReturnNotice order={order} />
        {showDue && (
          <PaymentDueCard
            orderId={order.id}
            due={due}
            awaitingOnline={awaitingOnline(order, due)}
            shipsTo={due.kind === "balance" ? order.delivery_address : undefined}
          />
        )}
        {showDue && !(due.kind === "balance" && !order.delivery_address) && <OnlinePayment order={order} due={due} />}
        {order.shipment && <TrackingCard status={order.status} shipment={order.shipment} />}
      </div>
    </section>
  );
}

function QuoteLead({ order }: { order: Order }) {
  const quote = currentQuoteOf(order.quotes);
  if (!quote) {
    // Before any quote, the instant estimate is all there is; once a quote exists it is never shown beside it.
    return (
      <Card role="region" aria-labelledby="order-quote" className="flex flex-col gap-4 p-5 sm:p-6">
        <h2 id="order-quote" className="text-2xl">
          Your quote
        </h2>
        <p className="text-sm text-muted">
          {order.status === "initiated"
            ? "Your jeweller is reviewing your design and will send a quote soon. Meanwhile, here is the instant estimate."
            : order.status === "cancelled"
              ? "No quote was issued for this order."
              : "No quote yet."}
        </p>
        {order.estimate ? (
          <EstimateSummary estimate={order.estimate} headingLevel={3} className="border-t border-border pt-4" />
        ) : (
          <p className="text-sm text-muted">
            {NO_ESTIMATE_REASON}
            {order.status === "initiated" && " Your jeweller will quote it."}
          </p>
        )}
      </Card>
    );
  }
  return <QuoteCard order={order} quote={quote} />;
}

function QuoteCard({ order, quote }: { order: Order; quote: Quote }) {
  const respond = useQuoteResponse();
  const money = amountFormatter(quote.currency);
  const earlier = order.quotes.filter((q) => q.id !== quote.id);
  return (
    <Card role="region" aria-labelledby="order-quote" className="flex flex-col gap-4 p-5 sm:p-6">
      <div className="flex items-center justify-between gap-3">
        <h2 id="order-quote" className="text-2xl">
          Your quote
        </h2>
        <QuoteStatusBadge status={quote.status} />
      </div>
      <div>
        <p className="flex flex-wrap items-baseline gap-x-2">
          <span className="text-3xl font-semibold tabular-nums" data-testid="quote-amount">
            {money(quote.amount)}
          </span>
          <span className="text-sm text-muted">{quote.currency}</span>
          {quote.tax && <span className="text-sm text-muted">incl. tax</span>}
        </p>
        <p className="mt-1 text-sm text-muted" data-testid="quote-when">
          <QuoteWhen quote={quote} />
        </p>
      </div>
      <dl className="flex flex-col divide-y divide-border text-sm">
        <div className="flex items-baseline justify-between gap-4 py-2">
          <dt className="text-muted">Advance ({quote.advance_percent}%)</dt>
          <dd className="shrink-0 tabular-nums">{money(quote.advance_amount)}</dd>
        </div>
        {orderShowsBalance(order.status) && (
          <div className="flex items-baseline justify-between gap-4 py-2">
            <dt className="text-muted">Balance before shipping</dt>
            <dd className="shrink-0 tabular-nums">{money(quote.balance_amount)}</dd>
          </div>
        )}
        <div className="flex items-baseline justify-between gap-4 py-2 font-medium">
          <dt>{quote.tax ? "Total incl. tax" : "Total"}</dt>
          <dd className="shrink-0 tabular-nums">{money(quote.amount)}</dd>
        </div>
      </dl>
      <details className="group text-sm">
        <summary className="cursor-pointer text-accent-strong underline-offset-4 hover:underline">What the quote covers</summary>
        <dl className="mt-2 flex flex-col divide-y divide-border">
          {quote.line_items.map((line, i) => (
            <div key={`${line.label}-${i}`} className="flex items-baseline justify-between gap-4 py-2">
              <dt className="min-w-0 text-muted">{line.label}</dt>
              <dd className="shrink-0 tabular-nums">{money(line.amount)}</dd>
            </div>
          ))}
          {quote.tax && <TaxRows tax={quote.tax} currency={quote.currency} />}
        </dl>
      </details>
      {quote.note && <p className="whitespace-pre-line rounded-md bg-surface-muted px-4 py-3 text-sm">{quote.note}</p>}
      {quote.status === "declined" && quote.decline_reason && <p className="text-sm text-muted">Your reason: {quote.decline_reason}</p>}
      {quote.status === "pending" && order.status !== "cancelled" && (
        <QuoteActionButtons
          quote={quote}
          onAccept={respond.onAccept}
          onDecline={respond.onDecline}
          accepting={respond.accepting === quote.id}
        />
      )}
      {earlier.length > 0 && (
        <details className="text-sm">
          <summary className="cursor-pointer text-muted">Earlier quotes ({earlier.length})</summary>
          <ul className="mt-2 flex flex-col gap-2">
            {earlier.map((q) => (
              <li key={q.id} className="flex items-center justify-between gap-3">
                <Link to={paths.dashboard.quote.getHref(q.id)} className="text-accent-strong underline-offset-4 hover:underline">
                  {formatAmount(q.amount, q.currency)} · {formatDate(q.created_at)}
                </Link>
                <QuoteStatusBadge status={q.status} />
              </li>
            ))}
          </ul>
        </details>
      )}
      {respond.dialog}
    </Card>
  );
}

function QuoteWhen({ quote }: { quote: Quote }) {
  const on = (iso: string) => <time dateTime={iso}>{formatDate(iso)}</time>;
  switch (quote.status) {
    case "pending":
      return <>Valid until {on(quote.valid_until)}</>;
    case "expired":
      return <>Expired on {on(quote.valid_until)}</>;
    case "accepted":
      return <>Accepted on {on(quote.responded_at ?? quote.created_at)}</>;
    case "declined":
      return <>Declined on {on(quote.responded_at ?? quote.created_at)}</>;
  }
}

function NextIcon({ next, order }: { next: OrderNextAction; order: Order }) {
  const cls = "size-5";
  switch (next.kind) {
    case "accept_quote":
      return <FileSignature className={cls} />;
    case "pay":
      return <Landmark className={cls} />;
    case "review_cad":
      return <Box className={cls} />;
    case "confirm_delivery":
      return <PackageCheck className={cls} />;
    case "wait":
      if (order.status === "cancelled") return <XCircle className={cls} />;
      if (next.waitsOn === "carrier") return <Truck className={cls} />;
      if (next.waitsOn === null) return <CheckCircle2 className={cls} />;
      return <Hourglass className={cls} />;
  }
}

function NextStep({ order, next, onReviewCad }: { order: Order; next: OrderNextAction; onReviewCad: () => void }) {
  const asks = next.kind !== "wait";
  return (
    <Card
      role="region"
      aria-labelledby="order-next-step"
      className={cn(
        "flex items-start gap-4 p-5 sm:p-6",
        asks ? "border-accent/50 bg-accent-soft/30" : order.status === "cancelled" && "border-destructive/20 bg-destructive-soft/40",
      )}
      data-testid="next-step"
    >
      <span
        className={cn(
          "flex size-10 shrink-0 items-center justify-center rounded-full",
          asks
            ? "bg-accent-strong text-white"
            : order.status === "cancelled"
              ? "bg-destructive-soft text-destructive"
              : "bg-surface-muted text-muted",
        )}
        aria-hidden
      >
        <NextIcon next={next} order={order} />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <p className="eyebrow font-sans">Next step</p>
        <h2 id="order-next-step" className="font-sans text-lg font-semibold leading-snug">
          {next.title}
        </h2>
        <NextStepBody order={order} next={next} onReviewCad={onReviewCad} />
      </div>
    </Card>
  );
}

function NextStepBody({ order, next, onReviewCad }: { order: Order; next: OrderNextAction; onReviewCad: () => void }) {
  switch (next.kind) {
    case "accept_quote":
      return (
        <p className="text-sm text-muted">
          Your quote of {formatAmount(next.quote.amount, next.quote.currency)} is valid until{" "}
          <time dateTime={next.quote.valid_until}>{formatDate(next.quote.valid_until)}</time>. Accept it to go ahead, or decline it and tell
          us what to change.
        </p>
      );
    case "pay":
      return <p className="text-sm text-muted">Pay by bank transfer or UPI with the details below, then send us the payment reference.</p>;
    case "review_cad":
      return (
        <>
          <p className="text-sm text-muted">Approve it, or ask for changes in the Comments tab and your designer uploads a new version.</p>
          <Button className="self-start" onClick={onReviewCad}>
            <Box aria-hidden /> Review version {next.cad.version}
          </Button>
        </>
      );
    case "confirm_delivery":
      return (
        <>
          <p className="text-sm text-muted">Once it is with you, confirm it here and your order is complete.</p>
          <ConfirmDeliveryButton orderId={order.id} />
        </>
      );
    case "wait":
      if (order.status === "cancelled")
        return order.cancel_reason ? <p className="text-sm text-muted">Reason: {order.cancel_reason}</p> : null;
      if (next.waitsOn === "atelier" && order.payment_due?.awaiting_confirmation) {
        return <p className="text-sm text-muted">We will let you know as soon as it is confirmed.</p>;
      }
      return null;
  }
}

function ConfirmDeliveryButton({ orderId }: { orderId: string }) {
  const confirm = useConfirmDelivery();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button className="self-start" onClick={() => setOpen(true)}>
        <PackageCheck aria-hidden /> Confirm delivery
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => !confirm.isPending && setOpen(next)}
        title="Confirm delivery?"
        description="Confirm that your piece arrived safely. This completes the order."
        confirmLabel="Confirm delivery"
        confirmVariant="primary"
        loading={confirm.isPending}
        onConfirm={() =>
          confirm.mutate(orderId, {
            onSuccess: () => {
              setOpen(false);
              toast({ title: "Delivery confirmed", description: "Thank you. We hope you love your piece." });
            },
            onError: (err) => {
              setOpen(false);
              toastFailure(err, "Failed to confirm delivery. Please try again.");
            },
          })
        }
      />
    </>
  );
}

/** The carrier and tracking number; the number links to the carrier's tracking page when the product knows the carrier. */
function TrackingCard({ status, shipment }: { status: Order["status"]; shipment: NonNullable<Order["shipment"]> }) {
  const link = trackingLink(shipment);
  return (
    <Card role="region" aria-labelledby="order-tracking" className="flex items-start gap-3 p-5 text-sm sm:p-6">
      <Truck className="mt-0.5 size-5 shrink-0 text-success" aria-hidden />
      <div className="flex min-w-0 flex-col gap-2">
        <h2 id="order-tracking" className="font-sans text-base font-medium">
          {status === "shipped" ? "On its way" : "Delivered"}
        </h2>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1">
          <dt className="text-muted">Carrier</dt>
          <dd>{link?.carrier ?? shipment.carrier}</dd>
          <dt className="text-muted">Tracking number</dt>
          <dd className="break-all">
            {link ? (
              <a
                href={link.url}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 font-mono text-accent-strong underline underline-offset-4 hover:no-underline"
                data-testid="tracking-link"
              >
                {shipment.tracking_number}
                <ExternalLink className="size-3.5 shrink-0" aria-hidden />{" "}
                <span className="sr-only">(track on {link.carrier}&apos;s site, opens in a new tab)</span>
              </a>
            ) : (
              <span className="select-all font-mono">{shipment.tracking_number}</span>
            )}
          </dd>
        </dl>
        {link && !link.prefilled && <p className="text-xs text-muted">Enter the tracking number on {link.carrier}&apos;s page.</p>}
      </div>
    </Card>
  );
}
