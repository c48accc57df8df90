import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

export type JobStatus = "pending" | "done" | "failed";

/**
 * The durable queue (a transactional outbox): work a change causes (its e-mails) is written in the
 * change's own transaction, and periodic sweeps are enqueued once per period under a unique key.
 * Workers on any instance claim due rows with `FOR UPDATE SKIP LOCKED` and hold them for a lease
 * (`locked_until`); a crashed worker's job becomes claimable again when its lease runs out.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: uuid().primaryKey().defaultRandom(),
    /** What runs it: "mail", "sweep:orders", ... */
    kind: text().notNull(),
    payload: jsonb().$type<unknown>().notNull(),
    status: text().$type<JobStatus>().notNull().default("pending"),
    /** A periodic job's `<name>@<period start>`: a second instance's insert for the same period does nothing. */
    uniqueKey: text("unique_key").unique(),
    attempts: integer().notNull().default(0),
    /** Not before: the time it was enqueued, or its next try after a transient failure. */
    runAt: timestamp("run_at", { withTimezone: true }).notNull(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lockedBy: text("locked_by"),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("jobs_due_idx")
      .on(t.runAt)
      .where(sql`${t.status} = 'pending'`),
    index("jobs_status_finished_idx").on(t.status, t.finishedAt),
  ],
);
