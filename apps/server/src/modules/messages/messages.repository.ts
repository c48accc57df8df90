import { and, asc, count, desc, eq, ilike, inArray, isNotNull, ne, or, sql, type SQL } from "drizzle-orm";
import type { StaffInboxFilter } from "@atelier/contract";
import { likePattern } from "../../db/query-helpers.ts";
import type { Db } from "../../db/client.ts";
import { cadDesigns, conversationReads, conversations, orderComments, orders, users } from "../../db/schema/index.ts";

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof orderComments.$inferSelect;
export type UserRow = typeof users.$inferSelect;

/** A conversation with what lists show of its order. */
export interface ConversationView {
  conversation: ConversationRow;
  orderNumber: string | null;
  designName: string | null;
  lastReadSeq: number | null;
}

export async function nextTicketNumber(db: Db, year: number): Promise<string> {
  const [row] = await db.select({ n: sql<string>`nextval('support_ticket_number_seq')::text` }).from(sql`(select 1) as one`);
  return `ST-${year}-${(row?.n ?? "0").padStart(6, "0")}`;
}

/** The order's conversation (same id as the order), made the first time it is needed. */
export async function ensureOrderConversation(db: Db, orderId: string): Promise<void> {
  await db.execute(sql`
    insert into ${conversations} (id, kind, order_id, user_id, created_at, updated_at)
    select ${orders.id}, 'order', ${orders.id}, ${orders.userId}, ${orders.createdAt}, ${orders.createdAt}
    from ${orders} where ${orders.id} = ${orderId}
    on conflict do nothing`);
}

export async function insertConversation(db: Db, values: typeof conversations.$inferInsert): Promise<ConversationRow> {
  const [row] = await db.insert(conversations).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function updateConversation(db: Db, id: string, values: Partial<typeof conversations.$inferInsert>): Promise<void> {
  await db.update(conversations).set(values).where(eq(conversations.id, id));
}

const viewColumns = {
  conversation: conversations,
  orderNumber: orders.orderNumber,
  designName: orders.designName,
  lastReadSeq: conversationReads.lastReadSeq,
};

function viewQuery(db: Db, readerId: string) {
  return db
    .select(viewColumns)
    .from(conversations)
    .leftJoin(orders, eq(orders.id, conversations.orderId))
    .leftJoin(conversationReads, and(eq(conversationReads.conversationId, conversations.id), eq(conversationReads.userId, readerId)));
}

export async function findConversation(db: Db, id: string, readerId: string, forUpdate = false): Promise<ConversationView | undefined> {
  const q = viewQuery(db, readerId).where(eq(conversations.id, id)).limit(1);
  const rows = await (forUpdate ? q.for("update", { of: conversations }) : q);
  return rows[0];
}

/** Unread for the reader: something newer than what they have read, and not written by them. */
export const unreadFor = (readerId: string): SQL =>
  sql`(${conversations.lastMessageSeq} > coalesce(${conversationReads.lastReadSeq}, 0) and ${conversations.lastMessageUserId} is distinct from ${readerId})`;

/** The customer wrote last and the ticket (if it is one) is not closed. */
export const unansweredSql = (): SQL =>
  sql`(${conversations.lastMessageUserId} = ${conversations.userId} and coalesce(${conversations.status}, '') <> 'closed')`;

export interface ListFilter {
  /** Only this customer's conversations (customers); undefined: every conversation (staff). */
  customerId?: string | undefined;
  search?: string | undefined;
  filter?: StaffInboxFilter;
}

function listWhere(f: ListFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [isNotNull(conversations.lastMessageSeq)];
  if (f.customerId) parts.push(eq(conversations.userId, f.customerId));
  if (f.search) {
    const p = likePattern(f.search);
    parts.push(
      f.customerId
        ? // A customer's few conversations: each is checked.
          or(
            ilike(conversations.subject, p),
            ilike(conversations.ticketNumber, p),
            ilike(orders.orderNumber, p),
            ilike(orders.designName, p),
            sql`exists (select 1 from ${users} u where u.id = ${conversations.userId} and (u.email ilike ${p} or (u.first_name || ' ' || u.last_name) ilike ${p}))`,
            sql`exists (select 1 from ${orderComments} m where m.conversation_id = ${conversations.id} and m.text ilike ${p})`,
          )
        : // Every conversation (staff): the matching ids first, as a query of their own, each
          // branch through its own trigram index (migration 0013) reaching conversations by an
          // indexed key: one BitmapOr. Inline, the planner may walk the newest-first index and
          // filter every conversation (as the All orders list did) when the term is rare.
          sql`${conversations.id} = any(array(
            select c.id from ${conversations} c
            where c.subject ilike ${p} or c.ticket_number ilike ${p}
              or c.order_id = any(array(select o.id from ${orders} o where o.order_number ilike ${p} or o.design_name ilike ${p}))
              or c.user_id = any(array(select u.id from ${users} u where u.email ilike ${p} or (u.first_name || ' ' || u.last_name) ilike ${p}))
              or c.id = any(array(select m.conversation_id from ${orderComments} m where m.text ilike ${p}))))`,
    );
  }
  switch (f.filter ?? "all") {
    case "unanswered":
      parts.push(unansweredSql());
      break;
    case "tickets":
      parts.push(eq(conversations.kind, "ticket"));
      break;
    case "orders":
      parts.push(eq(conversations.kind, "order"));
      break;
    case "closed":
      parts.push(eq(conversations.status, "closed"));
      break;
    case "all":
      break;
  }
  return and(...parts);
}

export async function countConversations(db: Db, f: ListFilter): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(conversations)
    .leftJoin(orders, eq(orders.id, conversations.orderId))
    .where(listWhere(f));
  return row?.n ?? 0;
}

