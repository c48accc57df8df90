import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { Role } from "@atelier/contract";

export const users = pgTable("users", {
  id: uuid().primaryKey().defaultRandom(),
  email: text().notNull().unique(),
  username: text().notNull().unique(),
  passwordHash: text("password_hash").notNull(),
  role: text().$type<Role>().notNull().default("customer"),
  firstName: text("first_name").notNull().default(""),
  lastName: text("last_name").notNull().default(""),
  companyName: text("company_name").notNull().default(""),
  phoneNumber: text("phone_number").notNull().default(""),
  address: text().notNull().default(""),
  dateJoined: timestamp("date_joined", { withTimezone: true }).notNull().defaultNow(),
  passwordChangedAt: timestamp("password_changed_at", { withTimezone: true }).notNull().defaultNow(),
  /** A deactivated account cannot sign in and holds no tokens (admins deactivate staff and customers). */
  isActive: boolean("is_active").notNull().default(true),
  /**
   * Bumped by triggers (migration 0005) whenever a row the user's designs show changes: a design,
   * its stones, its images, its order. Read with the user on every request, it keys the designs
   * module's response cache, so a change made by any process invalidates it at once.
   */
  contentVersion: bigint("content_version", { mode: "number" }).notNull().default(0),
});

/** One row per signed-in device; only the SHA-256 of the key is stored. */
export const authTokens = pgTable(
  "auth_tokens",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("auth_tokens_user_idx").on(t.userId)],
);

export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [index("password_reset_tokens_user_idx").on(t.userId)],
);

/** Fixed-window counters shared by every instance (used when REDIS_URL is unset). */
export const rateLimitCounters = pgTable("rate_limit_counters", {
  key: text().primaryKey(),
  count: integer().notNull(),
  resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
});
