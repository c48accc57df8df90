import {
  galleryPostInputSchema,
  galleryPostListSchema,
  galleryReorderInputSchema,
  staffGalleryListSchema,
  staffGalleryPostSchema,
} from "@atelier/contract";
import type { FastifyPluginCallbackZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ValidationError } from "../../lib/errors.ts";
import { fieldErrorsFromZod } from "../../lib/field-errors.ts";
import { actorOf, uuidOr404 } from "../../lib/request.ts";
import { staffOnly } from "../../lib/staff-guard.ts";
import { documentedBody, filePart } from "../../lib/openapi.ts";
import { MISSING_IMAGE_MESSAGE, withGalleryForm } from "./gallery-form.ts";
import type { GalleryService } from "./gallery.service.ts";

export interface GalleryModuleOptions {
  gallery: GalleryService;
  /** Where multipart files wait while a post is saved. */
  tmpDir: string;
}

const TAGS = ["staff"];
const idParams = z.object({ id: z.string() });
/** An edit names only what changes (no default for `published`). */
const galleryPatchSchema = galleryPostInputSchema
  .extend({ published: z.union([z.boolean(), z.enum(["true", "false"])]).transform((v) => v === true || v === "true") })
  .partial();

const FORM_DESCRIPTION =
  'multipart/form-data: `image` (a JPEG, PNG or WebP photograph, 10 MB at most), `customer_name`, `customer_quote`, `date` (YYYY-MM-DD) and `published` ("true" or "false").';

/**
 * GET /api/social-proof/ (public): the published posts. The staff console's gallery under
 * /api/staff/gallery/: list, create, edit, delete and reorder posts, each change audited.
 */
export const galleryModule: FastifyPluginCallbackZod<GalleryModuleOptions> = (app, { gallery, tmpDir }, done) => {
  app.get("/api/social-proof/", {
    schema: { tags: ["gallery"], summary: "Customer pieces with their words (public)", response: { 200: galleryPostListSchema } },
    handler: async (_req, reply) => {
      // The public gallery page is static HTML that reads this on every load: a change staff make
      // shows on the next load, so caches must ask again (the answer's image URLs are signed).
      reply.header("cache-control", "public, no-cache");
      return gallery.listPublished();
    },
  });

  app.get("/api/staff/gallery/", {
    schema: { tags: TAGS, summary: "Every gallery post, hidden ones too, in the public order", response: { 200: staffGalleryListSchema } },
    ...staffOnly(app),
    handler: async () => gallery.listAll(),
  });

  app.post("/api/staff/gallery/", {
    schema: {
      tags: TAGS,
      summary: "Add a gallery post with its photograph (multipart); it comes first",
      description: FORM_DESCRIPTION,
      ...documentedBody({ "multipart/form-data": galleryPostInputSchema.extend({ image: filePart }) }),
      response: { 201: staffGalleryPostSchema },
    },
    ...staffOnly(app),
    handler: async (req, reply) => {
      return withGalleryForm(req, tmpDir, async (form) => {
        const parsed = galleryPostInputSchema.safeParse(form.fields);
        const errors = parsed.success ? {} : fieldErrorsFromZod(parsed.error);
        if (!form.image) errors.image = [MISSING_IMAGE_MESSAGE];
        if (!parsed.success || !form.image) throw new ValidationError(errors);
        return reply.code(201).send(await gallery.create(actorOf(req), parsed.data, form.image));
      });
    },
  });

  app.patch("/api/staff/gallery/:id/", {
    schema: {
      tags: TAGS,
      summary: "Edit a gallery post (multipart, each field optional): its words, date, visibility or photograph",
      description: FORM_DESCRIPTION,
      params: idParams,
      ...documentedBody({ "multipart/form-data": galleryPostInputSchema.extend({ image: filePart }).partial() }),
      response: { 200: staffGalleryPostSchema },
    },
    ...staffOnly(app),
    handler: async (req) => {
      const id = uuidOr404(req.params.id);
      return withGalleryForm(req, tmpDir, async (form) => {
        const parsed = galleryPatchSchema.safeParse(form.fields);
        if (!parsed.success) throw new ValidationError(fieldErrorsFromZod(parsed.error));
        if (Object.keys(parsed.data).length === 0 && !form.image) throw new ValidationError({ non_field_errors: ["Nothing to change."] });
        return gallery.update(actorOf(req), id, parsed.data, form.image);
      });
    },
  });

  app.delete("/api/staff/gallery/:id/", {
    schema: { tags: TAGS, summary: "Delete a gallery post and its photograph", params: idParams, response: { 204: z.null() } },
    ...staffOnly(app),
    handler: async (req, reply) => {
      await gallery.remove(actorOf(req), uuidOr404(req.params.id));
      return reply.code(204).send(null);
    },
  });

  app.post("/api/staff/gallery/reorder/", {
    schema: {
      tags: TAGS,
      summary: "Put the gallery in a new order: every post's id, each once",
      body: galleryReorderInputSchema,
      response: { 200: staffGalleryListSchema },
    },
    ...staffOnly(app),
    handler: async (req) => gallery.reorder(actorOf(req), req.body.ids),
  });
  done();
};
