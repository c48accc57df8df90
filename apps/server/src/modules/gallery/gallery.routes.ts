import { galleryPostListSchema } from "@atelier/contract";
import type { FastifyBaseLogger } from "fastify";
import type { AppInstance } from "../../app.ts";
import type { Db } from "../../db/client.ts";
import { createGalleryService } from "./gallery.service.ts";

/** GET /api/social-proof/ (public), and the first-start seed of the house pieces. */
export function registerGalleryRoutes(app: AppInstance, deps: { db: Db; logger: FastifyBaseLogger }): void {
  const gallery = createGalleryService({ db: deps.db });

  app.addHook("onReady", async () => {
    const written = await gallery.seedIfEmpty();
    if (written) deps.logger.info({ posts: written }, "gallery seeded with the house pieces");
  });

  app.get("/api/social-proof/", {
    schema: { tags: ["gallery"], summary: "Customer pieces with their words (public)", response: { 200: galleryPostListSchema } },
    handler: async (_req, reply) => {
      // Public and the same for everyone: a short shared cache keeps a busy landing page cheap.
      reply.header("cache-control", "public, max-age=60");
      return gallery.listPublished();
    },
  });
}
