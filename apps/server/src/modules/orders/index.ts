import {
  cadDesignSchema,
  cancelInputSchema,
  commentInputSchema,
  commentSchema,
  dashboardDataSchema,
  declineInputSchema,
  orderListQuerySchema,
  orderListSchema,
  orderSchema,
  paymentDeclaredSchema,
  paymentInputSchema,
  paymentListSchema,
  paymentRejectInputSchema,
  paymentSchema,
  quoteInputSchema,
  quoteTaxQuerySchema,
  taxBreakdownSchema,
  quoteListQuerySchema,
  quoteListSchema,
  quoteSchema,
  staffOrderListSchema,
  staffQueueCountsSchema,
  staffQueueQuerySchema,
  transitionInputSchema,
} from "@atelier/contract";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginCallbackZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { lazy } from "../../lib/lazy.ts";
import { actorOf, uuidOr404 } from "../../lib/request.ts";
import { staffOnly } from "../../lib/staff-guard.ts";
import { documentedBody, filePart } from "../../lib/openapi.ts";
import type { CadService } from "./cad.service.ts";
import { withCadForm } from "./cad-form.ts";
import type { OrdersService } from "./orders.service.ts";
import type { PaymentsService } from "./payments.service.ts";
import type { QuotesService } from "./quotes.service.ts";

/** pdfkit and its fonts are loaded on the first download, not at start-up (a failed load is retried). */
const loadOrderPdf = lazy(() => import("./order-pdf.ts"));

export interface OrdersModuleOptions {
  orders: OrdersService;
  quotes: QuotesService;
  payments: PaymentsService;
  cad: CadService;
  publicUrl: string;
  /** Where multipart files wait while a CAD upload is processed. */
  tmpDir: string;
}

const idParams = z.object({ id: z.string() });

/**
 * The order lifecycle over HTTP: the customer's orders, quotes, payments, CAD approvals,
 * comments, dashboard; and the staff paths under /api/staff/ (403 for customers).
 */
