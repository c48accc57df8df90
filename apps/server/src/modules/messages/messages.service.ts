import {
  personName,
  SUPPORT_CATEGORY_LABELS,
  type Attachment,
  type Conversation,
  type ConversationSummary,
  type Message,
  type MessageTopics,
  type Paginated,
  type Sender,
  type StaffInboxFilter,
  type Ticket,
  type TicketCreated,
  type TicketStatus,
  type ticketInputSchema,
} from "@atelier/contract";
import type { FastifyBaseLogger } from "fastify";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { assertCanAccess, assertStaff, isStaff, type Actor } from "../../lib/access.ts";
import type { Clock } from "../../lib/clock.ts";
import { emailSpec } from "../../lib/email/index.ts";
import { ConflictError, ValidationError } from "../../lib/errors.ts";
import type { LiveEvent, LiveEvents } from "../../lib/live-events.ts";
import type { MailOutbox } from "../../lib/jobs/mail-job.ts";
import { pageWindow, toPage } from "../../lib/pagination.ts";
import type { AuditService } from "../audit/audit.service.ts";
import type { NotificationsService } from "../notifications/notifications.service.ts";
import type { CustomerMailService } from "../settings/customer-mail.service.ts";
import type { StagedAttachment } from "../uploads/multipart.ts";
import type { UploadsService } from "../uploads/uploads.service.ts";
import * as repo from "./messages.repository.ts";
import type { ConversationRow, ConversationView, MessageRow, UserRow } from "./messages.repository.ts";

export interface MessagesServiceDeps {
  db: Db;
  clock: Clock;
  publicUrl: string;
  logger: FastifyBaseLogger;
  /** Transactional e-mails (the ticket acknowledgement), queued in the transaction that causes them. */
  outbox: MailOutbox;
  /** A jeweller's reply on a ticket, by e-mail unless the customer turned replies off (the settings module). */
  customerMail: CustomerMailService;
  uploads: UploadsService;
  notifications: NotificationsService;
  audit: AuditService;
  live: LiveEvents;
  /**
   * Posts to an order's conversation through the orders module (its comment: the order's history,
   * the staff reply's notification and audit row), which writes the message with `appendToOrder`.
   * Bound late by the composition root (the orders service is built after this one).
   */
  orderComment: (actor: Actor, orderId: string, text: string, attachmentIds: string[]) => Promise<{ id: string }>;
}

export type TicketInput = z.output<typeof ticketInputSchema>;

/** An order's message that came through the orders module. */
export interface OrderRef {
  id: string;
  userId: string;
  orderNumber: string;
}

/** A reply is e-mailed unless the customer already has an unread one from the last hour in the thread. */
const REPLY_EMAIL_QUIET_MS = 60 * 60 * 1000;

const PREVIEW_LENGTH = 200;
const preview = (text: string) => (text.length > PREVIEW_LENGTH ? `${text.slice(0, PREVIEW_LENGTH - 1)}…` : text);
const conversationLink = (id: string) => `/dashboard/messages/${id}`;

/**
 * Names as people see them: a staff member by the contract's one formatter (their name, never
 * their username); a customer by first and last name, else the username.
 */
function nameOf(user: UserRow | undefined): string {
  if (!user) return "Former member";
  if (user.role !== "customer") return personName({ first_name: user.firstName, last_name: user.lastName, role: user.role });
  return `${user.firstName} ${user.lastName}`.trim() || user.username;
}

/**
 * The spec's sender roles: customers by name; staff labelled by role. In an order's conversation a
 * staff member who uploaded one of its CAD versions is its "designer"; other staff read "support"
 * and admins "admin" (decision 007). `designers` holds the designers of the conversation's order.
 */
function senderRole(user: UserRow | undefined, designers: ReadonlySet<string>): Sender["role"] {
  switch (user?.role) {
    case "admin":
      return "admin";
    case "staff":
      return designers.has(user.id) ? "designer" : "support";
    case "customer":
    case undefined:
      return "customer";
  }
}

const NO_DESIGNERS: ReadonlySet<string> = new Set();

function senderOf(user: UserRow | undefined, readerId: string, designers: ReadonlySet<string>): Sender {
  return {
    first_name: user?.firstName ?? "",
    last_name: user?.lastName ?? "",
    name: nameOf(user),
    role: senderRole(user, designers),
    is_me: user?.id === readerId,
  };
}

