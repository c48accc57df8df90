import { extractedProductSchema, scrapeRequestSchema } from "@atelier/contract";
import type { FastifyPluginCallbackZod } from "fastify-type-provider-zod";
import { DetailError, ThrottledError } from "../../lib/errors.ts";
import type { RateLimitStore } from "../../lib/rate-limit.ts";
import { NoProductError, UpstreamError, UpstreamTimeoutError, UrlRefusedError, type ExtractionService } from "./extraction.service.ts";

/** Spec: throttled per user; a minute's worth of pasting is plenty for a person. */
export const SCRAPE_LIMIT = { max: 30, windowMs: 60_000 };

export interface ExtractionRouteDeps {
  extraction: ExtractionService;
  rateLimits: RateLimitStore;
  limitScale?: number;
}

/** POST /api/scrape/: a product page read into what a jeweller needs to quote it. */
export const extractionModule: FastifyPluginCallbackZod<ExtractionRouteDeps> = (app, deps, done) => {
  const max = Math.ceil(SCRAPE_LIMIT.max * (deps.limitScale ?? 1));
  app.post("/api/scrape/", {
    schema: {
      tags: ["extraction"],
      summary: "Read a product page and return what a jeweller needs to quote it",
      body: scrapeRequestSchema,
      response: { 200: extractedProductSchema },
    },
    preHandler: app.authenticate,
    handler: async (req) => {
      const window = await deps.rateLimits.hit(`scrape:user:${req.auth().user.id}`, SCRAPE_LIMIT.windowMs);
      if (window.count > max) throw new ThrottledError(Math.max(1, Math.ceil(window.resetInMs / 1000)));
      try {
        return await deps.extraction.extract(req.body.url);
      } catch (err) {
        throw toHttpError(err);
      }
    },
  });
  done();
};

/** The extractor's own errors, as the statuses the spec's client expects. */
function toHttpError(err: unknown): unknown {
  if (err instanceof UrlRefusedError) return new DetailError(400, err.message);
  if (err instanceof NoProductError) return new DetailError(422, err.message);
  if (err instanceof UpstreamTimeoutError) return new DetailError(504, err.message);
  if (err instanceof UpstreamError) return new DetailError(502, err.message);
  return err;
}
