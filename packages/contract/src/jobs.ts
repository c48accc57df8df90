import { z } from "zod";
import { pageQuerySchema, paginatedSchema } from "./common.ts";

/** What each kind of background job is, as the staff console names it. */
export const JOB_KIND_LABELS: Record<string, string> = {
  mail: "E-mail",
  "sweep:orders": "Order sweep (quote expiry, reminders, automatic completion)",
  "prune:live-events": "Live updates clean-up",
  "prune:jobs": "Job history clean-up",
  "prune:idempotency-keys": "Idempotency keys clean-up (older than a day)",
  "sweep:storage": "Stored files clean-up (files no row refers to)",
};

/** A job waiting longer than this means the queue is stuck: the staff console warns, readiness reports "degraded". */
export const JOB_STALE_PENDING_SECONDS = 15 * 60;

export const jobKindLabel = (kind: string): string => JOB_KIND_LABELS[kind] ?? kind;

/** GET /api/staff/jobs/ (admin): the durable queue's health. */
export const jobQueueHealthSchema = z.object({
  /** Waiting to run: due now, retrying later after a failure, or being run. */
  pending: z.number().int(),
  /** Claimed by a worker right now. */
  running: z.number().int(),
  /** Pending after at least one failed try. */
  retrying: z.number().int(),
  failed: z.number().int(),
  oldest_pending_at: z.string().nullable(),
  oldest_pending_age_seconds: z.number().int().nullable(),
  done_last_24h: z.number().int(),
  checked_at: z.string(),
});
export type JobQueueHealth = z.infer<typeof jobQueueHealthSchema>;

/** A job as the staff console lists it (the failed ones, each with its reason). */
export const staffJobSchema = z.object({
  id: z.string(),
  kind: z.string(),
  kind_label: z.string(),
  /** One line: an e-mail's recipient and subject template, a sweep's period. */
  summary: z.string(),
  status: z.enum(["pending", "done", "failed"]),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  run_at: z.string(),
  finished_at: z.string().nullable(),
});
export type StaffJob = z.infer<typeof staffJobSchema>;
export const staffJobListSchema = paginatedSchema(staffJobSchema);
/** GET /api/staff/jobs/failed/: newest failure first. */
export const staffJobsQuerySchema = pageQuerySchema;
