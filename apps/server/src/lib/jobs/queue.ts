import crypto from "node:crypto";
import os from "node:os";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import type { Clock } from "../clock.ts";
import * as repo from "./jobs.repository.ts";

/** A failure that no retry can fix (an address the SMTP server rejects): the job is failed at once. */
export class PermanentJobError extends Error {}

export interface JobContext {
  id: string;
  /** 1 on the first try. */
  attempt: number;
}

export type JobHandler = (payload: unknown, context: JobContext) => Promise<void>;

export interface JobQueueOptions {
  pollMs: number;
  leaseMs: number;
  maxAttempts: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
}

export interface PeriodicTask {
  /** Also the job's kind: its handler is registered under this name. */
  name: string;
  periodMs: number;
}

/**
 * The wait before try `attempt + 1` after a transient failure: doubling from the base, capped,
 * with ±20 % jitter so the jobs of one outage do not all come back in the same second.
 */
export function backoffMs(attempt: number, options: Pick<JobQueueOptions, "backoffBaseMs" | "backoffMaxMs">, random = Math.random): number {
  const exp = Math.min(options.backoffMaxMs, options.backoffBaseMs * 2 ** Math.max(0, attempt - 1));
  return Math.max(1, Math.round(exp * (0.8 + 0.4 * random())));
}

const describe = (err: unknown): string => {
  const message = err instanceof Error ? err.message : String(err);
  return message.slice(0, 2000) || "Unknown error.";
};

export type JobQueue = ReturnType<typeof createJobQueue>;

/**
 * The durable queue over the `jobs` table. `enqueue` writes in the caller's transaction; a worker
 * (one loop per process, started by `start`) claims due jobs with a lease, runs each kind's
 * handler, and records the outcome: done, retried later with backoff, or failed with its reason.
 * Periodic tasks are enqueued once per period under a unique key, whichever instance gets there first.
 */
