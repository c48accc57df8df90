import { z } from "zod";
import { ROLES } from "./auth.ts";
import { paginatedSchema } from "./common.ts";
import { LEAD_SOURCES } from "./leads.ts";
import { ORDER_STATUSES, type OrderStatus } from "./orders.ts";
import { estimateSchema } from "./pricing.ts";
import { pricingTablesSchema } from "./pricing-tables.ts";

/**
 * The staff console's API (/api/staff/...): the queue, leads, gallery, pricing, people and the
 * audit log. Every path is for staff and admins (403 for customers, 401 anonymous); pricing
 * saves, people and the audit log are for admins only (403 for staff).
 */

const REQUIRED = "This field is required.";
const text = (max: number) => z.string().trim().max(max, `Ensure this field has no more than ${max} characters.`);
const page = z.coerce.number().int().min(1).default(1);
const search = text(200).optional();

// ---- queue ----

/** The queue's groups: orders waiting on the workshop or the customer, in working order. */
export const STAFF_QUEUE_GROUPS = {
  new: { label: "New", hint: "To quote", statuses: ["initiated"] },
  awaiting_customer: { label: "Awaiting customer", hint: "Quote sent", statuses: ["quoted"] },
  payments: { label: "Payments to confirm", hint: "Declared payments", statuses: [] },
  cad_review: { label: "CAD awaiting approval", hint: "With the customer", statuses: ["cad_design"] },
  production: {
    label: "In production",
    hint: "Approved to quality check",
    statuses: ["approved", "cad_approved", "manufacturing", "quality_check"],
  },
  ready_to_ship: { label: "Ready to ship", hint: "Packed, to dispatch", statuses: ["ready_to_ship"] },
} as const satisfies Record<string, { label: string; hint: string; statuses: readonly OrderStatus[] }>;
export type StaffQueueGroup = keyof typeof STAFF_QUEUE_GROUPS;
export const STAFF_QUEUE_GROUP_KEYS = Object.keys(STAFF_QUEUE_GROUPS) as StaffQueueGroup[];

/**
 * GET /api/staff/orders/ query. `group` is a queue group ("payments" = orders with a declared
 * payment waiting for confirmation, whatever their status); `status` a lifecycle status or a
 * group of the customer's filter; `search` matches order number, customer name or e-mail, and
 * design name; `sort=waiting` puts the longest-waiting first (by `status_since`), the default
 * `newest` the newest order first.
 */
export const staffQueueQuerySchema = z.object({
  page,
  group: z.enum(STAFF_QUEUE_GROUP_KEYS as [StaffQueueGroup, ...StaffQueueGroup[]], { error: "Unknown group." }).optional(),
  status: z.union([z.enum(ORDER_STATUSES), z.literal(""), z.literal("all")], { error: "Unknown status." }).optional(),
  search,
  sort: z.enum(["waiting", "newest"], { error: 'Choose "waiting" or "newest".' }).default("newest"),
});

/** GET /api/staff/queue/: how many orders each group holds (the queue's tabs). */
export const staffQueueCountsSchema = z.object({
  groups: z.array(
    z.object({
      key: z.enum(STAFF_QUEUE_GROUP_KEYS as [StaffQueueGroup, ...StaffQueueGroup[]]),
      label: z.string(),
      count: z.number().int(),
    }),
  ),
});
export type StaffQueueCounts = z.infer<typeof staffQueueCountsSchema>;

// ---- leads ----

export const staffLeadSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  design_idea: z.string(),
  source: z.enum(LEAD_SOURCES),
  created_at: z.string(),
  /** When a staff member marked it handled; null while open. */
  handled_at: z.string().nullable(),
  handled_by: z.string().nullable(),
});
export type StaffLead = z.infer<typeof staffLeadSchema>;
export const staffLeadListSchema = paginatedSchema(staffLeadSchema);
/** Newest first; `search` matches name, e-mail, phone and idea; `state` open, handled or all (default). */
export const staffLeadQuerySchema = z.object({
  page,
  search,
  state: z.enum(["open", "handled", "all"], { error: 'Choose "open", "handled" or "all".' }).default("all"),
});
/** POST /api/staff/leads/{id}/handled/: mark handled (true) or open again (false). */
export const leadHandledInputSchema = z.object({ handled: z.boolean({ error: "Say true or false." }) });

// ---- gallery ----

export const staffGalleryPostSchema = z.object({
  id: z.string(),
  image: z.string(),
  customer_name: z.string(),
  customer_quote: z.string(),
  date: z.string(),
  position: z.number().int(),
  published: z.boolean(),
  created_at: z.string(),
});
export type StaffGalleryPost = z.infer<typeof staffGalleryPostSchema>;
/** All posts, hidden ones too, in the public order (position, then date newest first). */
export const staffGalleryListSchema = z.array(staffGalleryPostSchema);
/**
 * POST /api/staff/gallery/ is multipart: `image` (a JPEG, PNG or WebP photo; required) and the
 * fields below. PATCH /api/staff/gallery/{id}/ is multipart too, `image` optional.
 */
