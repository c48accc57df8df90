import { notificationListSchema, notificationSchema, pageQuerySchema } from "@atelier/contract";
import type { FastifyPluginCallbackZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { actorOf, uuidOr404 } from "../../lib/request.ts";
import type { NotificationsService } from "./notifications.service.ts";

const TAGS = ["notifications"];

/** GET /api/notifications/, POST /api/notifications/{id}/read/, POST /api/notifications/read-all/. */
export const notificationsModule: FastifyPluginCallbackZod<{ notifications: NotificationsService }> = (app, { notifications }, done) => {
  app.get("/api/notifications/", {
    schema: {
      tags: TAGS,
      summary: "The signed-in user's notifications, newest first, with the unread count",
      querystring: pageQuerySchema,
      response: { 200: notificationListSchema },
    },
    onRequest: app.authenticate,
    handler: async (req) => notifications.list(actorOf(req), req.query.page),
  });

  app.post("/api/notifications/read-all/", {
    schema: { tags: TAGS, summary: "Mark every notification read", response: { 200: z.object({ unread_count: z.number().int() }) } },
    onRequest: app.authenticate,
    handler: async (req) => notifications.markAllRead(actorOf(req)),
  });

  app.post("/api/notifications/:id/read/", {
    schema: {
      tags: TAGS,
      summary: "Mark one notification read",
      params: z.object({ id: z.string() }),
      response: { 200: notificationSchema },
    },
    onRequest: app.authenticate,
    handler: async (req) => notifications.markRead(actorOf(req), uuidOr404(req.params.id)),
  });
  done();
};
