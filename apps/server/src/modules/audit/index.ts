import { auditListSchema, auditQuerySchema } from "@atelier/contract";
import type { FastifyPluginCallbackZod } from "fastify-type-provider-zod";
import { adminOnly } from "../../lib/staff-guard.ts";
import type { AuditService } from "./audit.service.ts";

/** GET /api/staff/audit/ (admins): every staff action, newest first. */
export const auditModule: FastifyPluginCallbackZod<{ audit: AuditService }> = (app, { audit }, done) => {
  app.get("/api/staff/audit/", {
    schema: {
      tags: ["staff"],
      summary: "The audit log (admins): every staff action with actor, time, target and before/after, newest first",
      querystring: auditQuerySchema,
      response: { 200: auditListSchema },
    },
    ...adminOnly(app),
    handler: async (req) => audit.list(req.query),
  });
  done();
};
