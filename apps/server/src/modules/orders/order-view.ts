import {
  emptyDesignDetails,
  CAD_MODEL_FORMATS,
  DESIGN_EDITABLE_ORDER_STATUSES,
  estimateSchema,
  METAL_COLOR_LABELS,
  METAL_TYPE_LABELS,
  ORDER_STATUS_INFO,
  orderShowsBalance,
  type CadDesign,
  type CadModelFormat,
  type CadStatus,
  type Certificate,
  type Comment,
  type Currency,
  type DesignDetails,
  type Estimate,
  type Order,
  type OrderEvent,
  type OrderStatus,
  type OrderSummary,
  type Payment,
  type PaymentDue,
  type PaymentInstructions,
  type Person,
  type Quote,
  type QuoteStatus,
  type Refund,
} from "@atelier/contract";
import { fromCents, percentOf, subtractMoney, toCents } from "../../lib/money.ts";
import type { CadDesignRow, CommentRow, OrderEventRow, OrderRow, PaymentRow, QuoteRow, UserRow } from "./orders.repository.ts";

/** Row → response mappings of the order aggregate, and the figures derived from its rows. */

export interface ImageUrls {
  id: string;
  image: string;
  thumbnail: string;
  preview: string;
}

/**
 * The stored estimate if the API can carry it, else null: an order saved before the limits (a
 * 1 000 000 g ring) still lists and opens, showing "no estimate" instead of breaking the list.
 */
export function readableEstimate(stored: unknown): Estimate | null {
  const parsed = estimateSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}

export const personOf = (user: Pick<UserRow, "firstName" | "lastName" | "role"> | undefined): Person => ({
  first_name: user?.firstName ?? "",
  last_name: user?.lastName ?? "",
  role: user?.role ?? "customer",
});

/** A pending quote past its validity reads as expired, whether or not the sweep has reached it. */
export function quoteStatusAt(row: Pick<QuoteRow, "status" | "validUntil">, now: Date): QuoteStatus {
  return row.status === "pending" && row.validUntil.getTime() <= now.getTime() ? "expired" : row.status;
}

export const advanceOf = (quote: Pick<QuoteRow, "amount" | "advancePercent">) => percentOf(quote.amount, quote.advancePercent);

export function toQuoteResponse(row: QuoteRow, order: { orderNumber: string; designName: string }, now: Date): Quote {
  const advance = advanceOf(row);
  return {
    id: row.id,
    order_id: row.orderId,
    order_number: order.orderNumber,
    design_name: order.designName,
    amount: row.amount,
    currency: row.currency,
    line_items: row.lineItems,
    tax: row.tax ?? null,
    advance_percent: Number(row.advancePercent),
    advance_amount: advance,
    balance_amount: subtractMoney(row.amount, advance),
    valid_until: row.validUntil.toISOString(),
    note: row.note,
    status: quoteStatusAt(row, now),
    decline_reason: row.declineReason,
    created_at: row.createdAt.toISOString(),
    responded_at: row.respondedAt?.toISOString() ?? null,
  };
}

export function toPaymentResponse(row: PaymentRow): Payment {
  return {
    id: row.id,
    order_id: row.orderId,
    kind: row.kind,
    amount: row.amount,
    currency: row.currency,
    provider: row.provider,
    reference: row.reference,
    status: row.status,
    rejection_reason: row.rejectionReason,
    failure_reason: row.failureReason,
    flag_reason: row.flagReason,
    created_at: row.createdAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
  };
}

export function toEventResponse(row: OrderEventRow, actors: Map<string, UserRow>): OrderEvent {
  return {
    id: row.id,
    type: row.type,
    from_status: row.fromStatus,
    to_status: row.toStatus,
    note: row.note,
    actor: row.actorId ? personOf(actors.get(row.actorId)) : null,
    created_at: row.createdAt.toISOString(),
  };
}

export function toCommentResponse(row: CommentRow, author: UserRow | undefined): Comment {
  return { id: row.id, text: row.text, created_at: row.createdAt.toISOString(), user: personOf(author) };
}

