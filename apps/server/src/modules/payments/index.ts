import { checkoutInputSchema, checkoutStartSchema, onlinePaymentOptionsSchema, webhookAnswerSchema } from "@atelier/contract";
import type { FastifyPluginCallbackZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { documentedBody } from "../../lib/openapi.ts";
import { actorOf, uuidOr404 } from "../../lib/request.ts";
import type { OnlinePaymentsService } from "./online-payments.service.ts";

export interface PaymentsModuleOptions {
  online: OnlinePaymentsService;
}

const idParams = z.object({ id: z.string() });

/**
 * Online payments over HTTP: which providers take the order's currency, starting a checkout, and
 * the providers' signed webhooks (no session: the signature over the raw body is the authority).
 */
export const paymentsModule: FastifyPluginCallbackZod<PaymentsModuleOptions> = (app, opts, done) => {
  const { online } = opts;
  const customer = { onRequest: app.authenticate };

  app.get("/api/orders/:id/payments/online/", {
    schema: {
      tags: ["payments"],
      summary:
        "The online payment providers offered for the order's currency (Razorpay: INR; Stripe: USD, EUR, GBP); empty when none is configured",
      params: idParams,
      response: { 200: onlinePaymentOptionsSchema },
    },
    ...customer,
    handler: async (req) => online.options(actorOf(req), uuidOr404(req.params.id)),
  });

  app.post("/api/orders/:id/payments/checkout/", {
    schema: {
      tags: ["payments"],
      summary:
        "Pay what is due online: writes a pending payment and answers the provider's checkout (Stripe: a URL to go to; Razorpay: the Checkout widget's options). The payment is confirmed only by the provider's signed webhook",
      params: idParams,
      body: checkoutInputSchema,
      response: { 201: checkoutStartSchema },
    },
    ...customer,
    handler: async (req, reply) =>
      reply.code(201).send(await online.checkout(actorOf(req), uuidOr404(req.params.id), req.body.kind, req.body.provider)),
  });

  // The webhooks read their body as bytes: the signature is computed over exactly what was sent.
  void app.register((hooks, _opts, next) => {
    hooks.removeAllContentTypeParsers();
    hooks.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: 1024 * 1024 }, (_req, body, parsed) => parsed(null, body));
    for (const provider of ["razorpay", "stripe"] as const) {
      hooks.post(`/api/webhooks/${provider}/`, {
        schema: {
          tags: ["payments"],
          summary: `${provider === "razorpay" ? "Razorpay" : "Stripe"}'s signed webhook (${provider === "razorpay" ? "X-Razorpay-Signature" : "Stripe-Signature"} over the raw body; a bad signature is 400 and changes nothing; each event applied once)`,
          ...documentedBody({
            "application/json": z
              .record(z.string(), z.unknown())
              .meta({ description: `The ${provider} event as sent; read as raw bytes, since the signature covers them exactly` }),
          }),
          response: { 200: webhookAnswerSchema },
        },
        handler: async (req) => {
          const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
          const outcome = await online.webhook(provider, body, req.headers);
          return { detail: outcome === "duplicate" ? "Already processed." : "Processed." };
        },
      });
    }
    next();
  });

  done();
};
