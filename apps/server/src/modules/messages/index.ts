import {
  conversationListSchema,
  conversationQuerySchema,
  conversationSchema,
  messageInputSchema,
  messageSchema,
  messageTopicsSchema,
  pageQuerySchema,
  staffInboxQuerySchema,
  ticketCreatedSchema,
  ticketInputSchema,
  ticketListSchema,
  ticketSchema,
  unreadCountSchema,
} from "@atelier/contract";
import type { FastifyPluginCallbackZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { UnsupportedMediaTypeError, ValidationError } from "../../lib/errors.ts";
import { fieldErrorsFromZod } from "../../lib/field-errors.ts";
import { actorOf, uuidOr404 } from "../../lib/request.ts";
import { staffOnly } from "../../lib/staff-guard.ts";
import { documentedBody, filePart, jsonTextPart } from "../../lib/openapi.ts";
import { withAttachmentForm } from "../uploads/multipart.ts";
import type { MessagesService } from "./messages.service.ts";

const TAGS = ["messages"];
const idParams = z.object({ id: z.string() });
const isJson = (contentType: string | undefined) => /^application\/(?:[\w.+-]+\+)?json\b/i.test(contentType ?? "");

/**
 * Conversations (/api/messages/), support tickets (/api/support/tickets/) and the staff inbox
 * (/api/staff/messages/). An order's conversation has the order's id.
 */
export const messagesModule: FastifyPluginCallbackZod<{ messages: MessagesService; tmpDir: string }> = (app, { messages, tmpDir }, done) => {
  app.get("/api/messages/", {
    schema: {
      tags: TAGS,
      summary: "The reader's conversations (a customer's own; every one for staff), newest first; `search` matches titles, numbers and messages",
      querystring: conversationQuerySchema,
      response: { 200: conversationListSchema },
    },
    onRequest: app.authenticate,
    handler: async (req) => messages.list(actorOf(req), req.query),
  });

  app.get("/api/messages/unread/", {
    schema: { tags: TAGS, summary: "How many conversations have something the reader has not read", response: { 200: unreadCountSchema } },
    onRequest: app.authenticate,
    handler: async (req) => messages.unreadCount(actorOf(req)),
  });

  app.get("/api/messages/topics/", {
    schema: { tags: TAGS, summary: "The customer's orders a new conversation can be about", response: { 200: messageTopicsSchema } },
    onRequest: app.authenticate,
    handler: async (req) => messages.topics(actorOf(req)),
  });

  app.get("/api/messages/:id/", {
    schema: {
      tags: TAGS,
      summary: "A conversation with its messages and read marks; opening it marks it read for the reader",
      params: idParams,
      response: { 200: conversationSchema },
    },
    onRequest: app.authenticate,
    handler: async (req) => messages.thread(actorOf(req), uuidOr404(req.params.id)),
  });

  app.post("/api/messages/:id/", {
    schema: {
      tags: TAGS,
      summary: "Send a message: JSON `{text}`, or multipart with `text` (or a `data` JSON field) and up to 5 `files` (images or PDFs, 10 MB each)",
      params: idParams,
      ...documentedBody({
        "application/json": messageInputSchema,
        "multipart/form-data": z.object({
          text: z.string().optional(),
          data: jsonTextPart("`{text}`, instead of the text field").optional(),
          files: z.array(filePart).max(5).optional(),
        }),
      }),
      response: { 201: messageSchema },
    },
    onRequest: app.authenticate,
    handler: async (req, reply) => {
      const actor = actorOf(req);
      const id = uuidOr404(req.params.id);
      if (req.isMultipart()) {
        return withAttachmentForm(req, tmpDir, async (form) => {
          const parsed = messageInputSchema.safeParse({ text: form.text ?? "" });
          if (!parsed.success) throw new ValidationError(fieldErrorsFromZod(parsed.error));
          return reply.code(201).send(await messages.post(actor, id, parsed.data.text, form.files));
        });
      }
      if (!isJson(req.headers["content-type"])) throw new UnsupportedMediaTypeError();
      const parsed = messageInputSchema.safeParse(req.body ?? {});
      if (!parsed.success) throw new ValidationError(fieldErrorsFromZod(parsed.error));
      return reply.code(201).send(await messages.post(actor, id, parsed.data.text, []));
    },
  });

  app.get("/api/support/tickets/", {
    schema: { tags: TAGS, summary: "The signed-in customer's support tickets, newest first", querystring: pageQuerySchema, response: { 200: ticketListSchema } },
    onRequest: app.authenticate,
    handler: async (req) => messages.listTickets(actorOf(req), req.query.page),
  });

  app.post("/api/support/tickets/", {
    schema: {
      tags: TAGS,
      summary: "Open a support ticket (subject, message, category); acknowledged by e-mail with its number",
      body: ticketInputSchema,
      response: { 201: ticketCreatedSchema },
    },
    onRequest: app.authenticate,
    handler: async (req, reply) => reply.code(201).send(await messages.createTicket(actorOf(req), req.body)),
  });

  app.get("/api/staff/messages/", {
    ...staffOnly(app),
    schema: {
      tags: ["staff"],
      summary: "The staff inbox: every conversation, those owed an answer first",
      querystring: staffInboxQuerySchema,
      response: { 200: conversationListSchema },
    },
    handler: async (req) => messages.staffInbox(actorOf(req), req.query),
  });

  app.post("/api/staff/messages/:id/close/", {
    ...staffOnly(app),
    schema: { tags: ["staff"], summary: "Close a support ticket", params: idParams, response: { 200: ticketSchema } },
    handler: async (req) => messages.setTicketStatus(actorOf(req), uuidOr404(req.params.id), "closed"),
  });

  app.post("/api/staff/messages/:id/reopen/", {
    ...staffOnly(app),
    schema: { tags: ["staff"], summary: "Reopen a closed support ticket", params: idParams, response: { 200: ticketSchema } },
    handler: async (req) => messages.setTicketStatus(actorOf(req), uuidOr404(req.params.id), "open"),
  });
  done();
};