export interface CadFile {
  id: string;
  kind: string;
  fileName: string;
  size: number;
  urls: ImageUrls | null;
  modelUrl: string | null;
  format: string;
}

/** What a CAD version's status is read against: its order's newest version number and status. */
export interface CadContext {
  newestVersion: number;
  orderStatus: OrderStatus;
}

/**
 * A CAD version's status: approved; else superseded when a newer version exists (the customer
 * asked for changes, or approved the newer one); else awaiting approval while the order is in CAD
 * Design, and not approved once it has left it (cancelled).
 */
export function cadStatusOf(row: Pick<CadDesignRow, "isApproved" | "version">, { newestVersion, orderStatus }: CadContext): CadStatus {
  if (row.isApproved) return "approved";
  if (row.version < newestVersion) return "superseded";
  return orderStatus === "cad_design" ? "pending_approval" : "not_approved";
}

export function toCadResponse(row: CadDesignRow, files: CadFile[], context: CadContext): CadDesign {
  const images = files.filter((f) => f.kind === "cad_image" && f.urls).map((f) => f.urls as ImageUrls);
  // The format is read from the stored file's name: one the contract does not know shows as no model, never a 500.
  const model = files.find((f) => f.kind === "cad_model" && f.modelUrl && (CAD_MODEL_FORMATS as readonly string[]).includes(f.format));
  return {
    id: row.id,
    version: row.version,
    image: images[0]?.preview ?? images[0]?.image ?? null,
    images,
    model: model
      ? { file_name: model.fileName, format: model.format as CadModelFormat, size: model.size, url: model.modelUrl ?? "" }
      : null,
    description: row.description,
    is_approved: row.isApproved,
    status: cadStatusOf(row, context),
    approved_at: row.approvedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** The quote that binds the order: the accepted one, else none. */
export const acceptedQuoteOf = (quotes: QuoteRow[]) => quotes.find((q) => q.status === "accepted");

/** How the instructions to pay an amount read; the amount is in the currency of the quote it comes from. */
export type InstructionsOf = (kind: "advance" | "balance", amount: string, currency: Currency) => PaymentInstructions;

/**
 * The order's price and currency, written together: the governing quote's (the accepted one, else
 * the pending one) from the moment it is issued, else the estimate's currency and no price. Every
 * amount the order shows (header, lists, payments, instructions, PDF, e-mails) is in this currency.
 */
export function priceFieldsOf(
  quote: Pick<QuoteRow, "amount" | "currency"> | undefined,
  estimate: Pick<Estimate, "currency">,
): { quotedPrice: string | null; currency: Currency } {
  return quote ? { quotedPrice: quote.amount, currency: quote.currency } : { quotedPrice: null, currency: estimate.currency };
}

export function paymentFigures(quotes: QuoteRow[], payments: PaymentRow[]) {
  const accepted = acceptedQuoteOf(quotes);
  const live = accepted ? payments.filter((p) => p.quoteId === accepted.id) : [];
  const paid = live.filter((p) => p.status === "confirmed").reduce((sum, p) => sum + toCents(p.amount), 0n);
  return {
    accepted,
    amountPaid: fromCents(paid),
    balanceDue: accepted ? fromCents(toCents(accepted.amount) - paid) : null,
    advanceConfirmed: live.some((p) => p.kind === "advance" && p.status === "confirmed"),
    balanceConfirmed: live.some((p) => p.kind === "balance" && p.status === "confirmed"),
    pendingOf: (kind: "advance" | "balance") => live.find((p) => p.kind === kind && p.status === "pending"),
  };
}

/** What the customer owes next: the advance once a quote is accepted, then the balance. */
export function paymentDueOf(order: OrderRow, quotes: QuoteRow[], payments: PaymentRow[], instructions: InstructionsOf): PaymentDue | null {
  if (order.status === "cancelled") return null;
  const f = paymentFigures(quotes, payments);
  if (!f.accepted) return null;
  const advance = advanceOf(f.accepted);
  const kind = f.advanceConfirmed ? "balance" : "advance";
  if (kind === "balance" && f.balanceConfirmed) return null;
  // The balance falls due once the customer has approved the CAD design (the order page says so too).
  if (kind === "balance" && !orderShowsBalance(order.status)) return null;
  const amount = kind === "advance" ? advance : subtractMoney(f.accepted.amount, advance);
  if (toCents(amount) <= 0n) return null;
  return {
    kind,
    amount,
    currency: f.accepted.currency,
    instructions: instructions(kind, amount, f.accepted.currency),
    awaiting_confirmation: Boolean(f.pendingOf(kind)),
  };
}

export const orderTypeLabel = (source: "custom" | "link" | undefined) => (source === "link" ? "Product link" : "Custom design");

export const isDesignEditable = (status: OrderRow["status"] | undefined) =>
  status === undefined || DESIGN_EDITABLE_ORDER_STATUSES.includes(status);

export interface DesignContent {
  id: string;
  name: string;
  designType: OrderRow["designType"];
  metal: string;
  metalType: string;
  metalColor: string;
  purity: string;
  stonesText: string;
  size: string;
  ringSize: string;
  description: string;
  source: "custom" | "link";
  inspirationLink: string;
  weight: number | null;
  weightUnit: string;
  style: string;
  settingType: string;
  bandWidth: number | null;
  designFeatures: string;
  length: number | null;
  width: number | null;
  height: number | null;
  chainLength: string;
  budget: number | null;
  budgetRange: string;
  currency: Currency;
  specialRequests: string;
}

export interface StoneContent {
  id: string;
  position: string;
  stoneType: string;
  stoneCarat: number | null;
  stoneColor: string;
  stoneClarity: string;
  stoneCut: string;
  quantity: number;
}

/** "18K Yellow Gold", from the link text when there is one, else from the form's fields. */
export function metalText(d: Pick<DesignContent, "metal" | "metalType" | "metalColor" | "purity">): string {
  if (d.metal) return d.metal;
  const type = d.metalType ? (METAL_TYPE_LABELS[d.metalType as keyof typeof METAL_TYPE_LABELS] ?? d.metalType) : "";
  const color = d.metalColor ? (METAL_COLOR_LABELS[d.metalColor as keyof typeof METAL_COLOR_LABELS] ?? d.metalColor) : "";
  return [d.purity, color, type].filter(Boolean).join(" ");
}

/** Every field the customer filled in, as the design's own answer carries them. */
export function designDetailsOf(d: DesignContent, stones: StoneContent[]): DesignDetails {
  return {
    metal_type: d.metalType,
    metal_color: d.metalColor,
    purity: d.purity,
    metal: d.metal,
    weight: d.weight,
    weight_unit: d.weightUnit,
    style: d.style,
    setting_type: d.settingType,
    band_width: d.bandWidth,
    design_features: d.designFeatures,
    stones: stones.map((s) => ({
      id: s.id,
      stone_type: s.stoneType,
      stone_cut: s.stoneCut,
      stone_carat: s.stoneCarat,
      stone_color: s.stoneColor,
      stone_clarity: s.stoneClarity,
      position: s.position,
      quantity: s.quantity,
    })),
    stones_text: d.stonesText,
    length: d.length,
    width: d.width,
    height: d.height,
    size: d.size,
    ring_size: d.ringSize,
    chain_length: d.chainLength,
    budget: d.budget,
    budget_range: d.budgetRange,
    currency: d.currency,
    special_requests: d.specialRequests,
  };
}

/** "1 × Diamond 0.50 ct G VS1; 12 × Sapphire", from the link text when there is one. */
export function stonesText(text: string, stones: StoneContent[]): string {
  if (text) return text;
  return stones
    .map((s) => {
      const carat = s.stoneCarat != null ? `${s.stoneCarat.toFixed(2)} ct` : "";
      const cut = s.stoneCut && s.stoneCut !== "NA" ? s.stoneCut : "";
      return `${s.quantity} × ${[s.stoneType || "Stone", cut, carat, s.stoneColor, s.stoneClarity].filter(Boolean).join(" ")}`;
    })
    .join("; ");
}

export function toOrderSummary(row: OrderRow, thumbnail: string | null): OrderSummary {
  return {
    id: row.id,
    order_number: row.orderNumber,
    status: row.status,
    design_id: row.designId ?? "",
    design_name: row.designName,
    design_type: row.designType,
    thumbnail,
    quoted_price: row.quotedPrice,
    currency: row.currency,
    estimate_point: readableEstimate(row.estimate)?.point ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export interface OrderParts {
  design: DesignContent | undefined;
  stones: StoneContent[];
  designImages: ImageUrls[];
  cad: CadDesign[];
  comments: Comment[];
  certificates: Certificate[];
  quotes: QuoteRow[];
  payments: PaymentRow[];
  /** The refunds of the order's payments (the refunds module's answer), oldest first. */
  refunds: Refund[];
  events: OrderEvent[];
  now: Date;
  instructions: InstructionsOf;
}

/**
 * What the customer has paid, net of refunds: confirmed payments of the binding quote less the
 * refunds of those payments that succeeded (a pending refund still counts as paid; a failed one
 * never left). Once the order is cancelled nothing is due any more, whatever was refunded.
 */
export function moneyFigures(row: Pick<OrderRow, "status">, quotes: QuoteRow[], payments: PaymentRow[], refunds: Refund[]) {
  const figures = paymentFigures(quotes, payments);
  const confirmed = new Set(
    payments.filter((p) => p.status === "confirmed" && p.quoteId === figures.accepted?.id).map((p) => p.id),
  );
  const refunded = refunds
    .filter((r) => r.status === "succeeded" && confirmed.has(r.payment_id))
    .reduce((sum, r) => sum + toCents(r.amount), 0n);
  const net = toCents(figures.amountPaid) - refunded;
  const balance = !figures.accepted ? null : row.status === "cancelled" ? "0.00" : fromCents(toCents(figures.accepted.amount) - net);
  return { amountPaid: fromCents(net), amountRefunded: fromCents(refunded), balanceDue: balance };
}

export function toOrderResponse(row: OrderRow, p: OrderParts): Order {
  const figures = moneyFigures(row, p.quotes, p.payments, p.refunds);
  const d = p.design;
  return {
    id: row.id,
    order_number: row.orderNumber,
    status: row.status,
    progress: ORDER_STATUS_INFO[row.status].progress,
    quoted_price: row.quotedPrice,
    currency: row.currency,
    order_type: orderTypeLabel(d?.source),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    design: {
      id: d?.id ?? "",
      name: d?.name ?? row.designName,
      design_type: d?.designType ?? row.designType,
      metal: d ? metalText(d) : "",
      stones: d ? stonesText(d.stonesText, p.stones) : "",
      size: d ? d.size || d.ringSize : "",
      description: d?.description ?? "",
      images: p.designImages,
      source: d?.source ?? "custom",
      inspiration_link: d?.inspirationLink ?? "",
      details: d ? designDetailsOf(d, p.stones) : emptyDesignDetails(row.currency),
    },
    estimate: readableEstimate(row.estimate),
    cad_designs: p.cad,
    certificates: p.certificates,
    comments: p.comments,
    quotes: p.quotes.map((q) => toQuoteResponse(q, row, p.now)),
    payments: p.payments.map(toPaymentResponse),
    amount_paid: figures.amountPaid,
    amount_refunded: figures.amountRefunded,
    refunds: p.refunds,
    balance_due: figures.balanceDue,
    payment_due: paymentDueOf(row, p.quotes, p.payments, p.instructions),
    events: p.events,
    shipment: row.carrier || row.trackingNumber ? { carrier: row.carrier, tracking_number: row.trackingNumber } : null,
    delivery_address: row.deliveryAddress ?? null,
    billing_address: row.billingAddress ?? null,
    cancel_reason: row.cancelReason,
  };
}

export const statusLabel = (s: OrderRow["status"]) => ORDER_STATUS_INFO[s].label;
