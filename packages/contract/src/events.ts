import { z } from "zod";

/**
 * Live updates (server-sent events at /api/events/). An event tells an open page that something
 * it shows changed; the page refetches through the API (events carry ids and counts, never content).
 */
export const LIVE_EVENT_KINDS = ["message", "notification", "order", "unread"] as const;
export type LiveEventKindName = (typeof LIVE_EVENT_KINDS)[number];

/** POST /api/events/ticket/: a single-use ticket that opens the stream (EventSource cannot send headers). */
export const eventTicketSchema = z.object({
  ticket: z.string(),
  expires_at: z.string(),
});
export type EventTicket = z.infer<typeof eventTicketSchema>;

/** GET /api/events/: `ticket` (or the Authorization header) and, after a reconnect, the last event id seen. */
export const eventStreamQuerySchema = z.object({
  ticket: z.string().max(200).optional(),
  last_event_id: z.string().max(40).optional(),
});

/** How long a disconnected page can be away and still be sent every event it missed. */
export const LIVE_EVENT_REPLAY_MINUTES = 5;
