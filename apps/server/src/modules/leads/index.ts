import {
  LEAD_FORM_ACTION,
  LEAD_FORM_RESULTS,
  LEAD_SOURCE_PAGES,
  LEAD_SOURCES,
  leadHandledInputSchema,
  leadRequestSchema,
  leadResponseSchema,
  staffLeadListSchema,
  staffLeadQuerySchema,
  staffLeadSchema,
  type LeadFormResult,
  type LeadSource,
} from "@atelier/contract";
import type { FastifyPluginCallbackZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ThrottledError } from "../../lib/errors.ts";
import { cleanStrings } from "../../lib/json-input.ts";
import { actorOf, uuidOr404 } from "../../lib/request.ts";
import { staffOnly } from "../../lib/staff-guard.ts";
import { documentedBody } from "../../lib/openapi.ts";
import type { LeadService } from "./leads.service.ts";

/** A form's fields, URL-encoded: a design idea of 2 000 characters is at most about 18 kB encoded. */
const FORM_BODY_LIMIT = 64 * 1024;

const isLeadSource = (v: unknown): v is LeadSource => typeof v === "string" && (LEAD_SOURCES as readonly string[]).includes(v);

/**
 * POST /api/leads/ (public): the contact page's and the landing page's enquiry forms.
 * POST /api/leads/form/: the same forms sent by the browser itself (before the page is
 * hydrated, or without JavaScript), answered with a redirect back to the form's page.
 * GET /api/staff/leads/ and POST /api/staff/leads/{id}/handled/: the staff console's leads.
 */
export const leadsModule: FastifyPluginCallbackZod<{ leads: LeadService }> = (app, { leads }, done) => {
  app.post("/api/leads/", {
    schema: {
      tags: ["leads"],
      summary: "Send an enquiry to the atelier (public)",
      body: leadRequestSchema,
      response: { 201: leadResponseSchema },
    },
    handler: async (req, reply) => reply.code(201).send(await leads.create(req.body, req.ip)),
  });

  // Its own scope, so only this route reads URL-encoded bodies.
  void app.register((scope, _opts, next) => {
    scope.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: FORM_BODY_LIMIT },
      (_req, body, parsed) => {
        parsed(null, cleanStrings(Object.fromEntries(new URLSearchParams(body as string))));
      },
    );
    scope.post(LEAD_FORM_ACTION, {
      schema: {
        tags: ["leads"],
        summary: "Send an enquiry from the plain HTML form (public)",
        description:
          "The fields of POST /api/leads/, URL-encoded. Answers 303 to the form's page with #lead-sent, #lead-not-sent (invalid fields or a server error) or #lead-throttled.",
        ...documentedBody({ "application/x-www-form-urlencoded": leadRequestSchema }),
      },
      handler: async (req, reply) => {
        const body = (req.body ?? {}) as Record<string, unknown>;
        const page = LEAD_SOURCE_PAGES[isLeadSource(body.source) ? body.source : "contact"];
        const back = (result: LeadFormResult) => reply.redirect(`${page}#${result}`, 303);
        const parsed = leadRequestSchema.safeParse(body);
        if (!parsed.success) return back(LEAD_FORM_RESULTS.notSent);
        try {
          await leads.create(parsed.data, req.ip);
        } catch (err) {
          if (err instanceof ThrottledError) return back(LEAD_FORM_RESULTS.throttled);
          req.log.error({ err }, "lead form post failed");
          return back(LEAD_FORM_RESULTS.notSent);
        }
        return back(LEAD_FORM_RESULTS.sent);
      },
    });
    next();
  });

  app.get("/api/staff/leads/", {
    schema: {
      tags: ["staff"],
      summary: "Contact and home-page leads, newest first; search over name, e-mail, phone and idea; open or handled",
      querystring: staffLeadQuerySchema,
      response: { 200: staffLeadListSchema },
    },
    ...staffOnly(app),
    handler: async (req) => leads.staffList(req.query),
  });

  app.post("/api/staff/leads/:id/handled/", {
    schema: {
      tags: ["staff"],
      summary: "Mark a lead handled (true) or open again (false); audited",
      params: z.object({ id: z.string() }),
      body: leadHandledInputSchema,
      response: { 200: staffLeadSchema },
    },
    ...staffOnly(app),
    handler: async (req) => leads.setHandled(actorOf(req), uuidOr404(req.params.id), req.body.handled),
  });
  done();
};
