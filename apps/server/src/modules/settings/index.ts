import {
  notificationPreferencesSchema,
  notificationPreferencesUpdateSchema,
  unsubscribeQuerySchema,
  unsubscribeResultSchema,
} from "@atelier/contract";
import type { FastifyPluginCallbackZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { cleanStrings } from "../../lib/json-input.ts";
import { actorOf } from "../../lib/request.ts";
import type { PreferencesService } from "./preferences.service.ts";

const UNSUBSCRIBE_TAGS = ["settings"];
/** A one-click body is `List-Unsubscribe=One-Click`; nothing bigger is read. */
const ONE_CLICK_BODY_LIMIT = 4 * 1024;

/**
 * GET/PUT /api/settings/notifications/: the signed-in user's notification preferences.
 * GET/POST /api/unsubscribe/?token=…: the e-mails' one-click unsubscribe (no sign-in; the token
 * is signed), and POST /api/unsubscribe/resubscribe/?token=… to undo it.
 */
export const settingsModule: FastifyPluginCallbackZod<{ preferences: PreferencesService }> = (app, { preferences }, done) => {
  app.get("/api/settings/notifications/", {
    schema: {
      tags: UNSUBSCRIBE_TAGS,
      summary: "The signed-in user's notification preferences: e-mail and in-app, per type (default: all on)",
      response: { 200: notificationPreferencesSchema },
    },
    onRequest: app.authenticate,
    handler: async (req) => preferences.get(actorOf(req)),
  });

  app.put("/api/settings/notifications/", {
    schema: {
      tags: UNSUBSCRIBE_TAGS,
      summary: "Change some notification preferences; answers with all of them",
      description: "The password-reset and sign-in warning e-mails have no type here: they are always sent.",
      body: notificationPreferencesUpdateSchema,
      response: { 200: notificationPreferencesSchema },
    },
    onRequest: app.authenticate,
    handler: async (req) => preferences.update(actorOf(req), req.body),
  });

  app.get("/api/unsubscribe/", {
    schema: {
      tags: UNSUBSCRIBE_TAGS,
      summary: "What an e-mail's unsubscribe link is about (public; changes nothing)",
      querystring: unsubscribeQuerySchema,
      response: { 200: unsubscribeResultSchema },
    },
    handler: async (req) => preferences.describe(req.query.token),
  });

  // Its own scope, so only these routes read URL-encoded bodies (RFC 8058 one-click posts).
  void app.register((plain, _opts, next) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: ONE_CLICK_BODY_LIMIT },
      (_req, body, parsed) => {
        parsed(null, cleanStrings(Object.fromEntries(new URLSearchParams(body as string))));
      },
    );

    scope.post("/api/unsubscribe/", {
      schema: {
        tags: UNSUBSCRIBE_TAGS,
        summary: "Turn off the e-mails an unsubscribe link is about (public, RFC 8058 one-click)",
        description:
          "The token is in the query string, as in the List-Unsubscribe header; a mail client's body `List-Unsubscribe=One-Click` (URL-encoded or multipart) and an empty or JSON body are all accepted. A changed token answers 400.",
        querystring: unsubscribeQuerySchema,
        response: { 200: unsubscribeResultSchema },
      },
      handler: async (req) => preferences.unsubscribe(req.query.token),
    });

    scope.post("/api/unsubscribe/resubscribe/", {
      schema: {
        tags: UNSUBSCRIBE_TAGS,
        summary: "Undo an unsubscribe: those e-mails are sent again (public, with the same token)",
        querystring: unsubscribeQuerySchema,
        response: { 200: unsubscribeResultSchema },
      },
      handler: async (req) => preferences.resubscribe(req.query.token),
    });
    next();
  });
  done();
};
