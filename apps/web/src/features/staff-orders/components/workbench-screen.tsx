import { DESIGN_TYPE_LABELS, orderProgress, type Order } from "@atelier/contract";
import { ArrowLeft, ExternalLink, Gem, Mail, Phone, ReceiptText, Sparkles, Truck, User } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Link } from "react-router";
import { DesignFieldGroups } from "@/components/design-field-groups";
import { OrderInvoices } from "@/components/order-invoices";
import { Button } from "@/components/ui/button";
import { ImageLightbox, type LightboxImage } from "@/components/ui/image-lightbox";
import { Progress } from "@/components/ui/progress";
import { Skeleton } from "@/components/ui/skeleton";
import { RecordLoadError, RecordNotFound } from "@/components/record-states";
import { OrderStatusBadge, QuoteStatusBadge } from "@/components/ui/status-badge";
import { paths } from "@/config/paths";
import { ApiError } from "@/lib/api-client";
import { amountFormatter, formatAmount, formatDate, formatDateTime, NO_ESTIMATE, NO_ESTIMATE_REASON } from "@/lib/format";
import { useStaffOrder } from "../api/get-order";
import { describeStatusTime } from "../utils/waiting";
import { CadPanel, CAD_UPLOAD_STATUSES, type CadMediaSlot } from "./cad-panel";
import { CertificatesPanel } from "./certificates-panel";
import { CommentsPanel, HistoryPanel } from "./conversation";
import { DeliveryAddressPanel, type AddressActionSlot } from "./delivery-address-panel";
import { MovePanel } from "./move-panel";
import { Panel } from "./panel";
import { PaymentsPanel } from "./payments-panel";
import { QuoteBuilder } from "./quote-builder";

type OpenImages = (images: LightboxImage[], index: number, title: string) => void;

/** The order workbench (/staff/orders/:id): everything about one order and the actions its status allows. */
/** `cadMedia`: how a CAD version's renderings and 3D model show (the cad-viewer feature, composed in routes/). */
export function WorkbenchScreen({ orderId, cadMedia, addressAction }: { orderId: string; cadMedia?: CadMediaSlot; addressAction?: AddressActionSlot }) {
  const order = useStaffOrder(orderId);
  const back = (
    <Button asChild variant="ghost" size="sm" className="-ml-3 self-start">
      <Link to={paths.staff.root.getHref()}>
        <ArrowLeft aria-hidden /> Queue
      </Link>
    </Button>
  );

  if (order.isPending) return <WorkbenchSkeleton back={back} />;
  if (order.error instanceof ApiError && order.error.status === 404) {
    return (
      <RecordNotFound
        back={back}
        title="Order not found"
        description="No order has this address. It may have been mistyped."
        action={{ href: paths.staff.root.getHref(), label: "Back to the queue" }}
      />
    );
  }
  if (!order.data) {
    return <RecordLoadError back={back} message="The order could not be loaded. Please try again." onRetry={() => void order.refetch()} />;
  }
  return <Workbench order={order.data} back={back} cadMedia={cadMedia} addressAction={addressAction} />;
}

