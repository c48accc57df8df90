/** The order lifecycle as data (spec §4, DOMAIN.md). Tones map to design-system badge colours. */
export const ORDER_STATUSES = [
  "initiated",
  "quoted",
  "approved",
  "cad_design",
  "cad_approved",
  "manufacturing",
  "quality_check",
  "ready_to_ship",
  "shipped",
  "delivered",
  "completed",
  "cancelled",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export type Tone = "neutral" | "gold" | "blue" | "green" | "garnet";

export const ORDER_STATUS_INFO: Record<OrderStatus, { label: string; progress: number; tone: Tone }> = {
  initiated: { label: "Initiated", progress: 10, tone: "neutral" },
  quoted: { label: "Quoted", progress: 20, tone: "neutral" },
  approved: { label: "Approved", progress: 30, tone: "gold" },
  cad_design: { label: "CAD Design", progress: 40, tone: "gold" },
  cad_approved: { label: "CAD Approved", progress: 50, tone: "gold" },
  manufacturing: { label: "Manufacturing", progress: 60, tone: "blue" },
  quality_check: { label: "Quality Check", progress: 70, tone: "blue" },
  ready_to_ship: { label: "Ready to Ship", progress: 80, tone: "blue" },
  shipped: { label: "Shipped", progress: 90, tone: "green" },
  delivered: { label: "Delivered", progress: 95, tone: "green" },
  completed: { label: "Completed", progress: 100, tone: "green" },
  cancelled: { label: "Cancelled", progress: 0, tone: "garnet" },
};

export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  initiated: ["quoted", "cancelled"],
  quoted: ["approved", "initiated", "cancelled"],
  approved: ["cad_design", "cancelled"],
  cad_design: ["cad_approved", "cancelled"],
  cad_approved: ["manufacturing", "cancelled"],
  manufacturing: ["quality_check", "cancelled"],
  quality_check: ["ready_to_ship", "manufacturing", "cancelled"],
  ready_to_ship: ["shipped", "cancelled"],
  shipped: ["delivered"],
  delivered: ["completed"],
  completed: [],
  cancelled: [],
};

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/**
 * Whom an order in each status waits on, the one place that says so: the atelier (a quote to
 * issue, CAD to draw, the piece to make, check and ship), the customer (a quote to answer, a CAD
 * version to approve, receipt to confirm) or the carrier. null: the order is over and waits on
 * nobody, so no screen shows it "waiting".
 */
export type OrderWaitsOn = "atelier" | "customer" | "carrier";
export const ORDER_STATUS_WAITS_ON: Record<OrderStatus, OrderWaitsOn | null> = {
  initiated: "atelier",
  quoted: "customer",
  approved: "atelier",
  cad_design: "customer",
  cad_approved: "atelier",
  manufacturing: "atelier",
  quality_check: "atelier",
  ready_to_ship: "atelier",
  shipped: "carrier",
  delivered: "customer",
  completed: null,
  cancelled: null,
};

/** Whether an order in `status` is waiting on someone (and so has a waiting time to show). */
export function orderWaits(status: OrderStatus): boolean {
  return ORDER_STATUS_WAITS_ON[status] !== null;
}

/**
 * What an order's price reads while it has no quote: only an order the atelier still has to
 * price is "Awaiting quote"; a cancelled one was never quoted and waits for nothing.
 */
export function unquotedPriceText(status: OrderStatus): string {
  if (status === "initiated") return "Awaiting quote";
  if (status === "cancelled") return "Not quoted";
  return "No quote";
}

export const ACTIVE_ORDER_STATUSES = ORDER_STATUSES.filter((s) => s !== "completed" && s !== "cancelled");

/** Design, quote and upload statuses share the same tones. */
export const DESIGN_STATUSES = ["pending", "processing", "completed", "failed"] as const;
export type DesignStatus = (typeof DESIGN_STATUSES)[number];
export const DESIGN_STATUS_INFO: Record<DesignStatus, { label: string; tone: Tone }> = {
  pending: { label: "Pending", tone: "neutral" },
  processing: { label: "Processing", tone: "blue" },
  completed: { label: "Completed", tone: "green" },
  failed: { label: "Failed", tone: "garnet" },
};
export const UPLOAD_STATUSES = DESIGN_STATUSES;
export type UploadStatus = DesignStatus;

