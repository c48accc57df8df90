import {
  ORDER_STATUS_INFO,
  PAYMENT_STATUS_INFO,
  type AuditAction,
  type AuditEntry,
  type OrderStatus,
  type PaymentStatus,
  type Tone,
} from "@atelier/contract";
import { formatAmount, formatDateTime } from "@/lib/format";

/** Each action's name in the log, its badge tone, and the group it is filtered under. */
export const ACTION_INFO: Record<AuditAction, { label: string; tone: Tone; group: ActionGroup }> = {
  "quote.issued": { label: "Quote issued", tone: "gold", group: "Orders" },
  "payment.confirmed": { label: "Payment confirmed", tone: "green", group: "Orders" },
  "payment.rejected": { label: "Payment rejected", tone: "garnet", group: "Orders" },
  "payment.refunded": { label: "Payment refunded", tone: "gold", group: "Orders" },
  "cad.uploaded": { label: "CAD uploaded", tone: "gold", group: "Orders" },
  "order.moved": { label: "Order moved", tone: "blue", group: "Orders" },
  "order.cancelled": { label: "Order cancelled", tone: "garnet", group: "Orders" },
  "comment.staff_reply": { label: "Staff reply", tone: "neutral", group: "Orders" },
  "pricing.saved": { label: "Pricing saved", tone: "gold", group: "Pricing" },
  "person.created": { label: "Account created", tone: "blue", group: "People" },
  "person.role_changed": { label: "Role changed", tone: "gold", group: "People" },
  "person.deactivated": { label: "Account deactivated", tone: "garnet", group: "People" },
  "person.reactivated": { label: "Account reactivated", tone: "green", group: "People" },
  "lead.handled": { label: "Lead handled", tone: "neutral", group: "Leads and gallery" },
  "gallery.changed": { label: "Gallery changed", tone: "neutral", group: "Leads and gallery" },
  "certificate.attached": { label: "Certificate attached", tone: "green", group: "Orders" },
  "certificate.changed": { label: "Certificate changed", tone: "gold", group: "Orders" },
  "certificate.removed": { label: "Certificate removed", tone: "garnet", group: "Orders" },
  "ticket.closed": { label: "Ticket closed", tone: "neutral", group: "Orders" },
  "ticket.reopened": { label: "Ticket reopened", tone: "gold", group: "Orders" },
  "order.address_corrected": { label: "Address corrected", tone: "gold", group: "Orders" },
};
export type ActionGroup = "Orders" | "Pricing" | "People" | "Leads and gallery";
export const ACTION_GROUPS: ActionGroup[] = ["Orders", "Pricing", "People", "Leads and gallery"];

/** What a target is, in words. */
const TARGET_TYPE_LABEL: Record<string, string> = {
  order: "Order",
  payment: "Payment",
  quote: "Quote",
  cad_design: "CAD design",
  certificate: "Certificate",
  pricing: "Pricing",
  user: "Account",
  lead: "Lead",
  gallery_post: "Gallery post",
  gallery: "Gallery",
  support_ticket: "Support ticket",
};
export const targetTypeLabel = (type: string) => TARGET_TYPE_LABEL[type] ?? humanize(type);

const FIELD_LABEL: Record<string, string> = {
  status: "Status",
  role: "Role",
  is_active: "Account",
  handled: "State",
  handled_at: "Handled at",
  handled_by: "Handled by",
  amount: "Amount",
  currency: "Currency",
  advance_percent: "Advance",
  valid_until: "Valid until",
  reference: "Reference",
  reason: "Reason",
  note: "Note",
  carrier: "Carrier",
  tracking_number: "Tracking number",
  text: "Message",
  version: "Version",
  image_count: "Images",
  model_format: "3D file",
  email: "Email",
  name: "Name",
  customer_name: "Customer",
  customer_quote: "Customer's words",
  published: "Published",
  position: "Position",
  order: "Order",
  image: "Photograph",
  date: "Date",
};

/** "tracking_number" → "Tracking number"; pricing's "metal_rates.gold 18K" → "Metal rates › gold 18K". */
function humanize(key: string): string {
  const text = key
    .split(".")
    .map((part) => part.replace(/_/g, " "))
    .join(" › ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}
export const fieldLabel = (key: string) => FIELD_LABEL[key] ?? humanize(key);

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const numberFormat = new Intl.NumberFormat();

/** A value as people read it: labels for statuses and roles, money in its currency, dates in the reader's locale. */
export function formatValue(key: string, value: unknown, entry: Pick<AuditEntry, "target_type" | "before" | "after">): string {
  if (value === null || value === undefined || value === "") return "none";
  if (typeof value === "boolean") {
    if (key === "is_active") return value ? "Active" : "Deactivated";
    if (key === "handled") return value ? "Handled" : "Open";
    return value ? "Yes" : "No";
  }
  if (typeof value === "number") return key === "advance_percent" || key.endsWith("_percent") ? `${value}%` : numberFormat.format(value);
  if (typeof value === "string") {
    if (key === "status") {
      if (entry.target_type === "payment" && value in PAYMENT_STATUS_INFO) return PAYMENT_STATUS_INFO[value as PaymentStatus].label;
      if (value in ORDER_STATUS_INFO) return ORDER_STATUS_INFO[value as OrderStatus].label;
    }
    if (key === "role") return value.charAt(0).toUpperCase() + value.slice(1);
    if (key === "amount") {
      const currency = entry.after?.currency ?? entry.before?.currency;
      if (typeof currency === "string") return formatAmount(value, currency);
    }
    if (key === "advance_percent") return `${value}%`;
    if (ISO_DATE_TIME.test(value) && !Number.isNaN(Date.parse(value))) return formatDateTime(value);
    return value;
  }
  if (Array.isArray(value)) return value.map((v) => formatValue("", v, entry)).join(", ");
  if (typeof value === "object") {
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${fieldLabel(k)}: ${formatValue(k, v, entry)}`)
      .join(", ");
  }
  return typeof value === "bigint" ? value.toString() : "";
}

export interface ChangeRow {
  key: string;
  label: string;
  /** Absent where the field had no value before (a creation, or context recorded only after). */
  before?: string;
  /** Absent where the field is gone (a deletion). */
  after?: string;
}

/** Identifiers (quote_id, comment_id, order_id) say nothing to a reader; the target names the record. */
const isIdentifier = (key: string) => key === "id" || key.endsWith("_id");

/** The entry's before/after as rows: one per field, in the order the change lists them. */
export function changeRows(entry: Pick<AuditEntry, "target_type" | "before" | "after">): ChangeRow[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const keys = [...new Set([...Object.keys(after), ...Object.keys(before)])].filter((k) => !isIdentifier(k));
  return keys.map((key) => {
    const row: ChangeRow = { key, label: fieldLabel(key) };
    if (key in before) row.before = formatValue(key, before[key], entry);
    if (key in after) row.after = formatValue(key, after[key], entry);
    // Context repeated unchanged on both sides (a currency) reads as a plain value.
    if (row.before !== undefined && row.before === row.after) delete row.before;
    return row;
  });
}

/** Within the last week: the log adds "3 days ago" under the date. */
export const isRecent = (iso: string, now = Date.now()) => now - new Date(iso).getTime() < 7 * 24 * 3600 * 1000;
