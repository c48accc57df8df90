import { searchQuerySchema, searchResponseSchema } from "@atelier/contract";
import type { FastifyPluginCallbackZod } from "fastify-type-provider-zod";
import { actorOf } from "../../lib/request.ts";
import type { SearchService } from "./search.service.ts";

/** GET /api/search/?q=…&limit=…: the top bar's search, grouped by kind. */
export const searchModule: FastifyPluginCallbackZod<{ search: SearchService }> = (app, { search }, done) => {
  app.get("/api/search/", {
    schema: {
      tags: ["search"],
      summary: "Search your orders and designs (staff: every order and design, and customers)",
      description:
        "Every word is matched as a prefix (full-text, PostgreSQL `simple` configuration) in order numbers, design names, descriptions, types, metals, stones; staff also match customers' names and e-mail addresses. Up to `limit` results per group, newest first.",
      querystring: searchQuerySchema,
      response: { 200: searchResponseSchema },
    },
    onRequest: app.authenticate,
    handler: async (req) => search.search(actorOf(req), req.query.q, req.query.limit),
  });
  done();
};
