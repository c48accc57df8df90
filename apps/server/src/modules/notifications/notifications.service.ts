import type { Notification, NotificationType, Paginated } from "@atelier/contract";
import type { Db } from "../../db/client.ts";
import { assertCanAccess, type Actor } from "../../lib/access.ts";
import type { Clock } from "../../lib/clock.ts";
import type { LiveEvents } from "../../lib/live-events.ts";
import { pageWindow, toPage } from "../../lib/pagination.ts";
import * as repo from "./notifications.repository.ts";
import type { NotificationRow } from "./notifications.repository.ts";

export interface NewNotice {
  userId: string;
  orderId?: string | null;
  type: NotificationType;
  title: string;
  message: string;
  link: string;
}

export function toNotificationResponse(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    link: row.link,
    is_read: row.isRead,
    created_at: row.createdAt.toISOString(),
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;

/** Which notices their recipients want in the app (the settings module's preferences). */
export interface InAppPreferences {
  allowedNotices<T extends { userId: string; type: NotificationType }>(tx: Db, notices: T[]): Promise<T[]>;
}

/** In-app notifications: written by other modules inside their transactions, read and marked read by their owner. */
export function createNotificationsService(deps: { db: Db; clock: Clock; publicUrl: string; live: LiveEvents; preferences?: InAppPreferences }) {
  const { db, clock } = deps;
  /** Open pages of these users refresh their bell and lists: the event carries the unread count. */
  const publishUnread = async (tx: Db, kind: "notification" | "unread", userIds: string[]) => {
    const events = [];
    for (const userId of new Set(userIds)) events.push({ kind, userIds: [userId], data: { unread_count: await repo.countUnread(tx, userId) } });
    await deps.live.publish(tx, events);
  };
  return {
    /**
     * Writes notices in the caller's transaction, so they exist exactly when the change does;
     * a notice whose recipient turned that type off in Settings is not written.
     */
    async notify(tx: Db, notices: NewNotice[]): Promise<void> {
      const now = clock.now();
      const wanted = deps.preferences ? await deps.preferences.allowedNotices(tx, notices) : notices;
      await repo.insertNotifications(
        tx,
        wanted.map((n) => ({ ...n, orderId: n.orderId ?? null, createdAt: now })),
      );
      await publishUnread(tx, "notification", notices.map((n) => n.userId));
    },

    async latest(userId: string, limit: number): Promise<{ items: Notification[]; unread: number }> {
      const [rows, unread] = await Promise.all([repo.listNotifications(db, userId, limit, 0), repo.countUnread(db, userId)]);
      return { items: rows.map(toNotificationResponse), unread };
    },

    async list(actor: Actor, page: number): Promise<Paginated<Notification> & { unread_count: number }> {
      const baseUrl = `${deps.publicUrl}/api/notifications/`;
      const [total, unread] = await Promise.all([repo.countNotifications(db, actor.id), repo.countUnread(db, actor.id)]);
      toPage([], total, page, baseUrl);
      const { limit, offset } = pageWindow(page);
      const rows = await repo.listNotifications(db, actor.id, limit, offset);
      return { ...toPage(rows.map(toNotificationResponse), total, page, baseUrl), unread_count: unread };
    },

    /** Another user's notification is a 404, even for staff (notifications are personal). */
    async markRead(actor: Actor, id: string): Promise<Notification> {
      const row = assertCanAccess({ id: actor.id, role: "customer" }, await repo.findNotification(db, id));
      await repo.markRead(db, actor.id, row.id);
      await publishUnread(db, "unread", [actor.id]);
      return toNotificationResponse({ ...row, isRead: true });
    },

    async markAllRead(actor: Actor): Promise<{ unread_count: number }> {
      await repo.markRead(db, actor.id);
      await publishUnread(db, "unread", [actor.id]);
      return { unread_count: 0 };
    },
  };
}