/** The designers of one conversation's order (none for a ticket). */
async function designersOf(from: Db, orderId: string | null): Promise<ReadonlySet<string>> {
  if (!orderId) return NO_DESIGNERS;
  return (await designersByOrder(from, [orderId])).get(orderId) ?? NO_DESIGNERS;
}

/** The designers of each order among `orderIds` (see `senderRole`). */
async function designersByOrder(from: Db, orderIds: string[]): Promise<Map<string, ReadonlySet<string>>> {
  const byOrder = new Map<string, Set<string>>();
  for (const { orderId, userId } of await repo.listCadDesigners(from, orderIds)) {
    const set = byOrder.get(orderId) ?? new Set<string>();
    set.add(userId);
    byOrder.set(orderId, set);
  }
  return byOrder;
}

function toTicket(c: ConversationRow): Ticket | null {
  if (c.kind !== "ticket" || !c.ticketNumber) return null;
  return {
    id: c.id,
    number: c.ticketNumber,
    subject: c.subject,
    category: c.category ?? "other",
    status: c.status ?? "open",
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
  };
}

const isUnread = (v: ConversationView, readerId: string) =>
  v.conversation.lastMessageSeq !== null &&
  v.conversation.lastMessageSeq > (v.lastReadSeq ?? 0) &&
  v.conversation.lastMessageUserId !== readerId;

const isUnanswered = (c: ConversationRow) => c.lastMessageSeq !== null && c.lastMessageUserId === c.userId && c.status !== "closed";