export const ordersModule: FastifyPluginCallbackZod<OrdersModuleOptions> = (app, opts, done) => {
  const { orders, quotes, payments, cad } = opts;
  const customer = { onRequest: app.authenticate };
  app.get("/api/dashboard-data/", {
    schema: {
      tags: ["orders"],
      summary: "The dashboard: counts, recent orders, activity and notifications",
      response: { 200: dashboardDataSchema },
    },
    ...customer,
    handler: async (req) => orders.dashboard(actorOf(req)),
  });

  app.get("/api/orders/", {
    schema: {
      tags: ["orders"],
      summary:
        "The signed-in customer's orders, newest first; `status` is a lifecycle status or pending, processing, shipped, delivered, canceled; `search` matches the order number or design name",
      querystring: orderListQuerySchema,
      response: { 200: orderListSchema },
    },
    ...customer,
    handler: async (req) => orders.list(actorOf(req), req.query),
  });

  app.get("/api/orders/:id/", {
    schema: {
      tags: ["orders"],
      summary: "One order with its design, estimate, quotes, payments, CAD versions, comments and history",
      params: idParams,
      response: { 200: orderSchema },
    },
    ...customer,
    handler: async (req) => orders.get(actorOf(req), uuidOr404(req.params.id)),
  });

  app.get("/api/orders/:id/details.pdf", {
    schema: { tags: ["orders"], summary: "The order as a PDF", params: idParams },
    ...customer,
    handler: async (req: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
      const order = await orders.get(actorOf(req), uuidOr404(req.params.id));
      const { renderOrderPdf } = await loadOrderPdf();
      const pdf = await renderOrderPdf(order, { generatedAt: new Date(), publicUrl: opts.publicUrl });
      return reply
        .type("application/pdf")
        .header("content-disposition", `attachment; filename="${order.order_number}.pdf"`)
        .header("cache-control", "private, no-store")
        .send(pdf);
    },
  });

  app.post("/api/orders/:id/comments/", {
    schema: {
      tags: ["orders"],
      summary: "Add a comment to the order's conversation",
      params: idParams,
      body: commentInputSchema,
      response: { 201: commentSchema },
    },
    ...customer,
    handler: async (req, reply) => reply.code(201).send(await orders.comment(actorOf(req), uuidOr404(req.params.id), req.body.text)),
  });

  app.post("/api/orders/:id/cancel/", {
    schema: {
      tags: ["orders"],
      summary: "Cancel the order (the customer: before the advance is confirmed)",
      params: idParams,
      body: cancelInputSchema,
      response: { 200: orderSchema },
    },
    ...customer,
    handler: async (req) => orders.cancel(actorOf(req), uuidOr404(req.params.id), req.body.reason),
  });

  app.post("/api/orders/:id/confirm-delivery/", {
    schema: {
      tags: ["orders"],
      summary: "The customer confirms receipt: delivered → completed",
      params: idParams,
      response: { 200: orderSchema },
    },
    ...customer,
    handler: async (req) => orders.confirmDelivery(actorOf(req), uuidOr404(req.params.id)),
  });

  app.get("/api/orders/:id/payments/", {
    schema: { tags: ["payments"], summary: "The order's payments", params: idParams, response: { 200: paymentListSchema } },
    ...customer,
    handler: async (req) => payments.list(actorOf(req), uuidOr404(req.params.id)),
  });

  app.post("/api/orders/:id/payments/", {
    schema: {
      tags: ["payments"],
      summary:
        "Declare a bank transfer or UPI payment (advance after acceptance, balance after the advance); it waits for staff to confirm",
      params: idParams,
      body: paymentInputSchema,
      response: { 201: paymentDeclaredSchema },
    },
    ...customer,
    handler: async (req, reply) =>
      reply.code(201).send(await payments.declare(actorOf(req), uuidOr404(req.params.id), req.body.kind, req.body.reference)),
  });

  app.post("/api/cad-designs/:id/approve/", {
    schema: {
      tags: ["cad"],
      summary: "Approve a CAD version (the customer; order in CAD Design) → order CAD Approved",
      params: idParams,
      response: { 200: cadDesignSchema },
    },
    ...customer,
    handler: async (req) => cad.approve(actorOf(req), uuidOr404(req.params.id)),
  });

  app.get("/api/quotes/", {
    schema: {
      tags: ["quotes"],
      summary: "The customer's quotes, newest first",
      querystring: quoteListQuerySchema,
      response: { 200: quoteListSchema },
    },
    ...customer,
    handler: async (req) => quotes.list(actorOf(req), req.query),
  });

  app.get("/api/quotes/:id/", {
    schema: { tags: ["quotes"], summary: "One quote", params: idParams, response: { 200: quoteSchema } },
    ...customer,
    handler: async (req) => quotes.get(actorOf(req), uuidOr404(req.params.id)),
  });

  app.post("/api/quotes/:id/accept/", {
    schema: {
      tags: ["quotes"],
      summary: "Accept a pending, unexpired quote; the advance becomes due",
      params: idParams,
      response: { 200: quoteSchema },
    },
    ...customer,
    handler: async (req) => quotes.accept(actorOf(req), uuidOr404(req.params.id)),
  });

  app.post("/api/quotes/:id/decline/", {
    schema: {
      tags: ["quotes"],
      summary: "Decline a pending quote (optional reason); the order goes back to Initiated",
      params: idParams,
      body: declineInputSchema,
      response: { 200: quoteSchema },
    },
    ...customer,
    handler: async (req) => quotes.decline(actorOf(req), uuidOr404(req.params.id), req.body.reason),
  });

  // ---- staff ----

  app.get("/api/staff/queue/", {
    schema: {
      tags: ["staff"],
      summary: "The queue's groups (new, awaiting customer, payments to confirm, CAD review, production, ready to ship) with a count each",
      response: { 200: staffQueueCountsSchema },
    },
    ...staffOnly(app),
    handler: async (req) => orders.queueCounts(actorOf(req)),
  });

  app.get("/api/staff/orders/", {
    schema: {
      tags: ["staff"],
      summary:
        "Every order with its customer and time in its status: `group` (a queue group), `status`, `search` (order number, customer name or e-mail, design name), `sort` newest (default) or waiting (longest first)",
      querystring: staffQueueQuerySchema,
      response: { 200: staffOrderListSchema },
    },
    ...staffOnly(app),
    handler: async (req) => orders.staffList(actorOf(req), req.query),
  });

  app.post("/api/staff/orders/:id/quotes/", {
    schema: {
      tags: ["staff"],
      summary: "Issue a quote (advance 50 % and 14 days by default); replaces a pending one; order → Quoted",
      params: idParams,
      body: quoteInputSchema,
      response: { 201: quoteSchema },
    },
    ...staffOnly(app),
    handler: async (req, reply) => reply.code(201).send(await quotes.issue(actorOf(req), uuidOr404(req.params.id), req.body)),
  });

  app.get("/api/staff/orders/:id/quote-tax/", {
    schema: {
      tags: ["staff"],
      summary: "The tax lines and total incl. tax a quote of these amounts (before tax) would carry for this order's delivery",
      params: idParams,
      querystring: quoteTaxQuerySchema,
      response: { 200: taxBreakdownSchema },
    },
    ...staffOnly(app),
    handler: async (req) => quotes.taxPreview(actorOf(req), uuidOr404(req.params.id), req.query),
  });

  app.post("/api/staff/payments/:id/confirm/", {
    schema: {
      tags: ["staff"],
      summary: "Confirm a declared payment (idempotent); a confirmed advance approves the order",
      params: idParams,
      response: { 200: paymentSchema },
    },
    ...staffOnly(app),
    handler: async (req) => payments.confirm(actorOf(req), uuidOr404(req.params.id)),
  });

  app.post("/api/staff/payments/:id/reject/", {
    schema: {
      tags: ["staff"],
      summary: "Reject a declared payment with a reason",
      params: idParams,
      body: paymentRejectInputSchema,
      response: { 200: paymentSchema },
    },
    ...staffOnly(app),
    handler: async (req) => payments.reject(actorOf(req), uuidOr404(req.params.id), req.body.reason),
  });

  app.post("/api/staff/orders/:id/cad-designs/", {
    schema: {
      tags: ["staff"],
      summary: "Upload a CAD version: multipart `images` (1 to 10), optional `model` (STL, OBJ, GLB, 3DM, STEP; 50 MB), `description`",
      params: idParams,
      ...documentedBody({
        "multipart/form-data": z.object({
          images: z.array(filePart).min(1).max(10),
          model: filePart.optional(),
          description: z.string().max(5000).optional(),
        }),
      }),
      response: { 201: cadDesignSchema },
    },
    ...staffOnly(app),
    handler: async (req, reply) => {
      const id = uuidOr404(req.params.id);
      return withCadForm(req, opts.tmpDir, async (form) => reply.code(201).send(await cad.upload(actorOf(req), id, form)));
    },
  });

  app.post("/api/staff/orders/:id/transition/", {
    schema: {
      tags: ["staff"],
      summary:
        "Move the order through production; ready_to_ship needs the balance, shipped needs carrier and tracking number, cancelled a note",
      params: idParams,
      body: transitionInputSchema,
      response: { 200: orderSchema },
    },
    ...staffOnly(app),
    handler: async (req) => orders.transition(actorOf(req), uuidOr404(req.params.id), req.body),
  });

  done();
};