export const galleryPostInputSchema = z.object({
  customer_name: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(120, "Ensure this field has no more than 120 characters."),
  customer_quote: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(600, "Ensure this field has no more than 600 characters."),
  date: z.iso.date({ error: "Enter a date as YYYY-MM-DD." }),
  published: z
    .union([z.boolean(), z.enum(["true", "false"])])
    .transform((v) => v === true || v === "true")
    .default(true),
});
export type GalleryPostInput = z.input<typeof galleryPostInputSchema>;
/** POST /api/staff/gallery/reorder/: every post's id in the new order. */
export const galleryReorderInputSchema = z.object({
  ids: z
    .array(z.uuid({ error: "Unknown post." }))
    .min(1)
    .max(500),
});

// ---- pricing ----

export const pricingVersionSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  tables: pricingTablesSchema,
  created_at: z.string(),
  /** Who saved it; null for the tables shipped with the product. */
  created_by: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  note: z.string(),
});
export type PricingVersion = z.infer<typeof pricingVersionSchema>;
/** GET /api/staff/pricing/versions/: the saved versions, newest first, without their tables. */
export const pricingVersionListSchema = paginatedSchema(pricingVersionSchema.omit({ tables: true }));
/** PUT /api/staff/pricing/ (admin): a new version from these tables; new estimates use it at once. */
export const pricingSaveInputSchema = z.object({ tables: pricingTablesSchema, note: text(500).default("") });
/** POST /api/staff/pricing/preview/: a design's estimate under draft tables, beside today's. */
export const pricingPreviewInputSchema = z.object({ design_id: z.uuid({ error: "Choose a design." }), tables: pricingTablesSchema });
export const pricingPreviewSchema = z.object({ current: estimateSchema, draft: estimateSchema });

// ---- people ----

export const staffPersonSchema = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.enum(ROLES),
  is_active: z.boolean(),
  date_joined: z.string(),
  last_seen_at: z.string().nullable(),
  order_count: z.number().int(),
});
export type StaffPerson = z.infer<typeof staffPersonSchema>;
export const staffPersonListSchema = paginatedSchema(staffPersonSchema);
/** Newest first; `search` matches name and e-mail; `role` narrows to one role. */
export const staffPeopleQuerySchema = z.object({
  page,
  search,
  role: z.union([z.enum(ROLES), z.literal(""), z.literal("all")], { error: "Unknown role." }).optional(),
});
/** POST /api/staff/people/: a staff or admin account; a one-time set-password link is e-mailed. */
export const createStaffInputSchema = z.object({
  email: z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .max(254, "Ensure this field has no more than 254 characters.")
    .pipe(z.email("Enter a valid email address.")),
  first_name: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(150, "Ensure this field has no more than 150 characters."),
  last_name: text(150).default(""),
  role: z.enum(["staff", "admin"], { error: 'Choose "staff" or "admin".' }),
});
export type CreateStaffInput = z.input<typeof createStaffInputSchema>;
/** PATCH /api/staff/people/{id}/: change the role, or deactivate (tokens revoked) and reactivate. */
export const updatePersonInputSchema = z
  .object({ role: z.enum(ROLES, { error: "Unknown role." }).optional(), is_active: z.boolean().optional() })
  .refine((v) => v.role !== undefined || v.is_active !== undefined, { message: "Nothing to change.", path: ["non_field_errors"] });

// ---- audit ----

export const AUDIT_ACTIONS = [
  "quote.issued",
  "payment.confirmed",
  "payment.rejected",
  "payment.refunded",
  "cad.uploaded",
  "order.moved",
  "order.cancelled",
  "comment.staff_reply",
  "pricing.saved",
  "person.created",
  "person.role_changed",
  "person.deactivated",
  "person.reactivated",
  "lead.handled",
  "gallery.changed",
  "certificate.attached",
  "certificate.changed",
  "certificate.removed",
  "ticket.closed",
  "ticket.reopened",
  "order.address_corrected",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const auditEntrySchema = z.object({
  id: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  actor: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  /** What was acted on: "order", "payment", "quote", "cad_design", "pricing", "user", "lead", "gallery_post". */
  target_type: z.string(),
  target_id: z.string(),
  /** A human label for the target ("JW-2026-000123", "ana@example.com", "Pricing v4"). */
  target_label: z.string(),
  /** The fields that changed, before and after (null where there was no before, e.g. a creation). */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditListSchema = paginatedSchema(auditEntrySchema);
/** Newest first; `search` matches the actor's e-mail and the target's label. */
export const auditQuerySchema = z.object({
  page,
  search,
  action: z.union([z.enum(AUDIT_ACTIONS), z.literal("")], { error: "Unknown action." }).optional(),
});