/** The Orders list's status filter (spec §2) over the lifecycle. */
export const ORDER_STATUS_GROUPS = {
  pending: ["initiated", "quoted"],
  processing: ["approved", "cad_design", "cad_approved", "manufacturing", "quality_check", "ready_to_ship"],
  shipped: ["shipped"],
  delivered: ["delivered", "completed"],
  canceled: ["cancelled"],
} as const satisfies Record<string, readonly OrderStatus[]>;
export type OrderStatusGroup = keyof typeof ORDER_STATUS_GROUPS;

/** Design status follows its order (DOMAIN.md). */
export function designStatusOf(status: OrderStatus): DesignStatus {
  if (status === "initiated" || status === "quoted") return "pending";
  if (status === "completed") return "completed";
  if (status === "cancelled") return "failed";
  return "processing";
}

/** A design can be edited or deleted (and its images removed) only while its order is in one of these. */
export const DESIGN_EDITABLE_ORDER_STATUSES: readonly OrderStatus[] = ["initiated", "cancelled"];
/** The customer may cancel before the advance is confirmed; staff before shipping. */
export const CUSTOMER_CANCELLABLE_STATUSES: readonly OrderStatus[] = ["initiated", "quoted"];
export const STAFF_CANCELLABLE_STATUSES: readonly OrderStatus[] = ORDER_STATUSES.filter((s) => canTransition(s, "cancelled"));
/** Moves staff make with POST /staff/orders/{id}/transition/ (the others follow quotes, payments and CAD). */
export const STAFF_TRANSITION_TARGETS = ["manufacturing", "quality_check", "ready_to_ship", "shipped", "delivered", "cancelled"] as const;
/** Days after delivery when an order completes by itself. */
export const AUTO_COMPLETE_DAYS = 7;

export const QUOTE_STATUSES = ["pending", "accepted", "declined", "expired"] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
export const QUOTE_STATUS_INFO: Record<QuoteStatus, { label: string; tone: Tone }> = {
  pending: { label: "Pending", tone: "gold" },
  accepted: { label: "Accepted", tone: "green" },
  declined: { label: "Declined", tone: "garnet" },
  expired: { label: "Expired", tone: "neutral" },
};

/**
 * How a CAD version stands, derived by the server: the approved one; the newest unapproved one
 * while the order is in CAD Design (the only one the customer can approve); an older one a newer
 * version has replaced; or the newest unapproved one once the order has left CAD Design (cancelled).
 */
export const CAD_STATUSES = ["pending_approval", "approved", "superseded", "not_approved"] as const;
export type CadStatus = (typeof CAD_STATUSES)[number];
export const CAD_STATUS_INFO: Record<CadStatus, { label: string; tone: Tone }> = {
  pending_approval: { label: "Pending Approval", tone: "gold" },
  approved: { label: "Approved", tone: "green" },
  superseded: { label: "Superseded", tone: "neutral" },
  not_approved: { label: "Not approved", tone: "neutral" },
};

export const PAYMENT_KINDS = ["advance", "balance"] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];
/**
 * `void`: still pending when its order was cancelled; nobody can decide it any more.
 * `failed`: an online payment the provider reports as failed (its reason in `failure_reason`).
 * `flagged`: the provider captured money that differs from what is due (amount or currency);
 * never accepted, it waits for staff (refund or resolve).
 */
