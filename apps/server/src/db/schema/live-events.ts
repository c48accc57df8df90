import { bigint, boolean, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { LiveEventKind } from "../../lib/live-events.ts";
import { authTokens, users } from "./users.ts";

/**
 * What open pages were told, kept about ten minutes: every instance reads a committed event from
 * here (after PostgreSQL's NOTIFY names it), and a page that reconnects with `Last-Event-ID` is
 * sent what it missed in the last five minutes.
 */
export const liveEvents = pgTable(
  "live_events",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userIds: uuid("user_ids").array().notNull(),
    /** Also every staff member and admin. */
    staff: boolean().notNull().default(false),
    kind: text().$type<LiveEventKind>().notNull(),
    data: jsonb().$type<Record<string, string | number | boolean | null>>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("live_events_created_idx").on(t.createdAt)],
);

/**
 * Single-use, short-lived tickets that open an event stream (a browser's EventSource cannot send
 * the Authorization header). Stored hashed; they go with the token that asked for them.
 */
export const liveEventTickets = pgTable(
  "live_event_tickets",
  {
    ticketHash: text("ticket_hash").primaryKey(),
    tokenId: uuid("token_id")
      .notNull()
      .references(() => authTokens.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("live_event_tickets_expires_idx").on(t.expiresAt), index("live_event_tickets_token_idx").on(t.tokenId)],
);
