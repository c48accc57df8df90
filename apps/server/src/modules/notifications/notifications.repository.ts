import { and, count, eq, not } from "drizzle-orm";
import { newestFirst } from "../../db/query-helpers.ts";
import type { Db } from "../../db/client.ts";
import { notifications } from "../../db/schema/index.ts";

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = typeof notifications.$inferInsert;

export async function insertNotifications(db: Db, values: NewNotification[]): Promise<void> {
  if (values.length > 0) await db.insert(notifications).values(values);
}

export async function countNotifications(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(notifications).where(eq(notifications.userId, userId));
  return row?.n ?? 0;
}

export async function countUnread(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), not(notifications.isRead)));
  return row?.n ?? 0;
}

/** Newest first, following the (user_id, seq desc) index. */
export function listNotifications(db: Db, userId: string, limit: number, offset: number): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(newestFirst(notifications.seq))
    .limit(limit)
    .offset(offset);
}

export function findNotification(db: Db, id: string): Promise<NotificationRow | undefined> {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.id, id))
    .limit(1)
    .then((rows) => rows[0]);
}

export async function markRead(db: Db, userId: string, id?: string): Promise<void> {
  await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, userId), id ? eq(notifications.id, id) : not(notifications.isRead)));
}
