import { z } from "zod";
import type { FastifyPluginCallbackZod } from "fastify-type-provider-zod";
import type { Database } from "../../db/client.ts";
import { quietLogLevel } from "../../lib/metrics.ts";
import type { Storage } from "../../lib/storage.ts";

/** One dependency readiness asks about; a critical one that fails makes the instance not ready (503). */
export interface ReadinessCheck {
  critical: boolean;
  check(): Promise<void>;
}
/** The dependencies readiness can report; a new one adds its name here and to the schema. */
export type CheckName = "database" | "storage" | "redis" | "queue";
export type ReadinessChecks = Partial<Record<CheckName, ReadinessCheck>>;

/** Shared with the process: `draining` is set the moment a shutdown begins. */
export interface ReadinessState {
  draining: boolean;
}

/** How long one check may take before it counts as failed. */
export const CHECK_TIMEOUT_MS = 2000;
/** A stored file nobody writes: asking whether it exists proves the storage answers. */
const STORAGE_PROBE_KEY = "health/ready-probe";

const result = z.enum(["ok", "error"]);
const healthSchema = z.object({ status: z.enum(["ok", "error"]), database: result });
const liveSchema = z.object({ status: z.literal("ok") });
const readySchema = z.object({
  /** ok: every check passed; degraded: only non-critical ones failed (still ready); error; draining. */
  status: z.enum(["ok", "degraded", "error", "draining"]),
  database: result.optional(),
  storage: result.optional(),
  redis: result.optional(),
  /** The durable job queue answers and no job has waited longer than JOB_STALE_PENDING_SECONDS (not critical). */
  queue: result.optional(),
});

export interface HealthOptions {
  database: Database;
  storage: Storage;
  checks?: ReadinessChecks;
  state: ReadinessState;
}

/**
 * GET /api/health/: 200 when the database answers within 2 s, else 503 (kept as it was).
 * GET /api/health/live: the process answers (restart it when this fails).
 * GET /api/health/ready: database, storage and the configured extras (Redis); 503 when a critical
 * one fails or while the process drains (send it no new requests).
 */
export const healthModule: FastifyPluginCallbackZod<HealthOptions> = (app, { database, storage, checks = {}, state }, done) => {
  const all: ReadinessChecks = {
    database: { critical: true, check: () => database.ping() },
    storage: { critical: true, check: async () => void (await storage.exists(STORAGE_PROBE_KEY)) },
    ...checks,
  };

  app.get("/api/health/", {
    schema: { tags: ["health"], summary: "Liveness and database check", response: { 200: healthSchema, 503: healthSchema } },
    handler: async (req, reply) => {
      try {
        await withTimeout(database.ping(), CHECK_TIMEOUT_MS);
        return { status: "ok" as const, database: "ok" as const };
      } catch (err) {
        req.log.warn({ err }, "health check: database did not answer");
        return reply.code(503).send({ status: "error", database: "error" });
      }
    },
  });

  app.get("/api/health/live", {
    schema: { tags: ["health"], summary: "The process answers", response: { 200: liveSchema } },
    logLevel: quietLogLevel(app),
    handler: () => ({ status: "ok" as const }),
  });

  app.get("/api/health/ready", {
    schema: {
      tags: ["health"],
      summary: "Ready for traffic: database, storage, the job queue, Redis when configured; 503 while draining",
      response: { 200: readySchema, 503: readySchema },
    },
    logLevel: quietLogLevel(app),
    handler: async (req, reply) => {
      if (state.draining) return reply.code(503).header("cache-control", "no-store").send({ status: "draining" });
      const names = Object.keys(all) as CheckName[];
      const outcomes = await Promise.allSettled(names.map((name) => withTimeout(all[name]!.check(), CHECK_TIMEOUT_MS)));
      const body: Partial<Record<CheckName, "ok" | "error">> = {};
      let failedCritical = false;
      let failed = false;
      outcomes.forEach((outcome, i) => {
        const name = names[i]!;
        body[name] = outcome.status === "fulfilled" ? "ok" : "error";
        if (outcome.status === "rejected") {
          failed = true;
          if (all[name]!.critical) failedCritical = true;
          req.log.warn({ err: outcome.reason as unknown, check: name }, "readiness: a check failed");
        }
      });
      const status = failedCritical ? "error" : failed ? "degraded" : "ok";
      return reply
        .code(failedCritical ? 503 : 200)
        .header("cache-control", "no-store")
        .send({ status, ...body });
    },
  });
  done();
};

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error("timeout")), ms);
    p.then(resolve, reject).finally(() => clearTimeout(t));
  });
}
