import { eventStreamQuerySchema, eventTicketSchema } from "@atelier/contract";
import type { OutgoingHttpHeaders, ServerResponse } from "node:http";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginCallbackZod } from "fastify-type-provider-zod";
import { NotAcceptableError, UnauthorizedError } from "../../lib/errors.ts";
import type { LiveEventsService, StreamSink } from "./events.service.ts";

const TAGS = ["events"];
/** How long EventSource waits before reconnecting by itself. */
const RETRY_MS = 3_000;
/** On shutdown, pages reconnect after 1-3 s (spread, so that they do not all arrive at once at another instance). */
const SHUTDOWN_RETRY_MS = { min: 1_000, spread: 2_000 };
/** A stream this far behind (a client that stopped reading) is closed; it reconnects and is sent what it missed. */
const MAX_BUFFERED_BYTES = 256 * 1024;

/**
 * POST /api/events/ticket/ (a single-use ticket for EventSource, which cannot send headers) and
 * GET /api/events/ (the server-sent event stream, opened with `?ticket=` or the Authorization header).
 */
export const eventsModule: FastifyPluginCallbackZod<{ events: LiveEventsService }> = (app, { events }, done) => {
  const open = new Set<ServerResponse>();
  app.post("/api/events/ticket/", {
    schema: {
      tags: TAGS,
      summary: "A single-use ticket (one minute) that opens the live event stream",
      response: { 201: eventTicketSchema },
    },
    onRequest: app.authenticate,
    handler: async (req, reply) => reply.code(201).send(await events.issueTicket(req.auth())),
  });

  app.get("/api/events/", {
    schema: {
      tags: TAGS,
      summary: "Live updates as server-sent events (Accept: text/event-stream); `Last-Event-ID` or last_event_id replays what was missed",
      querystring: eventStreamQuerySchema,
    },
    // Who asks comes first (401), as on every other route: before the query is validated (400) and the Accept header read (406).
    onRequest: async (req, reply) => {
      // The query is not validated yet: a ticket the query's schema refuses (repeated, over-long) is no ticket.
      const raw: unknown = (req.query as Record<string, unknown> | undefined)?.ticket;
      if (raw === undefined) return app.authenticate(req, reply);
      const ticket = eventStreamQuerySchema.shape.ticket.safeParse(raw);
      if (!ticket.success || ticket.data === undefined) throw new UnauthorizedError("Invalid or expired ticket.");
      req.authUser = await events.redeemTicket(ticket.data);
    },
    handler: async (req, reply) => {
      const accept = req.headers.accept ?? "";
      if (!accept.includes("text/event-stream")) throw new NotAcceptableError("This path answers server-sent events: send Accept: text/event-stream.");
      const current = req.auth();
      const sink = openStream(req, reply);
      open.add(reply.raw);
      reply.raw.once("close", () => open.delete(reply.raw));
      // The response's close (the page went away, or the stream was ended here) unsubscribes.
      let closed = false;
      reply.raw.once("close", () => (closed = true));
      const unsubscribe = await events.subscribe(current, sink, lastEventIdOf(req));
      if (closed) unsubscribe();
      else reply.raw.once("close", unsubscribe);
    },
  });

  app.addHook("preClose", (doneClosing) => {
    for (const res of open) {
      if (!res.writableEnded && !res.destroyed) res.write(`retry: ${SHUTDOWN_RETRY_MS.min + Math.floor(Math.random() * SHUTDOWN_RETRY_MS.spread)}\n: server restarting\n\n`);
    }
    events.closeAll();
    doneClosing();
  });
  app.addHook("onClose", async () => events.stop());
  done();
};

/** The id a reconnecting page saw last: EventSource's header, or the query (a fresh ticket's reconnect). */
function lastEventIdOf(req: FastifyRequest<{ Querystring: { last_event_id?: string | undefined } }>): number | undefined {
  const header = req.headers["last-event-id"];
  const raw = (typeof header === "string" ? header : undefined) ?? req.query.last_event_id;
  return raw !== undefined && /^\d{1,15}$/.test(raw.trim()) ? Number(raw.trim()) : undefined;
}

/**
 * Takes the response over from Fastify (no serializer or compression between the events and the
 * socket) with the reply's headers so far (security headers, request id).
 */
function openStream(req: FastifyRequest, reply: FastifyReply): StreamSink {
  reply.hijack();
  const res = reply.raw;
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) headers[name] = value;
  res.writeHead(200, {
    ...headers,
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-cache, no-store, no-transform",
    connection: "keep-alive",
    "x-accel-buffering": "no",
  });
  res.write(`retry: ${RETRY_MS}\n: connected\n\n`);
  const write = (chunk: string) => {
    if (res.destroyed || res.writableEnded) return;
    if (res.writableLength > MAX_BUFFERED_BYTES) {
      req.log.warn("live event stream too far behind; closing it");
      res.destroy();
      return;
    }
    res.write(chunk);
  };
  return {
    send: (event) => write(`id: ${event.id}\nevent: ${event.kind}\ndata: ${JSON.stringify(event.data)}\n\n`),
    ping: () => write(": ping\n\n"),
    close: () => {
      if (!res.writableEnded) res.end();
    },
  };
}
