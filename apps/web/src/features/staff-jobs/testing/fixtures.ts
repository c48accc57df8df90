import type { JobQueueHealth, Paginated, StaffJob } from "@atelier/contract";

const MINUTE = 60 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

export function makeHealth(overrides: Partial<JobQueueHealth> = {}): JobQueueHealth {
  return {
    pending: 0,
    running: 0,
    retrying: 0,
    failed: 0,
    oldest_pending_at: null,
    oldest_pending_age_seconds: null,
    done_last_24h: 0,
    checked_at: new Date().toISOString(),
    ...overrides,
  };
}

export function makeFailedJob(overrides: Partial<StaffJob> = {}): StaffJob {
  return {
    id: "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa",
    kind: "mail",
    kind_label: "E-mail",
    summary: "To meera@example.com: quote issued",
    status: "failed",
    attempts: 1,
    last_error: "Can't send mail - all recipients were rejected: 550 5.1.1 <meera@example.com>: Recipient address rejected",
    created_at: ago(30 * MINUTE),
    run_at: ago(30 * MINUTE),
    finished_at: ago(29 * MINUTE),
    ...overrides,
  };
}

export const page = <T>(results: T[], count = results.length): Paginated<T> => ({ count, next: null, previous: null, results });
