import { designEstimateRequestSchema, estimateSchema } from "@atelier/contract";
import type { FastifyPluginCallbackZod } from "fastify-type-provider-zod";
import { hitPublicQuoteLimit } from "../../lib/public-throttle.ts";
import type { RateLimitStore } from "../../lib/rate-limit.ts";
import type { PricingService } from "../pricing/pricing.service.ts";
import { estimateInputOfDetails } from "./designs.service.ts";

export interface DesignEstimateRouteDeps {
  pricing: PricingService;
  rateLimits: RateLimitStore;
  limitScale?: number;
}

/**
 * POST /api/public/estimate/: the instant estimate of design details that are not saved, without
 * an account (the public quote, and the custom form's review before it is saved). Throttled per
 * client address; nothing is written.
 */
export const designEstimateModule: FastifyPluginCallbackZod<DesignEstimateRouteDeps> = (app, deps, done) => {
  app.post("/api/public/estimate/", {
    schema: {
      tags: ["designs"],
      summary: "The instant estimate of unsaved design details (custom form fields or a link's texts), without an account",
      body: designEstimateRequestSchema,
      response: { 200: estimateSchema },
    },
    handler: async (req) => {
      await hitPublicQuoteLimit(deps.rateLimits, "estimate", req.ip, deps.limitScale);
      return deps.pricing.estimate(estimateInputOfDetails(req.body));
    },
  });
  done();
};
