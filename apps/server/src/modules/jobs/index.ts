import { jobQueueHealthSchema, staffJobListSchema, staffJobSchema, staffJobsQuerySchema } from "@atelier/contract";
import type { FastifyPluginCallbackZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { actorOf, uuidOr404 } from "../../lib/request.ts";
import { adminOnly } from "../../lib/staff-guard.ts";
import type { JobsService } from "./jobs.service.ts";

const idParams = z.object({ id: z.string() });

export interface JobsModuleOptions {
  jobs: JobsService;
  /** Run this process's worker (claims due jobs, enqueues periodic ones); off under `buildTestApp`, whose tests drain by hand. */
  runWorker: boolean;
}

/**
 * The durable job queue: its worker's start and stop with the app, and /api/staff/jobs/ (admins):
 * the queue's health, the failed jobs with their reasons, and a retry.
 */
export const jobsModule: FastifyPluginCallbackZod<JobsModuleOptions> = (app, { jobs, runWorker }, done) => {
  if (runWorker) {
    app.addHook("onReady", (done) => {
      jobs.queue.start();
      done();
    });
  }
  // Stops claiming and lets the job in hand finish; a job cut short is claimed again after its lease.
  app.addHook("onClose", () => jobs.queue.stop());

  app.get("/api/staff/jobs/", {
    schema: {
      tags: ["staff"],
      summary: "The background job queue's health (admins): pending, running, retrying and failed jobs, the oldest pending job's age",
      response: { 200: jobQueueHealthSchema },
    },
    ...adminOnly(app),
    handler: async (req) => jobs.health(actorOf(req)),
  });

  app.get("/api/staff/jobs/failed/", {
    schema: {
      tags: ["staff"],
      summary: "Failed background jobs (admins), newest failure first, each with the reason it failed",
      querystring: staffJobsQuerySchema,
      response: { 200: staffJobListSchema },
    },
    ...adminOnly(app),
    handler: async (req) => jobs.failed(actorOf(req), req.query.page),
  });

  app.post("/api/staff/jobs/:id/retry/", {
    schema: {
      tags: ["staff"],
      summary: "Put a failed job back in the queue, due now, with its attempts counted afresh (admins); 409 when it has not failed",
      params: idParams,
      response: { 200: staffJobSchema },
    },
    ...adminOnly(app),
    handler: async (req) => jobs.retry(actorOf(req), uuidOr404(req.params.id)),
  });
  done();
};
