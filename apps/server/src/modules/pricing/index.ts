import {
  pricingPreviewInputSchema,
  pricingPreviewSchema,
  pricingSaveInputSchema,
  pricingVersionListSchema,
  pricingVersionSchema,
  pageQuerySchema,
} from "@atelier/contract";
import type { FastifyPluginCallbackZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { NotFoundError } from "../../lib/errors.ts";
import { actorOf } from "../../lib/request.ts";
import { adminOnly } from "../../lib/staff-guard.ts";
import type { PricingVersionsService } from "./pricing-versions.service.ts";

const TAGS = ["staff"];

/**
 * The pricing tables in the staff console, admins only (margin and rates are commercial secrets;
 * plain staff see each design's estimate, never the tables): GET /api/staff/pricing/, its versions
 * (each one readable with its tables), PUT /api/staff/pricing/ (a new version) and
 * POST /api/staff/pricing/preview/.
 */
export const pricingModule: FastifyPluginCallbackZod<{ pricingVersions: PricingVersionsService }> = (app, { pricingVersions }, done) => {
  app.get("/api/staff/pricing/", {
    schema: { tags: TAGS, summary: "The pricing tables in force, with their version", response: { 200: pricingVersionSchema } },
    ...adminOnly(app),
    handler: async () => pricingVersions.inForce(),
  });

  app.get("/api/staff/pricing/versions/", {
    schema: {
      tags: TAGS,
      summary: "Saved pricing versions, newest first, with who saved each and when (without their tables)",
      querystring: pageQuerySchema,
      response: { 200: pricingVersionListSchema },
    },
    ...adminOnly(app),
    handler: async (req) => pricingVersions.list(req.query.page),
  });

  app.get("/api/staff/pricing/versions/:version/", {
    schema: {
      tags: TAGS,
      summary: "One saved pricing version with its tables, who saved it and when",
      params: z.object({ version: z.string() }),
      response: { 200: pricingVersionSchema },
    },
    ...adminOnly(app),
    handler: async (req) => {
      // Anything but a plain version number cannot name a version: 404 like a missing one.
      if (!/^[1-9]\d{0,8}$/.test(req.params.version)) throw new NotFoundError("Pricing version not found.");
      return pricingVersions.get(Number(req.params.version));
    },
  });

  app.put("/api/staff/pricing/", {
    schema: {
      tags: TAGS,
      summary: "Save new pricing tables as the next version (admins); new estimates use it at once",
      body: pricingSaveInputSchema,
      response: { 201: pricingVersionSchema },
    },
    ...adminOnly(app),
    handler: async (req, reply) => reply.code(201).send(await pricingVersions.save(actorOf(req), req.body)),
  });

  app.post("/api/staff/pricing/preview/", {
    schema: {
      tags: TAGS,
      summary: "A design's estimate under draft pricing tables, beside its estimate under the tables in force",
      body: pricingPreviewInputSchema,
      response: { 200: pricingPreviewSchema },
    },
    ...adminOnly(app),
    handler: async (req) => pricingVersions.preview(req.body.design_id, req.body.tables),
  });
  done();
};
