import { ledgerQuerySchema, ledgerSchema, refundInputSchema, refundSchema } from "@atelier/contract";
import type { FastifyPluginCallbackZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { actorOf, uuidOr404 } from "../../lib/request.ts";
import { staffOnly } from "../../lib/staff-guard.ts";
import type { RefundsService } from "./refunds.service.ts";

export interface RefundsModuleOptions {
  refunds: RefundsService;
}

const idParams = z.object({ id: z.string() });

/** Refunds (staff) and the staff payments ledger with its CSV export; all 403 for customers. */
export const refundsModule: FastifyPluginCallbackZod<RefundsModuleOptions> = (app, opts, done) => {
  const { refunds } = opts;

  app.post("/api/staff/orders/:id/refunds/", {
    schema: {
      tags: ["staff"],
      summary:
        "Refund a received payment, in full or in part (within what is left of it), with a reason; a manual payment's refund needs the reference of the transfer back and succeeds at once, an online one goes through its provider and is pending until the provider's webhook. A confirmed payment is refunded once its order is cancelled; a flagged one at any time",
      params: idParams,
      body: refundInputSchema,
      response: { 201: refundSchema },
    },
    ...staffOnly(app),
    handler: async (req, reply) => reply.code(201).send(await refunds.create(actorOf(req), uuidOr404(req.params.id), req.body)),
  });

  app.get("/api/staff/payments/", {
    schema: {
      tags: ["staff"],
      summary:
        "The payments ledger across orders: payments and refunds, newest first, with totals per currency (received, refunded, net) of the filtered entries; filters `status`, `method` (manual, razorpay, stripe), `from`/`to` (UTC days, inclusive), `flagged=true`",
      querystring: ledgerQuerySchema,
      response: { 200: ledgerSchema },
    },
    ...staffOnly(app),
    handler: async (req) => refunds.ledger(actorOf(req), req.query),
  });

  app.get("/api/staff/payments/export.csv", {
    schema: {
      tags: ["staff"],
      summary: "The payments ledger as CSV, with the same filters (refunds as negative amounts)",
      querystring: ledgerQuerySchema.omit({ page: true }),
    },
    ...staffOnly(app),
    handler: async (req, reply) => {
      const csv = await refunds.ledgerCsv(actorOf(req), { ...req.query, page: 1 });
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="payments.csv"`)
        .header("cache-control", "private, no-store")
        .send(csv);
    },
  });

  done();
};
