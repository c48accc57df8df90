import { leadRequestSchema, leadResponseSchema } from "@atelier/contract";
import type { FastifyBaseLogger } from "fastify";
import type { AppInstance } from "../../app.ts";
import type { Db } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import type { Mailer } from "../../lib/mail.ts";
import type { RateLimitStore } from "../../lib/rate-limit.ts";
import { createLeadService, type LeadLimit } from "./leads.service.ts";

export interface LeadRoutesDeps {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  logger: FastifyBaseLogger;
  contactEmail: string | undefined;
  rateLimits: RateLimitStore;
  limit?: LeadLimit | undefined;
  /** Multiplies the limit's maximum (config RATE_LIMIT_SCALE). */
  limitScale?: number;
}

/** POST /api/leads/ (public): the contact page's and the landing page's enquiry forms. */
export function registerLeadRoutes(app: AppInstance, deps: LeadRoutesDeps): void {
  const leads = createLeadService(deps);

  app.post("/api/leads/", {
    schema: { tags: ["leads"], summary: "Send an enquiry to the atelier (public)", body: leadRequestSchema, response: { 201: leadResponseSchema } },
    handler: async (req, reply) => reply.code(201).send(await leads.create(req.body, req.ip)),
  });
}
