import { extractedProductSchema, scrapeRequestSchema } from "@atelier/contract";
import type { FastifyPluginCallbackZod } from "fastify-type-provider-zod";
import { ThrottledError } from "../../lib/errors.ts";
import { hitPublicQuoteLimit } from "../../lib/public-throttle.ts";
import type { RateLimitStore } from "../../lib/rate-limit.ts";
import type { ExtractionService } from "./extraction.service.ts";

/** Spec: throttled per user; a minute's worth of pasting is plenty for a person. */
export const SCRAPE_LIMIT = { max: 30, windowMs: 60_000 };

export interface ExtractionRouteDeps {
  extraction: ExtractionService;
  rateLimits: RateLimitStore;
  limitScale?: number;
}

/**
 * POST /api/scrape/: a product page read into what a jeweller needs to quote it.
 * POST /api/public/scrape/: the same for a visitor without an account (the instant quote on the
 * public site), throttled per client address; the same safe fetcher, so the same address rules.
 */
export const extractionModule: FastifyPluginCallbackZod<ExtractionRouteDeps> = (app, deps, done) => {
  const max = Math.ceil(SCRAPE_LIMIT.max * (deps.limitScale ?? 1));
  app.post("/api/scrape/", {
    schema: {
      tags: ["extraction"],
      summary: "Read a product page and return what a jeweller needs to quote it",
      body: scrapeRequestSchema,
      response: { 200: extractedProductSchema },
    },
    onRequest: app.authenticate,
    handler: async (req) => {
      const window = await deps.rateLimits.hit(`scrape:user:${req.auth().user.id}`, SCRAPE_LIMIT.windowMs);
      if (window.count > max) throw new ThrottledError(Math.max(1, Math.ceil(window.resetInMs / 1000)));
      // The extractor's errors are domain errors (400, 422, 502, 504) the error handler maps.
      return deps.extraction.extract(req.body.url);
    },
  });
  app.post("/api/public/scrape/", {
    schema: {
      tags: ["extraction"],
      summary: "Read a product page without an account (the public instant quote); throttled per client address",
      body: scrapeRequestSchema,
      response: { 200: extractedProductSchema },
    },
    handler: async (req) => {
      await hitPublicQuoteLimit(deps.rateLimits, "scrape", req.ip, deps.limitScale);
      return deps.extraction.extract(req.body.url);
    },
  });
  done();
};
