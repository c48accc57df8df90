import { bigint, index, integer, pgSequence, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { ConversationKind, SupportCategory, TicketStatus } from "@atelier/contract";
import { orders } from "./orders.ts";
import { users } from "./users.ts";

const at = (name: string) => timestamp(name, { withTimezone: true });

/** Numbers support tickets ST-YYYY-NNNNNN. */
export const supportTicketNumberSeq = pgSequence("support_ticket_number_seq", { startWith: 1, increment: 1 });

/**
 * A conversation: one per order (its id is the order's id, and its messages are the order's
 * comments) and one per support ticket (the ticket's fields live here). Its members are the
 * customer (`user_id`) and every staff member. The last message is kept on the row so lists,
 * unread state and the staff inbox's "unanswered first" read one table (decision 007).
 */
export const conversations = pgTable(
  "conversations",
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: text().$type<ConversationKind>().notNull(),
    orderId: uuid("order_id")
      .unique()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** The customer. */
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ticketNumber: text("ticket_number").unique(),
    subject: text().notNull().default(""),
    category: text().$type<SupportCategory>(),
    status: text().$type<TicketStatus>(),
    lastMessageSeq: bigint("last_message_seq", { mode: "number" }),
    lastMessageAt: at("last_message_at"),
    lastMessageUserId: uuid("last_message_user_id").references(() => users.id, { onDelete: "set null" }),
    lastMessagePreview: text("last_message_preview").notNull().default(""),
    lastMessageAttachments: integer("last_message_attachments").notNull().default(0),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("conversations_user_last_idx").on(t.userId, t.lastMessageAt.desc()),
    index("conversations_last_idx").on(t.lastMessageAt.desc()),
  ],
);

/** How far each reader (the customer, each staff member) has read a conversation. */
export const conversationReads = pgTable(
  "conversation_reads",
  {
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lastReadSeq: bigint("last_read_seq", { mode: "number" }).notNull(),
    readAt: at("read_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] }), index("conversation_reads_user_idx").on(t.userId)],
);

/**
 * The messages of every conversation (decision 007): an order's comments (order_id set) and a
 * support ticket's messages (order_id null). Every row written since migration 0006 has its
 * conversation_id; the migration backfilled the older ones.
 */
export const orderComments = pgTable(
  "order_comments",
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Insertion order: rows written in one transaction share a timestamp. */
    seq: bigint({ mode: "number" }).generatedAlwaysAsIdentity(),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "cascade" }),
    conversationId: uuid("conversation_id").references(() => conversations.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    text: text().notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [index("order_comments_order_idx").on(t.orderId, t.seq), index("order_comments_conversation_idx").on(t.conversationId, t.seq)],
);