function toSummary(
  v: ConversationView,
  people: Map<string, UserRow>,
  readerId: string,
  designers: ReadonlySet<string>,
): ConversationSummary {
  const c = v.conversation;
  const customer = people.get(c.userId);
  return {
    id: c.id,
    kind: c.kind,
    title: c.kind === "order" ? (v.designName ?? "Order") : c.subject,
    order: c.orderId && v.orderNumber ? { id: c.orderId, order_number: v.orderNumber } : null,
    ticket: toTicket(c),
    customer: { name: nameOf(customer), email: customer?.email ?? "" },
    last_message:
      c.lastMessageSeq !== null && c.lastMessageAt
        ? {
            preview: c.lastMessagePreview,
            created_at: c.lastMessageAt.toISOString(),
            sender: senderOf(c.lastMessageUserId ? people.get(c.lastMessageUserId) : undefined, readerId, designers),
            attachments: c.lastMessageAttachments,
          }
        : null,
    unread: isUnread(v, readerId),
    unanswered: isUnanswered(c),
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;

/**
 * Conversations: an order's (its comments) and a support ticket's. Members are the customer and
 * every staff member; anyone else gets 404. Each reader has their own read mark.
 */
export function createMessagesService(deps: MessagesServiceDeps) {
  const { db, clock, uploads, notifications, audit, live } = deps;

  const events = (c: ConversationRow): LiveEvent[] => [
    { kind: "message", userIds: [c.userId], staff: true, data: { conversation_id: c.id, order_id: c.orderId } },
    { kind: "unread", userIds: [c.userId], staff: true, data: { conversation_id: c.id } },
  ];

  /** The conversation if the actor is a member (an order's is made on first use), else 404. */
  async function memberView(from: Db, actor: Actor, id: string, forUpdate = false): Promise<ConversationView> {
    let found = await repo.findConversation(from, id, actor.id, forUpdate);
    if (!found) {
      await repo.ensureOrderConversation(from, id);
      found = await repo.findConversation(from, id, actor.id, forUpdate);
    }
    assertCanAccess(actor, found?.conversation);
    return found!;
  }

  /**
   * Writes a message in the caller's transaction: attaches its files, moves the conversation's
   * last message (and a ticket's status), marks it read for its sender and tells open pages.
   */
  async function writeMessage(tx: Db, c: ConversationRow, actor: Actor, text: string, attachmentIds: string[]): Promise<MessageRow> {
    const now = clock.now();
    const row = await repo.insertMessage(tx, { conversationId: c.id, orderId: c.orderId, userId: actor.id, text, createdAt: now });
    if (attachmentIds.length > 0) {
      const attached = await uploads.attachToMessage(tx, attachmentIds, row.id);
      if (attached !== attachmentIds.length) throw new ConflictError("An attachment could not be kept. Please send the message again.");
    }
    const fromStaff = isStaff(actor) && actor.id !== c.userId;
    await repo.updateConversation(tx, c.id, {
      lastMessageSeq: row.seq,
      lastMessageAt: now,
      lastMessageUserId: actor.id,
      lastMessagePreview: preview(text),
      lastMessageAttachments: attachmentIds.length,
      updatedAt: now,
      ...(c.kind === "ticket" && { status: fromStaff ? ("answered" as const) : ("open" as const) }),
    });
    await repo.markRead(tx, c.id, actor.id, row.seq, now);
    await live.publish(tx, events(c));
    return row;
  }

  /**
   * Whether a staff message (`message`, just written in `tx`) should be e-mailed to the customer:
   * not when an earlier reply of the last hour is still unread, so a few messages in a row make
   * one e-mail, and the next one goes once the customer has read them or an hour has passed.
   */
  async function replyEmailDue(tx: Db, message: MessageRow, customerId: string): Promise<boolean> {
    if (!message.conversationId) return true;
    const since = new Date(clock.now().getTime() - REPLY_EMAIL_QUIET_MS);
    return !(await repo.hasUnreadFromOthers(tx, message.conversationId, customerId, message.seq, since));
  }

  /** A jeweller's reply on a ticket, queued in the reply's transaction (sent once it commits). */
  async function mailTicketReply(tx: Db, c: ConversationRow, actor: Actor, text: string, attachments: number): Promise<void> {
    const [sender] = await repo.findUsers(tx, [actor.id]);
    const about = `request ${c.ticketNumber ?? c.subject}`;
    await deps.customerMail.send(tx, c.userId, "staff_reply", (recipient, footer) =>
      emailSpec("staffReplyEmail", {
        firstName: recipient.firstName,
        about,
        senderName: sender?.firstName ?? "",
        text,
        attachments,
        conversationUrl: `${deps.publicUrl}${conversationLink(c.id)}`,
        footer,
      }),
    );
  }

  async function toMessages(from: Db, rows: MessageRow[], readerId: string, designers: ReadonlySet<string>): Promise<Message[]> {
    const [people, files] = await Promise.all([
      repo.findUsers(
        from,
        rows.map((r) => r.userId),
      ),
      uploads.messageAttachments(
        from,
        rows.map((r) => r.id),
      ),
    ]);
    const byId = new Map(people.map((u) => [u.id, u]));
    const filesOf = new Map<string, Attachment[]>();
    for (const { messageId, ...file } of files) {
      const list = filesOf.get(messageId) ?? [];
      list.push(file);
      filesOf.set(messageId, list);
    }
    return rows.map((r) => ({
      id: r.id,
      seq: r.seq,
      text: r.text,
      created_at: r.createdAt.toISOString(),
      sender: senderOf(byId.get(r.userId), readerId, designers),
      attachments: filesOf.get(r.id) ?? [],
    }));
  }

  /** The list rows of `views`; `designers` may be passed when the caller has already read them. */
  async function summaries(
    views: ConversationView[],
    readerId: string,
    known?: Map<string, ReadonlySet<string>>,
  ): Promise<ConversationSummary[]> {
    const [people, designers] = await Promise.all([
      repo.findUsers(
        db,
        views.flatMap((v) => [v.conversation.userId, ...(v.conversation.lastMessageUserId ? [v.conversation.lastMessageUserId] : [])]),
      ),
      known ?? designersByOrder(db, views.flatMap((v) => v.conversation.orderId ?? [])),
    ]);
    const byId = new Map(people.map((u) => [u.id, u]));
    return views.map((v) =>
      toSummary(v, byId, readerId, (v.conversation.orderId && designers.get(v.conversation.orderId)) || NO_DESIGNERS),
    );
  }

  async function page(
    actor: Actor,
    filter: repo.ListFilter,
    pageNumber: number,
    baseUrl: string,
    unansweredFirst: boolean,
  ): Promise<Paginated<ConversationSummary>> {
    const total = await repo.countConversations(db, filter);
    toPage([], total, pageNumber, baseUrl);
    const { limit, offset } = pageWindow(pageNumber);
    const views = await repo.listConversations(db, actor.id, filter, limit, offset, unansweredFirst);
    return toPage(await summaries(views, actor.id), total, pageNumber, baseUrl);
  }

  return {
    /** For the orders module: an order comment is a message of the order's conversation (in its transaction). */
    async appendToOrder(tx: Db, order: OrderRef, actor: Actor, text: string, attachmentIds: string[] = []): Promise<MessageRow> {
      await repo.ensureOrderConversation(tx, order.id);
      const view = await repo.findConversation(tx, order.id, actor.id, true);
      if (!view) throw new Error(`order ${order.id} has no conversation`);
      return writeMessage(tx, view.conversation, actor, text, attachmentIds);
    },

    replyEmailDue,

    /** The reader's conversations (a customer's own; staff see every one), newest first. */
    list(actor: Actor, query: { page: number; search?: string | undefined }) {
      const filter = { customerId: isStaff(actor) ? undefined : actor.id, search: query.search || undefined };
      return page(actor, filter, query.page, `${deps.publicUrl}/api/messages/`, false);
    },

    /** The staff inbox: every conversation, those owed an answer first (oldest wait first). */
    staffInbox(actor: Actor, query: { page: number; search?: string | undefined; filter: StaffInboxFilter }) {
      assertStaff(actor);
      const filter = { search: query.search || undefined, filter: query.filter };
      return page(actor, filter, query.page, `${deps.publicUrl}/api/staff/messages/`, true);
    },

    async unreadCount(actor: Actor): Promise<{ count: number }> {
      return { count: await repo.countUnread(db, actor.id, isStaff(actor) ? undefined : actor.id) };
    },

    /** Opening a thread is reading it: the reader's mark moves to its last message. */
    async thread(actor: Actor, id: string): Promise<Conversation> {
      const view = await db.transaction(async (tx) => {
        const v = await memberView(tx, actor, id);
        const last = v.conversation.lastMessageSeq;
        if (last !== null && (v.lastReadSeq ?? 0) < last && (await repo.markRead(tx, v.conversation.id, actor.id, last, clock.now()))) {
          // The reader's dot clears in their other tabs; the other side's "Seen" marker updates.
          await live.publish(tx, events(v.conversation));
          return { ...v, lastReadSeq: last };
        }
        return v;
      });
      const orderId = view.conversation.orderId;
      const [rows, reads, designerMap] = await Promise.all([
        repo.listMessages(db, view.conversation.id),
        repo.listReads(db, view.conversation.id),
        designersByOrder(db, orderId ? [orderId] : []),
      ]);
      const designers = (orderId && designerMap.get(orderId)) || NO_DESIGNERS;
      const [summary] = await summaries([view], actor.id, designerMap);
      return {
        ...summary!,
        messages: await toMessages(db, rows, actor.id, designers),
        reads: reads.map(({ read, user }) => ({
          name: nameOf(user),
          role: senderRole(user, designers),
          is_customer: user.id === view.conversation.userId,
          is_me: user.id === actor.id,
          last_read_seq: read.lastReadSeq,
          read_at: read.readAt.toISOString(),
        })),
      };
    },

    /**
     * A message from a member: text and up to five attachments (images or PDFs, stored before the
     * transaction and removed again if it fails). An order's goes through the orders module.
     */
    async post(actor: Actor, id: string, text: string, files: StagedAttachment[]): Promise<Message> {
      if (!text && files.length === 0) throw new ValidationError({ text: ["This field may not be blank."] });
      const view = await memberView(db, actor, id);
      const batch = await uploads.ingestAttachments(actor.id, files);
      let messageId: string;
      try {
        if (view.conversation.kind === "order" && view.conversation.orderId) {
          messageId = (await deps.orderComment(actor, view.conversation.orderId, text, batch.uploadIds)).id;
        } else {
          messageId = await db.transaction(async (tx) => {
            const locked = (await memberView(tx, actor, id, true)).conversation;
            const row = await writeMessage(tx, locked, actor, text, batch.uploadIds);
            if (isStaff(actor) && actor.id !== locked.userId) {
              await notifications.notify(tx, [
                {
                  userId: locked.userId,
                  type: "staff_reply",
                  title: `New reply to your request ${locked.ticketNumber ?? ""}`.trim(),
                  message: preview(text || "Sent you a file."),
                  link: conversationLink(locked.id),
                },
              ]);
              await audit.record(tx, {
                actor,
                action: "comment.staff_reply",
                targetType: "support_ticket",
                targetId: locked.id,
                targetLabel: locked.ticketNumber ?? locked.subject,
                after: { message_id: row.id, text },
              });
              if (await replyEmailDue(tx, row, locked.userId)) await mailTicketReply(tx, locked, actor, text, batch.uploadIds.length);
            }
            return row.id;
          });
        }
      } catch (err) {
        await batch.discard();
        throw err;
      }
      const row = await repo.findMessage(db, messageId);
      const [message] = await toMessages(db, row ? [row] : [], actor.id, await designersOf(db, view.conversation.orderId));
      if (!message) throw new Error("the message vanished");
      return message;
    },

    /** The customer's orders they can write about. */
    async topics(actor: Actor): Promise<MessageTopics> {
      const rows = await repo.listOrderTopics(db, actor.id, 100);
      return { orders: rows.map((r) => ({ id: r.id, order_number: r.orderNumber, design_name: r.designName })) };
    },

    // ---- support tickets ----

    /** A support ticket: its conversation with the first message, acknowledged by e-mail with its number. */
    async createTicket(actor: Actor, input: TicketInput): Promise<TicketCreated> {
      const ticket = await db.transaction(async (tx) => {
        const now = clock.now();
        const number = await repo.nextTicketNumber(tx, now.getUTCFullYear());
        const c = await repo.insertConversation(tx, {
          kind: "ticket",
          userId: actor.id,
          ticketNumber: number,
          subject: input.subject,
          category: input.category,
          status: "open",
          createdAt: now,
          updatedAt: now,
        });
        await writeMessage(tx, c, actor, input.message, []);
        const created = { ...toTicket({ ...c, status: "open" })!, conversation_id: c.id };
        // The acknowledgement is transactional mail (no opt-out), queued with the ticket.
        const [user] = await repo.findUsers(tx, [actor.id]);
        if (user) {
          await deps.outbox.send(tx, {
            to: user.email,
            email: emailSpec("supportTicketEmail", {
              firstName: user.firstName,
              ticketNumber: created.number,
              subject: created.subject,
              category: SUPPORT_CATEGORY_LABELS[created.category],
              message: input.message,
              ticketUrl: `${deps.publicUrl}${conversationLink(created.id)}`,
            }),
          });
        }
        return created;
      });
      return ticket;
    },

    async listTickets(actor: Actor, pageNumber: number): Promise<Paginated<Ticket>> {
      const baseUrl = `${deps.publicUrl}/api/support/tickets/`;
      const total = await repo.countTickets(db, actor.id);
      toPage([], total, pageNumber, baseUrl);
      const { limit, offset } = pageWindow(pageNumber);
      const rows = await repo.listTickets(db, actor.id, limit, offset);
      return toPage(
        rows.flatMap((r) => toTicket(r) ?? []),
        total,
        pageNumber,
        baseUrl,
      );
    },

    /** Staff close a ticket, or reopen a closed one. */
    async setTicketStatus(actor: Actor, id: string, to: Extract<TicketStatus, "open" | "closed">): Promise<Ticket> {
      assertStaff(actor);
      return db.transaction(async (tx) => {
        const c = (await memberView(tx, actor, id, true)).conversation;
        if (c.kind !== "ticket")
          throw new ConflictError("Only support tickets can be closed or reopened; an order's conversation stays open.");
        if (to === "closed" && c.status === "closed") throw new ConflictError(`Ticket ${c.ticketNumber} is already closed.`);
        if (to === "open" && c.status !== "closed") throw new ConflictError(`Ticket ${c.ticketNumber} is not closed.`);
        const now = clock.now();
        await repo.updateConversation(tx, c.id, { status: to, updatedAt: now });
        await audit.record(tx, {
          actor,
          action: to === "closed" ? "ticket.closed" : "ticket.reopened",
          targetType: "support_ticket",
          targetId: c.id,
          targetLabel: c.ticketNumber ?? c.subject,
          before: { status: c.status },
          after: { status: to },
        });
        await live.publish(tx, events(c));
        return toTicket({ ...c, status: to, updatedAt: now })!;
      });
    },
  };
}
