import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.ts";
import { jobs } from "../../db/schema/index.ts";
import { FakeClock, freshDatabase } from "../../test/helpers.ts";
import * as repo from "./jobs.repository.ts";
import { isPermanentSmtpError } from "./mail-job.ts";
import { backoffMs, createJobQueue, PermanentJobError, type JobQueueOptions } from "./queue.ts";
import { waitFor } from "../../test/net.ts";

const logger = pino({ level: "silent" });
const OPTIONS: JobQueueOptions = { pollMs: 10, leaseMs: 60_000, maxAttempts: 3, backoffBaseMs: 1_000, backoffMaxMs: 8_000 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));


describe("backoff", () => {
  it("doubles from the base, stops at the cap, and varies by at most 20 % either way", () => {
    const opts = { backoffBaseMs: 1_000, backoffMaxMs: 8_000 };
    expect([1, 2, 3, 4, 5, 9].map((a) => backoffMs(a, opts, () => 0.5))).toEqual([1_000, 2_000, 4_000, 8_000, 8_000, 8_000]);
    expect(backoffMs(2, opts, () => 0)).toBe(1_600);
    expect(backoffMs(2, opts, () => 0.999_999)).toBe(2_400);
  });
});

describe("SMTP failures", () => {
  it("treats a 5xx answer to the envelope or message as permanent, everything else as worth retrying", () => {
    expect(isPermanentSmtpError(Object.assign(new Error("550 no such user"), { code: "EENVELOPE", responseCode: 550 }))).toBe(true);
    expect(isPermanentSmtpError(Object.assign(new Error("554 rejected"), { code: "EMESSAGE", responseCode: 554 }))).toBe(true);
    expect(isPermanentSmtpError(Object.assign(new Error("451 try later"), { code: "EENVELOPE", responseCode: 451 }))).toBe(false);
    expect(isPermanentSmtpError(Object.assign(new Error("535 bad login"), { code: "EAUTH", responseCode: 535 }))).toBe(false);
    expect(isPermanentSmtpError(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNECTION" }))).toBe(false);
    expect(isPermanentSmtpError(Object.assign(new Error("Greeting never received"), { code: "ETIMEDOUT" }))).toBe(false);
  });
});

describe("job queue", () => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(async () => database.close());

  const rowsOf = (kind: string) => database.db.select().from(jobs).where(eq(jobs.kind, kind));

  it("writes a job only when the transaction commits", async () => {
    const clock = new FakeClock();
    const queue = createJobQueue({ db: database.db, clock, logger, options: OPTIONS });
    const ran: unknown[] = [];
    queue.register("test:tx", (payload) => {
      ran.push(payload);
      return Promise.resolve();
    });
    await expect(
      database.db.transaction(async (tx) => {
        await queue.enqueue(tx, "test:tx", { n: "rolled back" });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await rowsOf("test:tx")).toHaveLength(0);

    await database.db.transaction(async (tx) => {
      await queue.enqueue(tx, "test:tx", { n: "committed" });
    });
    expect(await rowsOf("test:tx")).toMatchObject([{ status: "pending", attempts: 0 }]);
    expect(await queue.drain()).toBe(1);
    expect(ran).toEqual([{ n: "committed" }]);
    expect(await rowsOf("test:tx")).toMatchObject([{ status: "done", attempts: 1, lastError: null }]);
    expect(await queue.drain()).toBe(0);
  });

  it("retries a transient failure after its backoff, fails a permanent one at once, and gives up after the last attempt", async () => {
    const clock = new FakeClock();
    const queue = createJobQueue({ db: database.db, clock, logger, options: OPTIONS });
    let flaky = 0;
    queue.register("test:flaky", () => {
      flaky += 1;
      return flaky < 3 ? Promise.reject(new Error(`421 busy (try ${flaky})`)) : Promise.resolve();
    });
    queue.register("test:permanent", () =>
      Promise.reject(new PermanentJobError("550 5.1.1 <nobody@example.com>: Recipient address rejected")),
    );
    queue.register("test:always", () => Promise.reject(new Error("connect ECONNREFUSED 127.0.0.1:25")));
    await queue.enqueue(database.db, "test:flaky", {});
    await queue.enqueue(database.db, "test:permanent", {});
    await queue.enqueue(database.db, "test:always", {});

    expect(await queue.drain()).toBe(3);
    const [flakyRow] = await rowsOf("test:flaky");
    expect(flakyRow).toMatchObject({ status: "pending", attempts: 1, lastError: "421 busy (try 1)", lockedUntil: null });
    const wait = flakyRow!.runAt.getTime() - clock.now().getTime();
    expect(wait).toBeGreaterThanOrEqual(800);
    expect(wait).toBeLessThanOrEqual(1_200);
    expect(await rowsOf("test:permanent")).toMatchObject([
      { status: "failed", attempts: 1, lastError: "550 5.1.1 <nobody@example.com>: Recipient address rejected" },
    ]);

    // Not due yet: nothing runs until the backoff has passed.
    expect(await queue.drain()).toBe(0);
    clock.advance(1_300);
    expect(await queue.drain()).toBe(2);
    expect(await rowsOf("test:flaky")).toMatchObject([{ status: "pending", attempts: 2, lastError: "421 busy (try 2)" }]);
    clock.advance(2_500);
    expect(await queue.drain()).toBe(2);
    expect(await rowsOf("test:flaky")).toMatchObject([{ status: "done", attempts: 3, lastError: null }]);
    expect(await rowsOf("test:always")).toMatchObject([{ status: "failed", attempts: 3, lastError: "connect ECONNREFUSED 127.0.0.1:25" }]);
    expect(flaky).toBe(3);

    // A failed job retried by an admin runs again with fresh attempts.
    const [failed] = await rowsOf("test:always");
    expect(await repo.retryFailed(database.db, failed!.id, clock.now())).toMatchObject({ status: "pending", attempts: 0 });
    expect(await queue.drain()).toBe(1);
    expect(await rowsOf("test:always")).toMatchObject([{ status: "pending", attempts: 1 }]);
  });

  it("gives a crashed worker's job to another worker once its lease has run out, and ignores the late finisher", async () => {
    const clock = new FakeClock();
    const ran: string[] = [];
    const a = createJobQueue({ db: database.db, clock, logger, options: OPTIONS, workerId: "a" });
    const b = createJobQueue({ db: database.db, clock, logger, options: OPTIONS, workerId: "b" });
    for (const q of [a, b]) q.register("test:lease", () => Promise.resolve(void ran.push(q.worker)));
    await a.enqueue(database.db, "test:lease", {});
    // Worker a claims it and dies before finishing.
    const now = clock.now();
    const [claimed] = await repo.claimJobs(database.db, {
      now,
      leaseUntil: new Date(now.getTime() + OPTIONS.leaseMs),
      worker: "a",
      limit: 1,
      kinds: ["test:lease"],
    });
    expect(claimed).toMatchObject({ lockedBy: "a", attempts: 1 });
    expect(await b.drain()).toBe(0);
    clock.advance(OPTIONS.leaseMs + 1);
    expect(await b.drain()).toBe(1);
    expect(ran).toEqual(["b"]);
    expect(await rowsOf("test:lease")).toMatchObject([{ status: "done", attempts: 2, lockedBy: "b" }]);
    // a comes back and tries to record its old claim: refused, the row stays b's.
    expect(await repo.markDone(database.db, claimed!, clock.now())).toBe(false);
    expect(await repo.markFailed(database.db, claimed!, clock.now(), "late")).toBe(false);
  });

  it("runs a periodic job once per period however many instances schedule it", async () => {
    const clock = new FakeClock(new Date("2026-11-26T10:00:30Z"));
    const ticks: string[] = [];
    const runners = ["one", "two"].map((id) => {
      const q = createJobQueue({ db: database.db, clock, logger, options: OPTIONS, workerId: id });
      q.every({ name: "test:tick", periodMs: 60_000 }, () => Promise.resolve(void ticks.push(id)));
      return q;
    });
    const made = await Promise.all(runners.map((q) => q.schedulePeriodic()));
    expect(made.reduce((x, y) => x + y, 0)).toBe(1);
    // Scheduling again within the period does nothing either.
    expect(await runners[1]!.schedulePeriodic()).toBe(0);
    await Promise.all(runners.map((q) => q.drain()));
    expect(ticks).toHaveLength(1);

    clock.advance(60_000);
    await Promise.all([runners[1]!.schedulePeriodic(), runners[0]!.schedulePeriodic()]);
    await Promise.all(runners.map((q) => q.drain()));
    expect(ticks).toHaveLength(2);
    expect((await rowsOf("test:tick")).map((r) => r.uniqueKey).sort()).toEqual([
      "test:tick@2026-11-26T10:00:00.000Z",
      "test:tick@2026-11-26T10:01:00.000Z",
    ]);
  });

  it("has two running workers on one database run each job exactly once", async () => {
    const seen = new Map<string, string[]>();
    const runners = ["w1", "w2"].map((id) => {
      const q = createJobQueue({
        db: database.db,
        clock: { now: () => new Date() },
        logger,
        options: { ...OPTIONS, pollMs: 5 },
        workerId: id,
      });
      q.register("test:race", async (_payload, context) => {
        await sleep(2);
        seen.set(context.id, [...(seen.get(context.id) ?? []), id]);
      });
      return q;
    });
    for (let i = 0; i < 40; i++) await runners[0]!.enqueue(database.db, "test:race", { i });
    runners.forEach((q) => q.start());
    try {
      await waitFor(async () => (await rowsOf("test:race")).every((r) => r.status === "done"));
    } finally {
      await Promise.all(runners.map((q) => q.stop()));
    }
    expect(seen.size).toBe(40);
    expect([...seen.values()].filter((workers) => workers.length !== 1)).toEqual([]);
    const rows = await rowsOf("test:race");
    expect(rows.every((r) => r.attempts === 1)).toBe(true);

    // Stopped (shutdown): a late drain leaves what is due for the next start or another instance.
    await runners[0]!.enqueue(database.db, "test:race", { late: true });
    expect(await runners[0]!.drain()).toBe(0);
    expect((await rowsOf("test:race")).filter((r) => r.status === "pending")).toHaveLength(1);
  });
});
