import { z } from "zod";
import { paginatedSchema } from "./common.ts";

/**
 * Conversations (spec: Messages, Support): one per order (its comments are its messages) and one
 * per support ticket. Members are the customer and every staff member.
 */

export const CONVERSATION_KINDS = ["order", "ticket"] as const;
export type ConversationKind = (typeof CONVERSATION_KINDS)[number];

export const TICKET_STATUSES = ["open", "answered", "closed"] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export const TICKET_STATUS_LABELS: Record<TicketStatus, string> = { open: "Open", answered: "Answered", closed: "Closed" };

export const SUPPORT_CATEGORIES = ["order", "design", "payment", "shipping", "account", "other"] as const;
export type SupportCategory = (typeof SUPPORT_CATEGORIES)[number];
export const SUPPORT_CATEGORY_LABELS: Record<SupportCategory, string> = {
  order: "Order status",
  design: "Design and CAD",
  payment: "Payments and quotes",
  shipping: "Shipping and delivery",
  account: "My account",
  other: "Something else",
};

/** How a sender is shown: customers by name; staff by name and a role label (spec: designer, support, admin). */
export const SENDER_ROLES = ["customer", "designer", "support", "admin"] as const;
export type SenderRole = (typeof SENDER_ROLES)[number];

/** Attachments: images or PDFs, checked by content. */
export const MAX_ATTACHMENTS_PER_MESSAGE = 5;
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
export const MAX_MESSAGE_LENGTH = 5000;

/** The exact message of the support form (spec §5). */
export const SUPPORT_REQUIRED_MESSAGE = "Please fill out all required fields.";

export const senderSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  /** first + last name, else the username. */
  name: z.string(),
  role: z.enum(SENDER_ROLES),
  is_me: z.boolean(),
});
export type Sender = z.infer<typeof senderSchema>;

export const attachmentSchema = z.object({
  id: z.string(),
  file_name: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  /** Signed, short-lived URLs; only members of the conversation get them. */
  url: z.string(),
  /** A small preview for images; null for PDFs. */
  thumbnail: z.string().nullable(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

export const messageSchema = z.object({
  id: z.string(),
  /** Order within all messages (read state compares it). */
  seq: z.number().int(),
  text: z.string(),
  created_at: z.string(),
  sender: senderSchema,
  attachments: z.array(attachmentSchema),
});
export type Message = z.infer<typeof messageSchema>;

export const ticketSchema = z.object({
  id: z.string(),
  /** e.g. ST-2026-000123 */
  number: z.string(),
  subject: z.string(),
  category: z.enum(SUPPORT_CATEGORIES),
  status: z.enum(TICKET_STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Ticket = z.infer<typeof ticketSchema>;
export const ticketListSchema = paginatedSchema(ticketSchema);

export const conversationSummarySchema = z.object({
  id: z.string(),
  kind: z.enum(CONVERSATION_KINDS),
  /** The design's name for an order, the subject for a ticket. */
  title: z.string(),
  order: z.object({ id: z.string(), order_number: z.string() }).nullable(),
  ticket: ticketSchema.nullable(),
  customer: z.object({ name: z.string(), email: z.string() }),
  last_message: z
    .object({ preview: z.string(), created_at: z.string(), sender: senderSchema, attachments: z.number().int() })
    .nullable(),
  /** Something newer than what the reader has seen, written by someone else. */
  unread: z.boolean(),
  /** The customer wrote last (and a ticket is not closed): staff owe an answer. */
  unanswered: z.boolean(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;
export const conversationListSchema = paginatedSchema(conversationSummarySchema);

export const readStateSchema = z.object({
  name: z.string(),
  role: z.enum(SENDER_ROLES),
  is_customer: z.boolean(),
  is_me: z.boolean(),
  /** The seq of the last message this reader has seen. */
  last_read_seq: z.number().int(),
  read_at: z.string(),
});
export type ReadState = z.infer<typeof readStateSchema>;

export const conversationSchema = conversationSummarySchema.extend({
  messages: z.array(messageSchema),
  reads: z.array(readStateSchema),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  search: z.string().trim().max(200, "Ensure this field has no more than 200 characters.").optional(),
});

/** The text of a message; may be empty only when files are attached (checked by the server). */
export const messageInputSchema = z.object({
  text: z
    .string({ error: "This field is required." })
    .trim()
    .max(MAX_MESSAGE_LENGTH, `Ensure this field has no more than ${MAX_MESSAGE_LENGTH} characters.`)
    .default(""),
});
export type MessageInput = z.input<typeof messageInputSchema>;

/** The customer's first message about an order (New Message, "About an order"): both are required, told in the spec's one sentence. */
export const orderMessageFormSchema = z.object({
  order_id: z.string().min(1, SUPPORT_REQUIRED_MESSAGE),
  text: z
    .string()
    .trim()
    .min(1, SUPPORT_REQUIRED_MESSAGE)
    .max(MAX_MESSAGE_LENGTH, `Ensure this field has no more than ${MAX_MESSAGE_LENGTH} characters.`),
});

const required = (max: number) =>
  z
    .string({ error: SUPPORT_REQUIRED_MESSAGE })
    .trim()
    .min(1, SUPPORT_REQUIRED_MESSAGE)
    .max(max, `Ensure this field has no more than ${max} characters.`);

/** POST /api/support/tickets/ (spec: subject, message, category, all required). */
export const ticketInputSchema = z.object({
  subject: required(200),
  message: required(MAX_MESSAGE_LENGTH),
  category: z.enum(SUPPORT_CATEGORIES, { error: SUPPORT_REQUIRED_MESSAGE }),
});
export type TicketInput = z.input<typeof ticketInputSchema>;

export const ticketCreatedSchema = ticketSchema.extend({ conversation_id: z.string() });
export type TicketCreated = z.infer<typeof ticketCreatedSchema>;

export const unreadCountSchema = z.object({ count: z.number().int() });

/** What a customer can start a conversation about: their orders. */
export const messageTopicsSchema = z.object({
  orders: z.array(z.object({ id: z.string(), order_number: z.string(), design_name: z.string() })),
});
export type MessageTopics = z.infer<typeof messageTopicsSchema>;

export const STAFF_INBOX_FILTERS = ["all", "unanswered", "tickets", "orders", "closed"] as const;
export type StaffInboxFilter = (typeof STAFF_INBOX_FILTERS)[number];
export const staffInboxQuerySchema = conversationQuerySchema.extend({
  filter: z.enum(STAFF_INBOX_FILTERS, { error: "Unknown filter." }).default("all"),
});
