import { z } from "zod";
import type { FastifyPluginCallbackZod } from "fastify-type-provider-zod";
import type { Database } from "../../db/client.ts";

const healthSchema = z.object({ status: z.enum(["ok", "error"]), database: z.enum(["ok", "error"]) });

/** GET /api/health/: 200 when the database answers within 2 s, else 503. */
export const healthModule: FastifyPluginCallbackZod<{ database: Database }> = (app, { database }, done) => {
  app.get("/api/health/", {
    schema: { tags: ["health"], summary: "Liveness and database check", response: { 200: healthSchema, 503: healthSchema } },
    handler: async (req, reply) => {
      try {
        await withTimeout(database.ping(), 2000);
        return { status: "ok" as const, database: "ok" as const };
      } catch (err) {
        req.log.warn({ err }, "health check: database did not answer");
        return reply.code(503).send({ status: "error", database: "error" });
      }
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