function Workbench({
  order,
  back,
  cadMedia,
  addressAction,
}: {
  order: Order;
  back: ReactNode;
  cadMedia?: CadMediaSlot | undefined;
  addressAction?: AddressActionSlot | undefined;
}) {
  const [lightbox, setLightbox] = useState<{ images: LightboxImage[]; index: number; title: string } | null>(null);
  const openImages: OpenImages = (images, index, title) => setLightbox({ images, index, title });

  const pendingQuote = order.quotes.find((q) => q.status === "pending");
  const accepted = order.quotes.some((q) => q.status === "accepted");
  const canQuote = order.status === "initiated" || (order.status === "quoted" && !accepted);
  const showPayments = order.payments.length > 0 || order.payment_due !== null;
  const canUploadCad = CAD_UPLOAD_STATUSES.includes(order.status);
  const paymentWaits = order.payments.some((p) => p.status === "pending");
  const lastChange = [...order.events]
    .filter((e) => e.type === "status_change" || e.type === "created")
    .sort((a, b) => b.created_at.localeCompare(a.created_at))[0];
  const progress = orderProgress(order);

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-4">
        {back}
        <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
          <div className="min-w-0">
            <p className="font-mono text-sm text-muted">{order.order_number}</p>
            <div className="mt-1 flex flex-wrap items-center gap-3">
              <h1 className="break-words text-4xl sm:text-5xl">{order.design.name}</h1>
              <OrderStatusBadge status={order.status} className="text-sm" />
            </div>
            <p className="mt-2 text-sm text-muted">
              {order.order_type} · placed <time dateTime={order.created_at}>{formatDateTime(order.created_at)}</time>
              {lastChange && (
                <>
                  {" "}
                  · {describeStatusTime(order.status, lastChange.created_at)}
                </>
              )}
            </p>
          </div>
          <dl className="flex gap-8 text-sm lg:shrink-0 lg:text-right">
            <div>
              <dt className="text-xs uppercase tracking-wider text-muted">{order.quoted_price !== null ? "Quoted" : "Estimate"}</dt>
              <dd className="text-xl font-semibold tabular-nums">
                {order.quoted_price !== null
                  ? formatAmount(order.quoted_price, order.currency)
                  : order.estimate
                    ? formatAmount(order.estimate.point, order.estimate.currency)
                    : NO_ESTIMATE}
              </dd>
            </div>
            <div>
              <dt className="text-xs uppercase tracking-wider text-muted">Paid</dt>
              <dd className="text-xl font-semibold tabular-nums">{formatAmount(order.amount_paid, order.currency)}</dd>
            </div>
          </dl>
        </div>
        <Progress value={progress} label={`Order progress ${progress}%`} className="h-1.5" />
      </div>

      <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,1.65fr)_minmax(0,1fr)]">
        <div className="flex min-w-0 flex-col gap-6">
          {order.status === "cancelled" && (
            <p className="rounded-[var(--radius-card)] border border-destructive/20 bg-destructive-soft/60 px-5 py-4 text-sm text-destructive">
              Cancelled{order.cancel_reason ? `: ${order.cancel_reason}` : "."}
            </p>
          )}
          {canQuote && <QuoteBuilder key={pendingQuote?.id ?? "new"} order={order} pending={pendingQuote} />}
          {/* What waits for staff comes first; the record of what is done follows the conversation.
              Each panel keeps its slot, so the move panel keeps a refusal on screen while the order is read again. */}
          {showPayments && paymentWaits && <PaymentsPanel order={order} />}
          {canUploadCad && <CadPanel order={order} onOpenImages={openImages} media={cadMedia} />}
          <MovePanel order={order} />
          <CommentsPanel order={order} />
          {showPayments && !paymentWaits && <PaymentsPanel order={order} />}
          {!canUploadCad && order.cad_designs.length > 0 && <CadPanel order={order} onOpenImages={openImages} media={cadMedia} />}
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <CustomerPanel order={order} />
          <DeliveryAddressPanel order={order} Action={addressAction} />
          <DesignPanel order={order} onOpenImages={openImages} />
          <CertificatesPanel order={order} />
          {order.payments.length > 0 && <OrderInvoices orderId={order.id} audience="staff" />}
          <EstimatePanel order={order} />
          {order.quotes.length > 0 && <QuotesPanel order={order} />}
          {order.shipment && <ShipmentPanel shipment={order.shipment} />}
          <HistoryPanel events={order.events} />
        </div>
      </div>

      <ImageLightbox
        images={lightbox?.images ?? []}
        index={lightbox?.index ?? null}
        onIndexChange={(index) => setLightbox((l) => (l ? { ...l, index } : l))}
        onClose={() => setLightbox(null)}
        title={lightbox?.title ?? ""}
      />
    </div>
  );
}

function CustomerPanel({ order }: { order: Order }) {
  const c = order.customer;
  return (
    <Panel icon={<User />} title="Customer" testId="customer-panel">
      {c ? (
        <dl className="flex flex-col gap-3 text-sm">
          <div>
            <dt className="sr-only">Name</dt>
            <dd className="text-base font-medium">{`${c.first_name} ${c.last_name}`.trim() || "No name given"}</dd>
          </div>
          <div className="flex items-center gap-2">
            <dt>
              <Mail className="size-4 text-muted" aria-hidden />
              <span className="sr-only">E-mail</span>
            </dt>
            <dd className="min-w-0">
              <a
                href={`mailto:${c.email}?subject=${encodeURIComponent(`Your order ${order.order_number}`)}`}
                className="break-all text-accent-strong underline underline-offset-4"
              >
                {c.email}
              </a>
            </dd>
          </div>
          <div className="flex items-center gap-2">
            <dt>
              <Phone className="size-4 text-muted" aria-hidden />
              <span className="sr-only">Phone</span>
            </dt>
            <dd>
              {c.phone_number ? (
                <a href={`tel:${c.phone_number.replace(/[^\d+]/g, "")}`} className="text-accent-strong underline underline-offset-4">
                  {c.phone_number}
                </a>
              ) : (
                <span className="text-muted">No phone number</span>
              )}
            </dd>
          </div>
        </dl>
      ) : (
        <p className="text-sm text-muted">The customer's details are not available.</p>
      )}
    </Panel>
  );
}

