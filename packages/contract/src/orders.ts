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
