import type { NotificationType } from "@atelier/contract";
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { notificationPreferences, users } from "../../db/schema/index.ts";

export type PreferenceRow = typeof notificationPreferences.$inferSelect;

export function listPreferences(db: Db, userId: string): Promise<PreferenceRow[]> {
  return db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
}

export function findPreference(db: Db, userId: string, type: NotificationType): Promise<PreferenceRow | undefined> {
  return db
    .select()
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.type, type)))
    .limit(1)
    .then((rows) => rows[0]);
}

/** The (user, type) pairs among `userIds` whose in-app notices are turned off. */
export function inAppOff(db: Db, userIds: string[]): Promise<{ userId: string; type: NotificationType }[]> {
  return db
    .select({ userId: notificationPreferences.userId, type: notificationPreferences.type })
    .from(notificationPreferences)
    .where(and(inArray(notificationPreferences.userId, userIds), eq(notificationPreferences.inApp, false)));
}

export async function upsertPreferences(
  db: Db,
  userId: string,
  values: { type: NotificationType; email?: boolean; inApp?: boolean }[],
  now: Date,
): Promise<void> {
  for (const v of values) {
    const set = { ...(v.email !== undefined && { email: v.email }), ...(v.inApp !== undefined && { inApp: v.inApp }), updatedAt: now };
    await db
      .insert(notificationPreferences)
      .values({ userId, type: v.type, email: v.email ?? true, inApp: v.inApp ?? true, updatedAt: now })
      .onConflictDoUpdate({ target: [notificationPreferences.userId, notificationPreferences.type], set });
  }
}

export function findUserEmail(db: Db, userId: string): Promise<{ id: string; email: string; firstName: string } | undefined> {
  return db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1)
    .then((rows) => rows[0]);
}
