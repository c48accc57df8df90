import { certificateListSchema, certificatePatchSchema, certificateSchema } from "@atelier/contract";
import type { FastifyPluginCallbackZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { actorOf, uuidOr404 } from "../../lib/request.ts";
import { staffOnly } from "../../lib/staff-guard.ts";
import { documentedBody, filePart, jsonTextPart } from "../../lib/openapi.ts";
import { withCertificateForm } from "./certificate-form.ts";
import type { CertificatesService } from "./certificates.service.ts";

export interface CertificatesModuleOptions {
  certificates: CertificatesService;
  /** Where multipart files wait while a certificate is saved. */
  tmpDir: string;
}

const TAGS = ["certificates"];
/** Staff paths are documented under the staff tag, with who may call them. */
const STAFF_TAGS = ["staff"];
const idParams = z.object({ id: z.string() });

const FORM_DESCRIPTION =
  "multipart/form-data: `data` (JSON: `type` hallmark, gia, igi, hrd or other; `number`; `lab` (optional for GIA, IGI and HRD); " +
  "`issued_on` YYYY-MM-DD; `stone`) and `file` (the certificate as PDF, JPEG, PNG or WebP, recognised by content, 10 MB at most). " +
  "A lab's number can be on one order only: 409 with a message on `number`.";

/**
 * GET /api/orders/{id}/certificates/ (the order's customer and staff) and the staff paths that
 * attach, change and remove them. The order's own answer carries its certificates too.
 */
export const certificatesModule: FastifyPluginCallbackZod<CertificatesModuleOptions> = (app, { certificates, tmpDir }, done) => {
  app.get("/api/orders/:id/certificates/", {
    schema: {
      tags: TAGS,
      summary: "An order's certificates, oldest first, with signed file URLs and verify links",
      params: idParams,
      response: { 200: certificateListSchema },
    },
    onRequest: app.authenticate,
    handler: async (req) => certificates.list(actorOf(req), uuidOr404(req.params.id)),
  });

  app.post("/api/staff/orders/:id/certificates/", {
    schema: {
      tags: STAFF_TAGS,
      summary: "Attach a certificate with its file to an order (multipart)",
      description: FORM_DESCRIPTION,
      params: idParams,
      ...documentedBody({ "multipart/form-data": z.object({ data: jsonTextPart("the certificate's fields (certificateInput)"), file: filePart }) }),
      response: { 201: certificateSchema },
    },
    ...staffOnly(app),
    handler: async (req, reply) => {
      const orderId = uuidOr404(req.params.id);
      return withCertificateForm(req, tmpDir, async (form) => reply.code(201).send(await certificates.attach(actorOf(req), orderId, form)));
    },
  });

  app.patch("/api/staff/certificates/:id/", {
    schema: {
      tags: STAFF_TAGS,
      summary: "Change a certificate's details (JSON, each field optional); the file stays",
      params: idParams,
      body: certificatePatchSchema,
      response: { 200: certificateSchema },
    },
    ...staffOnly(app),
    handler: async (req) => certificates.update(actorOf(req), uuidOr404(req.params.id), req.body),
  });

  app.delete("/api/staff/certificates/:id/", {
    schema: { tags: STAFF_TAGS, summary: "Remove a certificate and its file", params: idParams, response: { 204: z.null() } },
    ...staffOnly(app),
    handler: async (req, reply) => {
      await certificates.remove(actorOf(req), uuidOr404(req.params.id));
      return reply.code(204).send(null);
    },
  });
  done();
};
