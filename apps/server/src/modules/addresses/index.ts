import {
  addressInputSchema,
  addressListSchema,
  addressSchema,
  orderAddressesInputSchema,
  orderSchema,
  staffOrderAddressesInputSchema,
} from "@atelier/contract";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginCallbackZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { lazy } from "../../lib/lazy.ts";
import { actorOf, uuidOr404 } from "../../lib/request.ts";
import { staffOnly } from "../../lib/staff-guard.ts";
import type { OrdersService } from "../orders/orders.service.ts";
import type { AddressesService } from "./addresses.service.ts";

/** pdfkit is loaded on the first slip printed, not at start-up. */
const loadPackingSlip = lazy(() => import("../orders/packing-slip-pdf.ts"));

const idParams = z.object({ id: z.string() });

/**
 * A customer's addresses (/api/addresses/, each their own), the order's choice of delivery and
 * billing address (PUT /api/orders/{id}/addresses/), staff corrections of it and the packing slip.
 */
export const addressesModule: FastifyPluginCallbackZod<{ addresses: AddressesService; orders: OrdersService }> = (
  app,
  { addresses, orders },
  done,
) => {
  const signedIn = { onRequest: app.authenticate };

  app.get("/api/addresses/", {
    schema: {
      tags: ["addresses"],
      summary: "Your saved delivery and billing addresses, defaults first",
      response: { 200: addressListSchema },
    },
    ...signedIn,
    handler: async (req) => addresses.list(actorOf(req)),
  });

  app.post("/api/addresses/", {
    schema: {
      tags: ["addresses"],
      summary: "Save an address (checked for its country: postal code, phone, Indian GST state); the first is the default for both",
      body: addressInputSchema,
      response: { 201: addressSchema },
    },
    ...signedIn,
    handler: async (req, reply) => reply.code(201).send(await addresses.create(actorOf(req), req.body)),
  });

  app.put("/api/addresses/:id/", {
    schema: {
      tags: ["addresses"],
      summary: "Change a saved address or make it the default; orders keep the address they were given",
      params: idParams,
      body: addressInputSchema,
      response: { 200: addressSchema },
    },
    ...signedIn,
    handler: async (req) => addresses.update(actorOf(req), uuidOr404(req.params.id), req.body),
  });

  app.delete("/api/addresses/:id/", {
    schema: { tags: ["addresses"], summary: "Remove a saved address; orders keep their copies", params: idParams },
    ...signedIn,
    handler: async (req, reply) => {
      await addresses.remove(actorOf(req), uuidOr404(req.params.id));
      return reply.code(204).send();
    },
  });

  app.put("/api/orders/:id/addresses/", {
    schema: {
      tags: ["orders"],
      summary: "Choose the order's delivery (and billing) address from your saved ones, until the balance is paid",
      description: "The addresses are copied into the order. Billing defaults to the delivery address. 409 once the balance is confirmed.",
      params: idParams,
      body: orderAddressesInputSchema,
      response: { 200: orderSchema },
    },
    ...signedIn,
    handler: async (req) => addresses.chooseForOrder(actorOf(req), uuidOr404(req.params.id), req.body),
  });

  app.put("/api/staff/orders/:id/addresses/", {
    schema: {
      tags: ["staff"],
      summary: "Correct the order's delivery (and billing) address as the customer asked, until it ships; audited",
      params: idParams,
      body: staffOrderAddressesInputSchema,
      response: { 200: orderSchema },
    },
    ...staffOnly(app),
    handler: async (req) => addresses.correctForOrder(actorOf(req), uuidOr404(req.params.id), req.body),
  });

  app.get("/api/staff/orders/:id/packing-slip.pdf", {
    schema: { tags: ["staff"], summary: "The order's packing slip (ship-to address, contents, no prices) as a PDF", params: idParams },
    ...staffOnly(app),
    handler: async (req: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
      const order = await orders.get(actorOf(req), uuidOr404(req.params.id));
      const { renderPackingSlipPdf } = await loadPackingSlip();
      const pdf = await renderPackingSlipPdf(order, { generatedAt: new Date() });
      return reply
        .type("application/pdf")
        .header("content-disposition", `attachment; filename="packing-slip-${order.order_number}.pdf"`)
        .header("cache-control", "private, no-store")
        .send(pdf);
    },
  });

  done();
};
