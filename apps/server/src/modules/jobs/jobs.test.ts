import net from "node:net";
import type { JobQueueHealth, Paginated, StaffJob } from "@atelier/contract";
import { eq } from "drizzle-orm";
import pino from "pino";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { jobs } from "../../db/schema/index.ts";
import { systemClock } from "../../lib/clock.ts";
import { createMailer } from "../../lib/mail.ts";
import { authedInject, buildTestApp, createStaff, randomIp, signUp, type TestApp } from "../../test/helpers.ts";
import { freePort, waitFor } from "../../test/net.ts";

const logger = pino({ level: "silent" });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));


interface Received {
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback; `reject` answers RCPT TO for an address with that code. */
async function startSmtp(options: { port?: number; reject?: Map<string, number> } = {}) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onRcptTo(address, _session, callback) {
      const code = options.reject?.get(address.address);
      if (code)
        return callback(
          Object.assign(new Error(code >= 500 ? "Recipient address rejected" : "Mailbox busy, try later"), { responseCode: code }),
        );
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString("utf8") });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const port = (server.server.address() as { port: number }).port;
  return { received, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}


const smtpMailer = (port: number, timeoutMs = 5_000) =>
  createMailer({
    smtpUrl: `smtp://127.0.0.1:${port}`,
    from: "Atelier <no-reply@atelier.test>",
    mailDir: "/nonexistent",
    logger,
    timeoutMs,
  });

const lead = (t: TestApp, name: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/leads/",
    payload: { name, email: "meera@example.com", phone: "", design_idea: "A ring", source: "contact" },
    remoteAddress: randomIp(),
  });

const mailJobs = (t: TestApp) => t.database.db.select().from(jobs).where(eq(jobs.kind, "mail"));

describe("e-mails through the durable queue, over real SMTP", () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: TestApp;
  const reject = new Map<string, number>();
  beforeAll(async () => {
    smtp = await startSmtp({ reject });
    t = await buildTestApp({
      mailer: smtpMailer(smtp.port),
      env: { CONTACT_EMAIL: "atelier@example.com" },
      leadLimit: { max: 100, windowMs: 60_000 },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  afterEach(() => {
    smtp.received.length = 0;
    reject.clear();
  });

  it("queues the e-mail with the change that causes it and delivers it once the worker runs", async () => {
    const before = (await mailJobs(t)).length;
    expect((await lead(t, "Asha Rao")).statusCode).toBe(201);
    const queued = (await mailJobs(t)).slice(before);
    expect(queued).toMatchObject([
      { status: "pending", attempts: 0, payload: { to: "atelier@example.com", subject: "New enquiry from Asha Rao (contact)" } },
    ]);
    expect(smtp.received).toHaveLength(0);

    expect(await t.drainJobs()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual(["atelier@example.com"]);
    expect(smtp.received[0]!.raw).toContain("Subject: New enquiry from Asha Rao (contact)");
    expect(smtp.received[0]!.raw).toContain(`Message-ID: <${queued[0]!.id}@atelier.jobs>`);
    expect((await mailJobs(t)).find((j) => j.id === queued[0]!.id)).toMatchObject({ status: "done", attempts: 1, lastError: null });
    expect(await t.drainJobs()).toBe(0);
    expect(smtp.received).toHaveLength(1);
  });

  it("queues nothing when the change fails", async () => {
    const before = (await mailJobs(t)).length;
    const res = await t.app.inject({
      method: "POST",
      url: "/api/leads/",
      payload: { name: "", email: "nope", source: "contact" },
      remoteAddress: randomIp(),
    });
    expect(res.statusCode).toBe(400);
    expect(await mailJobs(t)).toHaveLength(before);
  });

  it("retries a 4xx answer later and records a rejected address as failed, which an admin sees and retries", async () => {
    const admin = await createStaff(t, "admin");
    const staff = await createStaff(t, "staff");
    const customer = await signUp(t);
    reject.set("atelier@example.com", 451);
    await lead(t, "Try Later");
    await t.drainJobs();
    const [busy] = (await mailJobs(t)).filter((j) => j.status === "pending");
    expect(busy).toMatchObject({ attempts: 1, lockedUntil: null });
    expect(busy!.lastError).toContain("451");
    expect(busy!.runAt.getTime()).toBeGreaterThan(t.clock.now().getTime());

    reject.set("atelier@example.com", 550);
    t.clock.advance(60 * 60_000);
    await t.drainJobs();
    const failed = (await mailJobs(t)).filter((j) => j.status === "failed");
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ id: busy!.id, attempts: 2 });
    expect(failed[0]!.lastError).toContain("550");
    expect(failed[0]!.lastError).toContain("Recipient address rejected");
    expect(smtp.received).toHaveLength(0);

    // The staff console's view (admins only).
    expect((await t.app.inject({ method: "GET", url: "/api/staff/jobs/" })).statusCode).toBe(401);
    for (const token of [staff.token, customer.token]) {
      const res = await authedInject(t, token, { method: "GET", url: "/api/staff/jobs/" });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: "Only an administrator can do this." });
      expect((await authedInject(t, token, { method: "GET", url: "/api/staff/jobs/failed/" })).statusCode).toBe(403);
      expect((await authedInject(t, token, { method: "POST", url: `/api/staff/jobs/${busy!.id}/retry/` })).statusCode).toBe(403);
    }
    const health = await authedInject(t, admin.token, { method: "GET", url: "/api/staff/jobs/" });
    expect(health.statusCode).toBe(200);
    expect(health.json<JobQueueHealth>()).toMatchObject({
      pending: 0,
      running: 0,
      retrying: 0,
      failed: 1,
      oldest_pending_at: null,
      oldest_pending_age_seconds: null,
    });
    const list = await authedInject(t, admin.token, { method: "GET", url: "/api/staff/jobs/failed/" });
    expect(list.statusCode).toBe(200);
    const page = list.json<Paginated<StaffJob>>();
    expect(page).toMatchObject({ count: 1, next: null, previous: null });
    expect(page.results[0]).toMatchObject({
      id: busy!.id,
      kind: "mail",
      kind_label: "E-mail",
      summary: "To atelier@example.com: New enquiry from Try Later (contact)",
      status: "failed",
      attempts: 2,
    });
    expect(page.results[0]!.last_error).toContain("550");
    expect((await authedInject(t, admin.token, { method: "GET", url: "/api/staff/jobs/failed/?page=2" })).json()).toEqual({
      detail: "Invalid page.",
    });

    // Retry once the address is fixed: due at once, delivered once.
    reject.clear();
    const retried = await authedInject(t, admin.token, { method: "POST", url: `/api/staff/jobs/${busy!.id}/retry/` });
    expect(retried.statusCode).toBe(200);
    expect(retried.json<StaffJob>()).toMatchObject({ id: busy!.id, status: "pending", attempts: 0 });
    const again = await authedInject(t, admin.token, { method: "POST", url: `/api/staff/jobs/${busy!.id}/retry/` });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: "This job is still in the queue; only a failed job can be retried." });
    const waiting = (await authedInject(t, admin.token, { method: "GET", url: "/api/staff/jobs/" })).json<JobQueueHealth>();
    expect(waiting).toMatchObject({ pending: 1, failed: 0 });
    expect(waiting.oldest_pending_age_seconds).toBeGreaterThanOrEqual(3600);
    await t.drainJobs();
    expect(smtp.received).toHaveLength(1);
    const done = await authedInject(t, admin.token, { method: "POST", url: `/api/staff/jobs/${busy!.id}/retry/` });
    expect(done.json()).toEqual({ detail: "This job has already run; there is nothing to retry." });
    expect(
      (await authedInject(t, admin.token, { method: "POST", url: "/api/staff/jobs/00000000-0000-4000-8000-000000000000/retry/" }))
        .statusCode,
    ).toBe(404);
    expect((await authedInject(t, admin.token, { method: "POST", url: "/api/staff/jobs/not-a-uuid/retry/" })).statusCode).toBe(404);
  });
});