/** Newest first; with `unansweredFirst` (the staff inbox) the conversations owed an answer come first, oldest wait first. */
export function listConversations(db: Db, readerId: string, f: ListFilter, limit: number, offset: number, unansweredFirst = false) {
  const order = unansweredFirst
    ? [
        sql`case when ${unansweredSql()} then 0 else 1 end`,
        sql`case when ${unansweredSql()} then ${conversations.lastMessageAt} end asc`,
        sql`${conversations.lastMessageAt} desc nulls last`,
        desc(conversations.id),
      ]
    : [sql`${conversations.lastMessageAt} desc nulls last`, desc(conversations.id)];
  return viewQuery(db, readerId)
    .where(listWhere(f))
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
}

export async function countUnread(db: Db, readerId: string, customerId?: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(conversations)
    .leftJoin(conversationReads, and(eq(conversationReads.conversationId, conversations.id), eq(conversationReads.userId, readerId)))
    .where(and(customerId ? eq(conversations.userId, customerId) : undefined, isNotNull(conversations.lastMessageSeq), unreadFor(readerId)));
  return row?.n ?? 0;
}

export async function insertMessage(db: Db, values: typeof orderComments.$inferInsert): Promise<MessageRow> {
  const [row] = await db.insert(orderComments).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export function listMessages(db: Db, conversationId: string): Promise<MessageRow[]> {
  return db.select().from(orderComments).where(eq(orderComments.conversationId, conversationId)).orderBy(asc(orderComments.seq));
}

export function findMessage(db: Db, id: string): Promise<MessageRow | undefined> {
  return db
    .select()
    .from(orderComments)
    .where(eq(orderComments.id, id))
    .limit(1)
    .then((rows) => rows[0]);
}

/** Moves the reader's mark forward (never back). */
export async function markRead(db: Db, conversationId: string, userId: string, seq: number, at: Date): Promise<boolean> {
  const rows = await db
    .insert(conversationReads)
    .values({ conversationId, userId, lastReadSeq: seq, readAt: at })
    .onConflictDoUpdate({
      target: [conversationReads.conversationId, conversationReads.userId],
      set: { lastReadSeq: seq, readAt: at },
      setWhere: sql`${conversationReads.lastReadSeq} < ${seq}`,
    })
    .returning({ seq: conversationReads.lastReadSeq });
  return rows.length > 0;
}

export function listReads(db: Db, conversationId: string) {
  return db
    .select({ read: conversationReads, user: users })
    .from(conversationReads)
    .innerJoin(users, eq(users.id, conversationReads.userId))
    .where(eq(conversationReads.conversationId, conversationId))
    .orderBy(desc(conversationReads.readAt));
}

export function findUsers(db: Db, ids: string[]): Promise<UserRow[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return Promise.resolve([]);
  return db.select().from(users).where(inArray(users.id, unique));
}

/**
 * Whether the customer has a message from someone else in the conversation, written after `since`
 * and before message `beforeSeq`, that they have not read yet.
 */
export async function hasUnreadFromOthers(db: Db, conversationId: string, customerId: string, beforeSeq: number, since: Date): Promise<boolean> {
  const rows = await db
    .select({ seq: orderComments.seq })
    .from(orderComments)
    .leftJoin(conversationReads, and(eq(conversationReads.conversationId, orderComments.conversationId), eq(conversationReads.userId, customerId)))
    .where(
      and(
        eq(orderComments.conversationId, conversationId),
        ne(orderComments.userId, customerId),
        sql`${orderComments.seq} < ${beforeSeq}`,
        sql`${orderComments.seq} > coalesce(${conversationReads.lastReadSeq}, 0)`,
        sql`${orderComments.createdAt} > ${since}`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Who uploaded a CAD version of each of `orderIds`: the designers of those pieces. */
export function listCadDesigners(db: Db, orderIds: string[]): Promise<{ orderId: string; userId: string }[]> {
  const unique = [...new Set(orderIds)];
  if (unique.length === 0) return Promise.resolve([]);
  return db
    .selectDistinct({ orderId: cadDesigns.orderId, userId: sql<string>`${cadDesigns.uploadedBy}` })
    .from(cadDesigns)
    .where(and(inArray(cadDesigns.orderId, unique), isNotNull(cadDesigns.uploadedBy)));
}

export async function countTickets(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(conversations)
    .where(and(eq(conversations.userId, userId), eq(conversations.kind, "ticket")));
  return row?.n ?? 0;
}

export function listTickets(db: Db, userId: string, limit: number, offset: number): Promise<ConversationRow[]> {
  return db
    .select()
    .from(conversations)
    .where(and(eq(conversations.userId, userId), eq(conversations.kind, "ticket")))
    .orderBy(desc(conversations.createdAt), desc(conversations.id))
    .limit(limit)
    .offset(offset);
}

/** The customer's orders, newest first (what a new conversation can be about). */
export function listOrderTopics(db: Db, userId: string, limit: number) {
  return db
    .select({ id: orders.id, orderNumber: orders.orderNumber, designName: orders.designName })
    .from(orders)
    .where(and(eq(orders.userId, userId), ne(orders.status, "cancelled")))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
}
