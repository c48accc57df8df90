import type { Db } from "../db/client.ts";

/**
 * What open pages are told about, so they refetch what they show without reloading. Pages never
 * trust an event's data for content: they refetch through the API, which checks access again.
 */
export type LiveEventKind = "message" | "notification" | "order" | "unread";

export interface LiveEvent {
  kind: LiveEventKind;
  /** Who receives it: these users, and every staff member and admin when `staff` is true. */
  userIds: string[];
  staff?: boolean;
  /** A small payload (ids, counts); never content a recipient could not read through the API. */
  data: Record<string, string | number | boolean | null>;
}

export interface LiveEvents {
  /**
   * Called inside the writing transaction: the events are delivered when, and only if, it
   * commits (and never to a page of a user who is not a recipient).
   */
  publish(tx: Db, events: LiveEvent[]): Promise<void>;
}

/** Until the events module is wired: publishing is a no-op. */
export const noLiveEvents: LiveEvents = { publish: async () => {} };