describe("SMTP down, then back", () => {
  it("delivers every e-mail caused meanwhile exactly once", async () => {
    const port = await freePort();
    const t = await buildTestApp({
      clock: systemClock,
      mailer: smtpMailer(port, 2_000),
      env: { CONTACT_EMAIL: "atelier@example.com", JOBS_POLL_MS: "20", JOBS_BACKOFF_BASE_MS: "50", JOBS_BACKOFF_MAX_MS: "200" },
      leadLimit: { max: 100, windowMs: 60_000 },
    });
    let smtp: Awaited<ReturnType<typeof startSmtp>> | undefined;
    try {
      t.services.jobs.queue.start();
      for (let i = 1; i <= 5; i++) expect((await lead(t, `Customer ${i}`)).statusCode).toBe(201);
      // Refused while SMTP is down: every job keeps its place, retried with backoff.
      await waitFor(async () => (await mailJobs(t)).every((j) => j.attempts >= 2));
      const down = await mailJobs(t);
      expect(down.map((j) => j.status)).toEqual(["pending", "pending", "pending", "pending", "pending"]);
      expect(down.every((j) => /ECONNREFUSED/.test(j.lastError ?? ""))).toBe(true);

      smtp = await startSmtp({ port });
      await waitFor(async () => (await mailJobs(t)).every((j) => j.status === "done"));
      await sleep(300);
      expect(smtp.received).toHaveLength(5);
      const subjects = smtp.received.map((m) => /Subject: (.*)/.exec(m.raw)![1]).sort();
      expect(subjects).toEqual([1, 2, 3, 4, 5].map((i) => `New enquiry from Customer ${i} (contact)`));
      const ids = new Set(smtp.received.map((m) => /Message-ID: (.*)/.exec(m.raw)![1]));
      expect(ids.size).toBe(5);
    } finally {
      await t.services.jobs.queue.stop();
      await t.close();
      await smtp?.close();
    }
  }, 90_000);
});

describe("an SMTP server that accepts but never answers", () => {
  it("does not hold up the request; the worker's try times out and is retried", async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => void sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const port = (silent.address() as net.AddressInfo).port;
    const timeoutMs = 5_000;
    const t = await buildTestApp({ mailer: smtpMailer(port, timeoutMs), env: { CONTACT_EMAIL: "atelier@example.com" } });
    try {
      // The request only writes the job: it answers well before the SMTP client could give up.
      const started = Date.now();
      expect((await lead(t, "Patient Person")).statusCode).toBe(201);
      expect(Date.now() - started).toBeLessThan(timeoutMs - 1_000);
      const tried = Date.now();
      await t.drainJobs();
      const waited = Date.now() - tried;
      expect(waited).toBeGreaterThanOrEqual(timeoutMs - 100);
      expect(waited).toBeLessThan(4 * timeoutMs);
      expect(sockets.size).toBeGreaterThan(0);
      const [job] = await mailJobs(t);
      expect(job).toMatchObject({ status: "pending", attempts: 1 });
      expect(job!.lastError).toMatch(/greeting|timeout/i);
    } finally {
      await t.close();
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  }, 90_000);
});