function DesignPanel({ order, onOpenImages }: { order: Order; onOpenImages: OpenImages }) {
  const d = order.design;
  const rows = [
    { label: "Type", value: DESIGN_TYPE_LABELS[d.design_type] },
    { label: "Source", value: d.source === "link" ? "Product link" : "Custom design" },
  ];
  return (
    <Panel icon={<Gem />} title="Design" testId="design-panel">
      {d.images.length > 0 ? (
        <ul className="grid grid-cols-4 gap-2" aria-label="Reference images">
          {d.images.map((img, i) => (
            <li key={img.id}>
              <button
                type="button"
                onClick={() => onOpenImages(d.images, i, d.name)}
                aria-label={`View reference image ${i + 1} in full size`}
                className="group block aspect-square w-full cursor-zoom-in overflow-hidden rounded-md border border-border bg-surface-muted"
              >
                <img
                  src={img.thumbnail || img.image}
                  alt=""
                  loading="lazy"
                  className="size-full object-cover transition-transform duration-200 group-hover:scale-[1.03]"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">No reference images.</p>
      )}
      <dl className="grid grid-cols-[5rem_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
        {rows.map((r) => (
          <div key={r.label} className="contents">
            <dt className="text-muted">{r.label}</dt>
            <dd className="whitespace-pre-line break-words">{r.value}</dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-col gap-1.5">
        <h3 className="eyebrow font-sans">Description</h3>
        {d.description ? (
          <p className="whitespace-pre-line break-words text-sm leading-relaxed">{d.description}</p>
        ) : (
          <p className="text-sm text-muted">No description.</p>
        )}
      </div>
      <DesignFieldGroups details={d.details} />
      {d.inspiration_link && (
        <a
          href={d.inspiration_link}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-2 self-start break-all text-sm text-accent-strong underline underline-offset-4"
        >
          <ExternalLink className="size-4 shrink-0" aria-hidden /> Inspiration link
        </a>
      )}
    </Panel>
  );
}

function EstimatePanel({ order }: { order: Order }) {
  const e = order.estimate;
  if (!e) {
    return (
      <Panel icon={<Sparkles />} title="Instant estimate" testId="estimate-panel">
        <p className="text-sm text-muted">{NO_ESTIMATE_REASON} Quote it by hand.</p>
      </Panel>
    );
  }
  const money = amountFormatter(e.currency);
  return (
    <Panel icon={<Sparkles />} title="Instant estimate" description={`Pricing table v${e.pricing_version}`} testId="estimate-panel">
      <dl className="flex flex-col divide-y divide-border text-sm">
        {e.lines.map((line, i) => (
          <div key={`${line.label}-${i}`} className="flex items-baseline justify-between gap-4 py-2">
            <dt className="min-w-0 text-muted">{line.label}</dt>
            <dd className="shrink-0 tabular-nums">{money(line.amount)}</dd>
          </div>
        ))}
        <div className="flex items-baseline justify-between gap-4 py-2 font-medium">
          <dt>Estimate</dt>
          <dd className="shrink-0 tabular-nums">{money(e.point)}</dd>
        </div>
      </dl>
      <p className="text-xs text-muted">
        Range {money(e.low)} to {money(e.high)}
        {e.retail_price !== null && <> · shop price {money(e.retail_price)}</>}
      </p>
      {e.assumptions.length > 0 && (
        <ul className="flex list-disc flex-col gap-1 pl-5 text-xs text-muted" aria-label="Assumptions">
          {e.assumptions.map((a) => (
            <li key={a}>{a}</li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

function QuotesPanel({ order }: { order: Order }) {
  const quotes = [...order.quotes].sort((a, b) => b.created_at.localeCompare(a.created_at));
  return (
    <Panel icon={<ReceiptText />} title="Quotes" testId="quotes-panel">
      <ul className="flex flex-col divide-y divide-border" aria-label="Quotes">
        {quotes.map((q) => (
          <li key={q.id} className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-medium tabular-nums">{formatAmount(q.amount, q.currency)}</span>
              <QuoteStatusBadge status={q.status} />
            </div>
            <p className="text-xs text-muted">
              Issued <time dateTime={q.created_at}>{formatDate(q.created_at)}</time> · advance {q.advance_percent}% (
              {formatAmount(q.advance_amount, q.currency)}) · valid until <time dateTime={q.valid_until}>{formatDate(q.valid_until)}</time>
            </p>
            {q.status === "declined" && q.decline_reason && <p className="text-sm">Customer&apos;s reason: {q.decline_reason}</p>}
          </li>
        ))}
      </ul>
    </Panel>
  );
}

function ShipmentPanel({ shipment }: { shipment: NonNullable<Order["shipment"]> }) {
  return (
    <Panel icon={<Truck />} title="Shipment" testId="shipment-panel">
      <dl className="grid grid-cols-[7rem_minmax(0,1fr)] gap-y-2 text-sm">
        <dt className="text-muted">Carrier</dt>
        <dd>{shipment.carrier}</dd>
        <dt className="text-muted">Tracking</dt>
        <dd className="break-all font-mono">{shipment.tracking_number}</dd>
      </dl>
    </Panel>
  );
}

function WorkbenchSkeleton({ back }: { back: ReactNode }) {
  return (
    <div className="flex flex-col gap-8" aria-busy="true" aria-label="Loading order">
      {back}
      <div className="flex flex-col gap-3">
        <Skeleton className="h-4 w-32" />
        <Skeleton className="h-12 w-2/3" />
        <Skeleton className="h-4 w-64" />
        <Skeleton className="mt-2 h-1.5 w-full rounded-full" />
      </div>
      <div className="grid gap-6 xl:grid-cols-[1.65fr_1fr]">
        <div className="flex flex-col gap-6">
          <Skeleton className="h-96 w-full" />
          <Skeleton className="h-48 w-full" />
        </div>
        <div className="flex flex-col gap-6">
          <Skeleton className="h-40 w-full" />
          <Skeleton className="h-72 w-full" />
        </div>
      </div>
    </div>
  );
}
