import { pageQuerySchema, uploadListSchema } from "@atelier/contract";
import { z } from "zod";
import type { FastifyPluginCallbackZod } from "fastify-type-provider-zod";
import { actorOf, uuidOr404 } from "../../lib/request.ts";
import type { UploadsService } from "./uploads.service.ts";

const TAGS = ["uploads"];
/** The signed-in user's uploads and the signed file URLs every image is served from. */
export const uploadsModule: FastifyPluginCallbackZod<{ uploads: UploadsService }> = (app, { uploads }, done) => {
  app.get("/api/uploads/", {
    schema: {
      tags: TAGS,
      summary: "The signed-in user's uploaded files, newest first",
      querystring: pageQuerySchema,
      response: { 200: uploadListSchema },
    },
    onRequest: app.authenticate,
    handler: async (req) => uploads.list(actorOf(req), req.query.page),
  });

  app.delete("/api/uploads/:id/", {
    schema: {
      tags: TAGS,
      summary: "Delete an uploaded file (it leaves its design)",
      params: z.object({ id: z.string() }),
      response: { 204: z.null() },
    },
    onRequest: app.authenticate,
    handler: async (req, reply) => {
      await uploads.remove(actorOf(req), uuidOr404(req.params.id));
      return reply.code(204).send(null);
    },
  });

  // The signature is the permission: URLs are minted only for the owner and staff, and expire.
  app.get("/api/files/*", {
    schema: { tags: TAGS, summary: "A stored file, by signed URL (see image URLs in designs and uploads)" },
    handler: async (req, reply) => {
      const key = (req.params as { "*"?: string })["*"] ?? "";
      const query = req.query as Record<string, unknown>;
      const param = (name: string) => (typeof query[name] === "string" ? query[name] : undefined);
      const file = await uploads.openSignedFile(key, param("exp"), param("sig"));
      const disposition = param("download") === "1" ? "attachment" : "inline";
      return reply
        .type(file.contentType)
        .header("content-length", String(file.size))
        .header("cache-control", `private, max-age=${file.maxAgeSeconds}`)
        .header("x-content-type-options", "nosniff")
        .header("content-disposition", contentDisposition(disposition, file.fileName))
        .send(file.body);
    },
  });
  done();
};

/** `attachment; filename="ascii"; filename*=UTF-8''utf8` so every browser gets a safe, readable name. */
function contentDisposition(kind: "inline" | "attachment", fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
