import { LIVE_EVENT_KINDS, type EventTicket, type LiveEventKindName } from "@atelier/contract";
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { api, ApiError } from "./api-client";
import { authStorage } from "./auth-storage";

/**
 * What each live event refreshes, by the first segment of the query keys (the features root their
 * keys this way). Events carry no content: the pages refetch through the API.
 */
export const LIVE_INVALIDATIONS: Record<LiveEventKindName, readonly string[]> = {
  // Order comments live in the order's detail.
  message: ["messages", "support", "orders"],
  notification: ["notifications", "dashboard-data"],
  // Staff pages: the queue and its counts (customers hold no such query; it costs nothing there).
  order: ["orders", "quotes", "dashboard-data", "designs", "staff-queue"],
  unread: ["messages", "notifications"],
};

/** Waits between failed attempts: 1 s doubling to 30 s. */
export const LIVE_RETRY_MS = { first: 1_000, max: 30_000 };

function invalidate(qc: QueryClient, kind: LiveEventKindName): void {
  for (const segment of LIVE_INVALIDATIONS[kind]) void qc.invalidateQueries({ queryKey: [segment] });
}

/**
 * Keeps one server-sent event stream open while signed in, and refreshes what open pages show
 * when the server says it changed. A ticket opens one stream only, so after an error the stream
 * is closed and reopened with a fresh ticket and the last event id (the server sends what was
 * missed meanwhile), backing off while it keeps failing.
 */
export function useLiveEvents(enabled: boolean): void {
  const qc = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === "undefined") return;
    let stopped = false;
    let source: EventSource | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let lastEventId = "";
    let failures = 0;

    const retry = () => {
      if (stopped) return;
      const delay = Math.min(LIVE_RETRY_MS.max, LIVE_RETRY_MS.first * 2 ** failures);
      failures += 1;
      timer = setTimeout(() => void connect(), delay);
    };

    const connect = async () => {
      // Signed out (here or in another tab): nothing to listen to until signed in again.
      if (stopped || !authStorage.getToken()) return;
      let ticket: string;
      try {
        ticket = (await api<EventTicket>("/events/ticket/", { method: "POST" })).ticket;
      } catch (err) {
        // A refused token signs the user out (the API client's 401 handling); anything else is retried.
        if (!(err instanceof ApiError && err.status === 401)) retry();
        return;
      }
      if (stopped) return;
      const query = new URLSearchParams({ ticket });
      if (lastEventId) query.set("last_event_id", lastEventId);
      const es = new EventSource(`/api/events/?${query.toString()}`);
      source = es;
      es.onopen = () => {
        failures = 0;
      };
      for (const kind of LIVE_EVENT_KINDS) {
        es.addEventListener(kind, (event) => {
          if (event.lastEventId) lastEventId = event.lastEventId;
          invalidate(qc, kind);
        });
      }
      es.onerror = () => {
        es.close();
        if (source === es) source = undefined;
        retry();
      };
    };

    void connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      source?.close();
    };
  }, [enabled, qc]);
}