export const PAYMENT_STATUSES = ["pending", "confirmed", "rejected", "void", "failed", "flagged"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_STATUS_INFO: Record<PaymentStatus, { label: string; tone: Tone }> = {
  pending: { label: "Awaiting confirmation", tone: "gold" },
  confirmed: { label: "Confirmed", tone: "green" },
  rejected: { label: "Rejected", tone: "garnet" },
  void: { label: "Void (order cancelled)", tone: "neutral" },
  failed: { label: "Failed", tone: "garnet" },
  flagged: { label: "Flagged for review", tone: "garnet" },
};

/** A refund of a confirmed payment: `pending` until the provider confirms it (manual refunds are recorded as succeeded). */
export const REFUND_STATUSES = ["pending", "succeeded", "failed"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** Tax documents: a tax invoice per captured payment, a credit note per refund. */
export const TAX_DOCUMENT_KINDS = ["invoice", "credit_note"] as const;
export type TaxDocumentKind = (typeof TAX_DOCUMENT_KINDS)[number];

export const ORDER_EVENT_TYPES = [
  "created",
  "status_change",
  "comment",
  "quote_issued",
  "quote_accepted",
  "quote_declined",
  "quote_expired",
  "payment_declared",
  "payment_confirmed",
  "payment_rejected",
  "payment_failed",
  "payment_flagged",
  "cad_uploaded",
  "address_changed",
  "payment_refunded",
  "refund_failed",
] as const;
export type OrderEventType = (typeof ORDER_EVENT_TYPES)[number];

/**
 * How an order event is named: `label` in the staff console and the order PDF, `customerLabel`
 * in the customer's history, which speaks of the customer's own actions ("Payment reference sent").
 */
export const ORDER_EVENT_INFO: Record<OrderEventType, { label: string; customerLabel: string }> = {
  created: { label: "Order placed", customerLabel: "Order placed" },
  status_change: { label: "Status changed", customerLabel: "Status changed" },
  comment: { label: "Comment", customerLabel: "Comment added" },
  quote_issued: { label: "Quote issued", customerLabel: "Quote issued" },
  quote_accepted: { label: "Quote accepted", customerLabel: "Quote accepted" },
  quote_declined: { label: "Quote declined", customerLabel: "Quote declined" },
  quote_expired: { label: "Quote expired", customerLabel: "Quote expired" },
  payment_declared: { label: "Payment declared", customerLabel: "Payment reference sent" },
  payment_confirmed: { label: "Payment confirmed", customerLabel: "Payment confirmed" },
  payment_rejected: { label: "Payment rejected", customerLabel: "Payment rejected" },
  payment_failed: { label: "Online payment failed", customerLabel: "Online payment failed" },
  payment_flagged: { label: "Payment flagged for review", customerLabel: "Payment under review" },
  cad_uploaded: { label: "CAD version uploaded", customerLabel: "CAD design uploaded" },
  address_changed: { label: "Delivery address set", customerLabel: "Delivery address set" },
  payment_refunded: { label: "Payment refunded", customerLabel: "Refund sent" },
  refund_failed: { label: "Refund failed", customerLabel: "Refund failed" },
};

/** An event's title: a status change reads "Manufacturing → Quality Check", any other event its label. */
export function orderEventTitle(
  event: { type: OrderEventType; from_status: OrderStatus | null; to_status: OrderStatus | null },
  audience: "staff" | "customer",
): string {
  if (event.type === "status_change" && event.to_status) {
    const to = ORDER_STATUS_INFO[event.to_status].label;
    return event.from_status ? `${ORDER_STATUS_INFO[event.from_status].label} → ${to}` : to;
  }
  const info = ORDER_EVENT_INFO[event.type];
  return audience === "customer" ? info.customerLabel : info.label;
}

/** The order's progress in percent as the screens show it: the server's figure, else its status's; 0 once cancelled. */
export function orderProgress(order: { status: OrderStatus; progress: number }): number {
  return order.status === "cancelled" ? 0 : order.progress || ORDER_STATUS_INFO[order.status].progress;
}

export const NOTIFICATION_TYPES = ["quote_issued", "quote_expiring", "payment", "cad_ready", "status_change", "staff_reply"] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** 3D files a CAD version may carry (checked by content on upload). */
export const CAD_MODEL_FORMATS = ["stl", "obj", "glb", "3dm", "step"] as const;
export type CadModelFormat = (typeof CAD_MODEL_FORMATS)[number];
export const MAX_CAD_MODEL_BYTES = 50 * 1024 * 1024;
export const MAX_CAD_IMAGES = 10;
