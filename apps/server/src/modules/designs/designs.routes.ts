import {
  designFromLinkSchema,
  designInputSchema,
  designListSchema,
  designSchema,
  pageQuerySchema,
  type DesignData,
  type FieldErrors,
} from "@atelier/contract";
import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { FastifyPluginCallbackZod } from "fastify-type-provider-zod";
import { UnsupportedMediaTypeError, ValidationError } from "../../lib/errors.ts";
import { fieldErrorsFromZod } from "../../lib/field-errors.ts";
import { documentedBody, filePart, jsonTextPart } from "../../lib/openapi.ts";
import { DEPTH_MESSAGE, JsonInputError, parseJsonText, valueExceedsDepth, cleanStrings } from "../../lib/json-input.ts";
import { withImageForm, type ImageForm, type StagedImage } from "../uploads/multipart.ts";
import { actorOf, uuidOr404 } from "../../lib/request.ts";
import { createDesignsReadCache } from "./designs.cache.ts";
import type { DesignsService } from "./designs.service.ts";

const TAGS = ["designs"];
const idParams = z.object({ id: z.string() });
const listQuery = pageQuerySchema.extend({ search: z.string().optional() });
/** The custom form as multipart: its fields as JSON in `data`, and up to 10 reference images. */
const designFormParts = z.object({ data: jsonTextPart("the design's fields (as the JSON body)"), images: z.array(filePart).optional() });

/** The multipart `data` field, validated; refused files are reported beside the field errors. */
function parseForm(form: ImageForm): DesignData {
  const errors: FieldErrors = {};
  let value: unknown = {};
  if (form.data.present) {
    value = form.data.value;
    if (form.data.raw) {
      if (form.data.truncated) errors.data = ["The data field is too large."];
      else {
        try {
          value = parseJsonText(form.data.value as string, "The data field is not valid JSON.");
        } catch (err) {
          if (!(err instanceof JsonInputError)) throw err;
          errors.data = [err.message];
        }
      }
    } else if (valueExceedsDepth(value)) {
      // Sent as an application/json part: the multipart plugin parsed it already.
      errors.data = [DEPTH_MESSAGE];
    }
    if (!errors.data && (typeof value !== "object" || value === null || Array.isArray(value))) {
      errors.data = ["The data field must be a JSON object."];
    }
  }
  let data: DesignData | undefined;
  if (!errors.data) {
    const parsed = designInputSchema.safeParse(cleanStrings(value));
    if (parsed.success) data = parsed.data;
    else Object.assign(errors, fieldErrorsFromZod(parsed.error));
  }
  if (form.imageErrors.length > 0) errors.images = [...(errors.images ?? []), ...form.imageErrors];
  if (!data || Object.keys(errors).length > 0) throw new ValidationError(errors);
  return data;
}

/** Reads the request as the custom form: multipart (data + images) or, without files, plain JSON. */
async function withDesignForm<T>(
  req: FastifyRequest,
  tmpDir: string,
  use: (data: DesignData, files: StagedImage[]) => Promise<T>,
): Promise<T> {
  if (req.isMultipart()) return withImageForm(req, tmpDir, (form) => use(parseForm(form), form.files));
  if (isJson(req)) {
    const parsed = designInputSchema.safeParse(req.body ?? {});
    if (!parsed.success) throw new ValidationError(fieldErrorsFromZod(parsed.error));
    return use(parsed.data, []);
  }
  throw new UnsupportedMediaTypeError();
}

const isJson = (req: FastifyRequest) => /^application\/(?:[\w.+-]+\+)?json\b/i.test(req.headers["content-type"] ?? "");