export function createJobQueue(deps: { db: Db; clock: Clock; logger: FastifyBaseLogger; options: JobQueueOptions; workerId?: string }) {
  const { db, clock, logger, options } = deps;
  const worker = deps.workerId ?? `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString("hex")}`;
  const handlers = new Map<string, JobHandler>();
  const periodic: PeriodicTask[] = [];
  const scheduled = new Map<string, number>();

  let running = false;
  /** Once stopped (shutdown), `drain` runs nothing: what is due stays for the next start or another instance. */
  let stopped = false;
  let loop: Promise<void> | undefined;
  let wakeUp: (() => void) | undefined;
  let nudge: NodeJS.Timeout | undefined;
  // One pass over the due jobs at a time in this process (the worker's loop and a test's drain).
  let busy: Promise<unknown> = Promise.resolve();

  function register(kind: string, handler: JobHandler): void {
    handlers.set(kind, handler);
  }

  /** Runs `handler` as the job `name` once every `periodMs` across every instance. */
  function every(task: PeriodicTask, handler: JobHandler): void {
    register(task.name, handler);
    periodic.push(task);
  }

  /** Writes a job in `tx`, due now (or at `runAt`); the worker is woken shortly after to pick it up. */
  async function enqueue(tx: Db, kind: string, payload: unknown, extra: { runAt?: Date; uniqueKey?: string } = {}): Promise<boolean> {
    if (!handlers.has(kind)) throw new Error(`No handler for job kind "${kind}".`);
    const now = clock.now();
    const inserted = await repo.insertJob(tx, { kind, payload, runAt: extra.runAt ?? now, uniqueKey: extra.uniqueKey }, now);
    // The transaction has not committed yet: look a moment later (the poll finds it otherwise).
    if (running && !nudge) {
      nudge = setTimeout(() => {
        nudge = undefined;
        wakeUp?.();
      }, 50);
      nudge.unref();
    }
    return inserted;
  }

  /** Enqueues each periodic task's job for the current period (unique per period: once in total). */
  async function schedulePeriodic(): Promise<number> {
    const now = clock.now().getTime();
    let made = 0;
    for (const task of periodic) {
      const start = Math.floor(now / task.periodMs) * task.periodMs;
      if (scheduled.get(task.name) === start) continue;
      const key = `${task.name}@${new Date(start).toISOString()}`;
      if (await enqueue(db, task.name, {}, { uniqueKey: key })) made += 1;
      scheduled.set(task.name, start);
    }
    return made;
  }

  async function runJob(job: repo.JobRow): Promise<void> {
    const handler = handlers.get(job.kind);
    const started = Date.now();
    try {
      if (!handler) throw new PermanentJobError(`No handler for job kind "${job.kind}".`);
      await handler(job.payload, { id: job.id, attempt: job.attempts });
      if (!(await repo.markDone(db, job, clock.now()))) {
        logger.warn({ job: job.id, kind: job.kind }, "job finished after its lease ran out; another worker may have run it too");
      }
      logger.debug({ job: job.id, kind: job.kind, ms: Date.now() - started }, "job done");
    } catch (err) {
      const reason = describe(err);
      const now = clock.now();
      if (err instanceof PermanentJobError || job.attempts >= options.maxAttempts) {
        await repo.markFailed(db, job, now, reason);
        logger.error({ err, job: job.id, kind: job.kind, attempts: job.attempts }, "job failed");
      } else {
        const wait = backoffMs(job.attempts, options);
        await repo.reschedule(db, job, new Date(now.getTime() + wait), reason);
        logger.warn({ err, job: job.id, kind: job.kind, attempts: job.attempts, retryInMs: wait }, "job will be retried");
      }
    }
  }

  /** Claims and runs due jobs one at a time until none is due; returns how many ran. */
  function runDue(limit = Number.POSITIVE_INFINITY): Promise<number> {
    const pass = busy.then(async () => {
      let ran = 0;
      while (ran < limit) {
        const now = clock.now();
        // Only kinds this process knows (an instance of an older release leaves newer kinds alone).
        const kinds = [...handlers.keys()];
        const [job] = await repo.claimJobs(db, { now, leaseUntil: new Date(now.getTime() + options.leaseMs), worker, limit: 1, kinds });
        if (!job) break;
        await runJob(job);
        ran += 1;
        if (!running && loop) break; // stopping: leave the rest to the next start or another instance
      }
      return ran;
    });
    busy = pass.catch(() => undefined);
    return pass;
  }

  function start(): void {
    if (running) return;
    running = true;
    stopped = false;
    loop = (async () => {
      while (running) {
        try {
          await schedulePeriodic();
          await runDue();
        } catch (err) {
          logger.error({ err }, "job worker pass failed");
        }
        if (!running) break;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, options.pollMs);
          wakeUp = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wakeUp = undefined;
      }
    })();
    logger.info({ worker, pollMs: options.pollMs }, "job worker started");
  }

  /** Stops claiming; waits up to `graceMs` for the job in hand (its lease covers it otherwise). */
  async function stop(graceMs = 10_000): Promise<void> {
    stopped = true;
    if (!running) return;
    running = false;
    if (nudge) clearTimeout(nudge);
    nudge = undefined;
    wakeUp?.();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([loop, new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)))]);
    clearTimeout(timer);
    loop = undefined;
  }

  /** Runs every job due now, including those the jobs it runs enqueue (tests); nothing once stopped. */
  async function drain(): Promise<number> {
    if (stopped) return 0;
    let total = 0;
    for (;;) {
      const ran = await runDue();
      total += ran;
      if (ran === 0) return total;
    }
  }

  async function health() {
    const now = clock.now();
    const counts = await repo.queueCounts(db, now);
    const doneLastDay = await repo.countDoneSince(db, new Date(now.getTime() - 24 * 60 * 60 * 1000));
    return { ...counts, doneLastDay, now };
  }

  return { worker, register, every, enqueue, schedulePeriodic, runDue, drain, start, stop, health };
}
