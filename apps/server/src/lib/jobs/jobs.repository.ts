import { and, asc, count, desc, eq, gte, inArray, isNull, lt, lte, min, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { jobs } from "../../db/schema/index.ts";

export type JobRow = typeof jobs.$inferSelect;

export interface NewJob {
  kind: string;
  payload: unknown;
  runAt: Date;
  /** Set for work that must exist once (a periodic sweep's period): a second insert does nothing. */
  uniqueKey?: string | undefined;
}

/** Writes a job in the caller's transaction; false when a job with the same unique key exists. */
export async function insertJob(db: Db, job: NewJob, now: Date): Promise<boolean> {
  const rows = await db
    .insert(jobs)
    .values({ kind: job.kind, payload: job.payload, runAt: job.runAt, uniqueKey: job.uniqueKey ?? null, createdAt: now })
    .onConflictDoNothing({ target: jobs.uniqueKey })
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/**
 * Claims up to `limit` due jobs for `worker` until `leaseUntil`: pending, due, and not held by a
 * live lease (an expired lease is a crashed or stuck worker's). Rows another worker is claiming at
 * this moment are skipped, never waited for, so each job goes to one worker.
 */
export async function claimJobs(db: Db, params: { now: Date; leaseUntil: Date; worker: string; limit: number; kinds?: string[] }) {
  const { now, leaseUntil, worker, limit } = params;
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        eq(jobs.status, "pending"),
        lte(jobs.runAt, now),
        or(isNull(jobs.lockedUntil), lte(jobs.lockedUntil, now)),
        params.kinds ? inArray(jobs.kind, params.kinds) : undefined,
      ),
    )
    .orderBy(asc(jobs.runAt))
    .limit(limit)
    .for("update", { skipLocked: true });
  return db
    .update(jobs)
    .set({ lockedUntil: leaseUntil, lockedBy: worker, attempts: sql`${jobs.attempts} + 1` })
    .where(inArray(jobs.id, due))
    .returning();
}

/** The claim is still ours: same worker, same attempt (a lease that ran out may have been re-claimed). */
const held = (job: Pick<JobRow, "id" | "lockedBy" | "attempts">) =>
  and(eq(jobs.id, job.id), eq(jobs.status, "pending"), eq(jobs.lockedBy, job.lockedBy ?? ""), eq(jobs.attempts, job.attempts));

export async function markDone(db: Db, job: JobRow, now: Date): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ status: "done", finishedAt: now, lockedUntil: null, lastError: null })
    .where(held(job))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

export async function markFailed(db: Db, job: JobRow, now: Date, error: string): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ status: "failed", finishedAt: now, lockedUntil: null, lastError: error })
    .where(held(job))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

export async function reschedule(db: Db, job: JobRow, runAt: Date, error: string): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ runAt, lockedUntil: null, lockedBy: null, lastError: error })
    .where(held(job))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** A failed job back in the queue, due now, with a fresh count of attempts. */
export async function retryFailed(db: Db, id: string, now: Date): Promise<JobRow | undefined> {
  const [row] = await db
    .update(jobs)
    .set({ status: "pending", runAt: now, attempts: 0, finishedAt: null, lockedUntil: null, lockedBy: null })
    .where(and(eq(jobs.id, id), eq(jobs.status, "failed")))
    .returning();
  return row;
}

export async function findJob(db: Db, id: string): Promise<JobRow | undefined> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  return row;
}

export async function queueCounts(db: Db, now: Date) {
  const [pending] = await db
    .select({
      pending: count(),
      oldest: min(jobs.createdAt),
      running: sql<number>`count(*) filter (where ${jobs.lockedUntil} > ${now.toISOString()})`.mapWith(Number),
      retrying:
        sql<number>`count(*) filter (where ${jobs.attempts} > 0 and (${jobs.lockedUntil} is null or ${jobs.lockedUntil} <= ${now.toISOString()}))`.mapWith(
          Number,
        ),
    })
    .from(jobs)
    .where(eq(jobs.status, "pending"));
  const [failed] = await db.select({ failed: count() }).from(jobs).where(eq(jobs.status, "failed"));
  return {
    pending: pending?.pending ?? 0,
    oldestPendingAt: pending?.oldest ?? null,
    running: pending?.running ?? 0,
    retrying: pending?.retrying ?? 0,
    failed: failed?.failed ?? 0,
  };
}

export async function countDoneSince(db: Db, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(jobs)
    .where(and(eq(jobs.status, "done"), gte(jobs.finishedAt, since)));
  return row?.n ?? 0;
}

export function listFailed(db: Db, limit: number, offset: number): Promise<JobRow[]> {
  return db.select().from(jobs).where(eq(jobs.status, "failed")).orderBy(desc(jobs.finishedAt), desc(jobs.id)).limit(limit).offset(offset);
}

/** Finished jobs kept for the record are removed after a while; failed ones wait longer for a retry. */
export async function pruneFinished(db: Db, doneBefore: Date, failedBefore: Date): Promise<number> {
  const rows = await db
    .delete(jobs)
    .where(
      or(and(eq(jobs.status, "done"), lt(jobs.finishedAt, doneBefore)), and(eq(jobs.status, "failed"), lt(jobs.finishedAt, failedBefore))),
    )
    .returning({ id: jobs.id });
  return rows.length;
}
