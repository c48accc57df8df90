import type { NotificationType } from "@atelier/contract";
import { boolean, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/**
 * A customer's choice per notification type, for e-mail and in-app notices separately. No row
 * means the defaults: everything on. The password-reset e-mail has no type and is always sent.
 */
export const notificationPreferences = pgTable(
  "notification_preferences",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text().$type<NotificationType>().notNull(),
    email: boolean().notNull().default(true),
    inApp: boolean("in_app").notNull().default(true),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type] })],
);
