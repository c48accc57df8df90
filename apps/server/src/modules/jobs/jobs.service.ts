import { jobKindLabel, type JobQueueHealth, type Paginated, type StaffJob } from "@atelier/contract";
import type { Db } from "../../db/client.ts";
import { assertAdmin, type Actor } from "../../lib/access.ts";
import type { Clock } from "../../lib/clock.ts";
import { ConflictError, NotFoundError } from "../../lib/errors.ts";
import * as repo from "../../lib/jobs/jobs.repository.ts";
import type { QueuedMail } from "../../lib/jobs/mail-job.ts";
import type { JobQueue } from "../../lib/jobs/queue.ts";
import { pageWindow, toPage } from "../../lib/pagination.ts";

/** Done jobs are kept a week for the record; failed ones a month, for a retry. */
const KEEP_DONE_MS = 7 * 24 * 60 * 60 * 1000;
const KEEP_FAILED_MS = 30 * 24 * 60 * 60 * 1000;

const TEMPLATE_LABELS: Record<string, string> = {
  cadReadyEmail: "CAD design ready",
  genericEmail: "notice",
  orderStatusEmail: "order status",
  paymentEmail: "payment",
  quoteExpiringEmail: "quote expiring",
  quoteIssuedEmail: "quote issued",
  shippedEmail: "order shipped",
  staffReplyEmail: "jeweller's reply",
  staffWelcomeEmail: "staff welcome",
  supportTicketEmail: "support request received",
};

function summaryOf(row: repo.JobRow): string {
  if (row.kind === "mail") {
    const mail = row.payload as Partial<QueuedMail>;
    const subject = mail.subject ?? TEMPLATE_LABELS[mail.email?.template ?? ""] ?? "e-mail";
    return `To ${mail.to ?? "(nobody)"}: ${subject}`;
  }
  const period = row.uniqueKey?.split("@")[1];
  return period ? `Period from ${period.slice(0, 16).replace("T", " ")} UTC` : jobKindLabel(row.kind);
}

export function toStaffJob(row: repo.JobRow): StaffJob {
  return {
    id: row.id,
    kind: row.kind,
    kind_label: jobKindLabel(row.kind),
    summary: summaryOf(row),
    status: row.status,
    attempts: row.attempts,
    last_error: row.lastError,
    created_at: row.createdAt.toISOString(),
    run_at: row.runAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

export type JobsService = ReturnType<typeof createJobsService>;

/** The queue as admins see it in the staff console: its health, the failed jobs and their retry. */
export function createJobsService(deps: { db: Db; clock: Clock; queue: JobQueue; publicUrl: string }) {
  const { db, clock, queue } = deps;
  return {
    queue,

    async health(actor: Actor): Promise<JobQueueHealth> {
      assertAdmin(actor);
      const h = await queue.health();
      return {
        pending: h.pending,
        running: h.running,
        retrying: h.retrying,
        failed: h.failed,
        oldest_pending_at: h.oldestPendingAt?.toISOString() ?? null,
        oldest_pending_age_seconds: h.oldestPendingAt
          ? Math.max(0, Math.floor((h.now.getTime() - h.oldestPendingAt.getTime()) / 1000))
          : null,
        done_last_24h: h.doneLastDay,
        checked_at: h.now.toISOString(),
      };
    },

    async failed(actor: Actor, page: number): Promise<Paginated<StaffJob>> {
      assertAdmin(actor);
      const baseUrl = `${deps.publicUrl}/api/staff/jobs/failed/`;
      const { failed: total } = await repo.queueCounts(db, clock.now());
      toPage([], total, page, baseUrl);
      const { limit, offset } = pageWindow(page);
      const rows = await repo.listFailed(db, limit, offset);
      return toPage(rows.map(toStaffJob), total, page, baseUrl);
    },

    /** A failed job back in the queue, due now, its attempts counted afresh. */
    async retry(actor: Actor, id: string): Promise<StaffJob> {
      assertAdmin(actor);
      const row = await repo.retryFailed(db, id, clock.now());
      if (row) return toStaffJob(row);
      const existing = await repo.findJob(db, id);
      if (!existing) throw new NotFoundError("Not found.");
      throw new ConflictError(
        existing.status === "done"
          ? "This job has already run; there is nothing to retry."
          : "This job is still in the queue; only a failed job can be retried.",
      );
    },

    /** Removes finished jobs past their keeping time (the periodic "prune:jobs" job). */
    prune(): Promise<number> {
      const now = clock.now().getTime();
      return repo.pruneFinished(db, new Date(now - KEEP_DONE_MS), new Date(now - KEEP_FAILED_MS));
    },
  };
}
