import { invoiceExportQuerySchema, taxDocumentListSchema } from "@atelier/contract";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginCallbackZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { lazy } from "../../lib/lazy.ts";
import { actorOf, uuidOr404 } from "../../lib/request.ts";
import { adminOnly } from "../../lib/staff-guard.ts";
import { invoicesCsv } from "./invoices-csv.ts";
import type { InvoicesService } from "./invoices.service.ts";

/** pdfkit is loaded on the first download, not at start-up (a failed load is retried). */
const loadPdf = lazy(() => import("./invoice-pdf.ts"));

const idParams = z.object({ id: z.string() });

/** A document number as a file name: "INV-2026-27-000123.pdf". */
const fileNameOf = (number: string) => `${number.replace(/[^A-Za-z0-9-]+/g, "-")}.pdf`;

/**
 * Tax invoices and credit notes: an order's list (its customer and staff), each one's PDF, and the
 * admins' CSV export for the accountant. Documents are issued by the payments and refunds flows,
 * never through this API.
 */
export const invoicesModule: FastifyPluginCallbackZod<{ invoices: InvoicesService }> = (app, { invoices }, done) => {
  const customer = { onRequest: app.authenticate };

  app.get("/api/orders/:id/invoices/", {
    schema: {
      tags: ["invoices"],
      summary: "The order's tax invoices and credit notes, in the order they were issued (the customer's own order; staff: any)",
      params: idParams,
      response: { 200: taxDocumentListSchema },
    },
    ...customer,
    handler: async (req) => invoices.listForOrder(actorOf(req), uuidOr404(req.params.id)),
  });

  app.get("/api/invoices/:id.pdf", {
    schema: {
      tags: ["invoices"],
      summary: "A tax invoice or credit note as a PDF (the customer's own; staff: any; another customer's is 404)",
      params: idParams,
    },
    ...customer,
    handler: async (req: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
      const { document, content } = await invoices.get(actorOf(req), uuidOr404(req.params.id));
      const { renderTaxDocumentPdf } = await loadPdf();
      const pdf = await renderTaxDocumentPdf(content);
      return reply
        .type("application/pdf")
        .header("content-disposition", `attachment; filename="${fileNameOf(document.number)}"`)
        .header("cache-control", "private, no-store")
        .send(pdf);
    },
  });

  app.get("/api/staff/invoices/export.csv", {
    schema: {
      tags: ["staff"],
      summary:
        "Invoices and credit notes dated from `from` to `to` (YYYY-MM-DD, India's calendar days, both included) as CSV for the accountant",
      querystring: invoiceExportQuerySchema,
    },
    ...adminOnly(app),
    handler: async (req, reply) => {
      const rows = await invoices.exportRows(actorOf(req), req.query);
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="invoices-${req.query.from}-to-${req.query.to}.csv"`)
        .header("cache-control", "private, no-store")
        .send(invoicesCsv(rows));
    },
  });
  done();
};