/** The customer's designs: list, create (custom or from a link), read, edit, delete. */
export const designsModule: FastifyPluginCallbackZod<{ designs: DesignsService; tmpDir: string }> = (app, { designs, tmpDir }, done) => {
  const cache = createDesignsReadCache();
  /** The requests whose answer is to be kept, by key; set on a miss, read when the answer is sent. */
  const toKeep = new WeakMap<FastifyRequest, string>();

  /**
   * A customer's own reads are answered from the cache while nothing they show has changed (see
   * designs.cache.ts); staff reading a customer's design always read the database.
   */
  function cached(req: FastifyRequest, reply: FastifyReply, kind: string, ...parts: (string | number)[]): FastifyReply | null {
    const { user } = req.auth();
    if (user.role !== "customer") return null;
    const key = [kind, user.id, user.contentVersion, designs.urlEpoch(), ...parts].join("\u0000");
    const body = cache.get(key);
    if (body !== undefined) return reply.type("application/json; charset=utf-8").send(body);
    toKeep.set(req, key);
    return null;
  }
  const keepAnswer = (req: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: null, payload: unknown) => void) => {
    const key = toKeep.get(req);
    if (key !== undefined && reply.statusCode === 200 && typeof payload === "string") cache.set(key, payload);
    done(null, payload);
  };

  app.get("/api/designs/", {
    schema: {
      tags: TAGS,
      summary: "The signed-in user's designs, newest first, 10 a page; `search` filters by name, description or type",
      querystring: listQuery,
      response: { 200: designListSchema },
    },
    onRequest: app.authenticate,
    onSend: keepAnswer,
    handler: async (req, reply) =>
      cached(req, reply, "list", req.query.page, req.query.search ?? "") ?? designs.list(actorOf(req), req.query.page, req.query.search ?? ""),
  });

  app.post("/api/designs/", {
    schema: {
      tags: TAGS,
      summary: "Create a design: multipart (`data` JSON + repeated `images`) from the custom form, or JSON from a saved product link",
      ...documentedBody({
        "multipart/form-data": designFormParts,
        "application/json": z.union([designFromLinkSchema, designInputSchema]),
      }),
      response: { 201: designSchema },
    },
    onRequest: app.authenticate,
    handler: async (req, reply) => {
      const actor = actorOf(req);
      if (req.isMultipart()) {
        const created = await withDesignForm(req, tmpDir, (data, files) => designs.create(actor, data, files));
        return reply.code(201).send(created);
      }
      if (!isJson(req)) throw new UnsupportedMediaTypeError();
      const parsed = designFromLinkSchema.safeParse(req.body ?? {});
      if (!parsed.success) throw new ValidationError(fieldErrorsFromZod(parsed.error));
      return reply.code(201).send(await designs.createFromLink(actor, parsed.data));
    },
  });

  app.get("/api/designs/:id/", {
    schema: { tags: TAGS, summary: "One design", params: idParams, response: { 200: designSchema } },
    onRequest: app.authenticate,
    onSend: keepAnswer,
    handler: async (req, reply) => {
      const id = uuidOr404(req.params.id);
      return cached(req, reply, "one", id) ?? designs.get(actorOf(req), id);
    },
  });

  app.put("/api/designs/:id/", {
    schema: {
      tags: TAGS,
      summary:
        "Edit a design: the form's fields replace the old ones; `remove_image_ids` drops images, new `images` are added (10 at most)",
      params: idParams,
      ...documentedBody({ "multipart/form-data": designFormParts, "application/json": designInputSchema }),
      response: { 200: designSchema },
    },
    onRequest: app.authenticate,
    handler: async (req) => {
      const actor = actorOf(req);
      const id = uuidOr404(req.params.id);
      // Someone else's design is a 404 before a byte of the body is processed.
      await designs.assertEditable(actor, id);
      return withDesignForm(req, tmpDir, (data, files) => designs.update(actor, id, data, files));
    },
  });

  app.delete("/api/designs/:id/", {
    schema: { tags: TAGS, summary: "Delete a design and its files", params: idParams, response: { 204: z.null() } },
    onRequest: app.authenticate,
    handler: async (req, reply) => {
      await designs.remove(actorOf(req), uuidOr404(req.params.id));
      return reply.code(204).send(null);
    },
  });
  done();
};
