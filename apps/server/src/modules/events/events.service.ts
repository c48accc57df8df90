import crypto from "node:crypto";
import { LIVE_EVENT_REPLAY_MINUTES, type EventTicket } from "@atelier/contract";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/client.ts";
import { isStaff } from "../../lib/access.ts";
import type { Clock } from "../../lib/clock.ts";
import { ThrottledError, UnauthorizedError } from "../../lib/errors.ts";
import type { LiveEvent, LiveEventKind, LiveEvents } from "../../lib/live-events.ts";
import type { RateLimitStore } from "../../lib/rate-limit.ts";
import type { AuthenticatedUser, AuthService } from "../auth/auth.service.ts";
import * as repo from "./events.repository.ts";
import type { LiveEventRow } from "./events.repository.ts";

export interface LiveEventsOptions {
  /** A comment line on every stream this often; revoked tokens' streams close then. */
  heartbeatMs: number;
  /** Old events and expired tickets are deleted this often; 0 turns the timer off (tests prune by hand). */
  pruneIntervalMs: number;
  /** Streams one user may hold on one instance; a new one beyond this closes that user's oldest. */
  maxConnectionsPerUser: number;
  ticketTtlMs: number;
  /** Tickets one user may ask for per window (times RATE_LIMIT_SCALE): a page asks once per (re)connection. */
  ticketLimit: { max: number; windowMs: number };
}

export const DEFAULT_LIVE_EVENTS_OPTIONS: LiveEventsOptions = {
  heartbeatMs: 25_000,
  pruneIntervalMs: 60_000,
  maxConnectionsPerUser: 10,
  ticketTtlMs: 60_000,
  ticketLimit: { max: 60, windowMs: 5 * 60_000 },
};

const REPLAY_MS = LIVE_EVENT_REPLAY_MINUTES * 60_000;
/** Rows are kept twice the replay window, so a page reconnecting at the edge still finds its events. */
const RETENTION_MS = 2 * REPLAY_MS;
/** NOTIFY payloads are limited to 8 000 bytes; a larger event is named by id and read from its row. */
const MAX_PAYLOAD_BYTES = 7_000;
/** Ids already delivered, remembered so that a catch-up after a lost connection sends nothing twice. */
const SEEN_IDS = 10_000;

/** One event as a stream sends it. */
export interface DeliveredEvent {
  id: number;
  kind: LiveEventKind;
  data: LiveEvent["data"];
}

/** The HTTP side of one open stream. */
export interface StreamSink {
  send(event: DeliveredEvent): void;
  ping(): void;
  close(): void;
}

interface Subscriber {
  userId: string;
  staff: boolean;
  tokenId: string;
  sink: StreamSink;
  /** While missed events are being sent, live ones wait here (then go out in id order, without repeats). */
  waiting: DeliveredEvent[] | null;
  openedAt: number;
}

interface Recipients {
  id: number;
  userIds: string[];
  staff: boolean;
  event: DeliveredEvent;
}

const sha256 = (value: string) => crypto.createHash("sha256").update(value).digest("hex");

export type LiveEventsService = ReturnType<typeof createLiveEventsService>;

/**
 * Live updates: events are written in the writing transaction with a NOTIFY that PostgreSQL sends
 * only when it commits; every instance LISTENs and fans them out to its open streams whose user
 * is a recipient. The rows also serve pages that reconnect with the last id they saw.
 */
export function createLiveEventsService(deps: {
  database: Database;
  clock: Clock;
  auth: Pick<AuthService, "authenticateTokenId" | "liveTokenIds" | "onTokensRevoked">;
  logger: FastifyBaseLogger;
  rateLimits: RateLimitStore;
  limitScale: number;
  options?: Partial<LiveEventsOptions> | undefined;
}) {
  const { database, clock, auth, logger } = deps;
  const db = database.db;
  const options: LiveEventsOptions = { ...DEFAULT_LIVE_EVENTS_OPTIONS, ...deps.options };

  const byUser = new Map<string, Set<Subscriber>>();
  const staffSubscribers = new Set<Subscriber>();
  const seen = new Set<number>();
  let highestSeen = 0;
  let unlisten: (() => Promise<void>) | undefined;
  const timers: NodeJS.Timeout[] = [];
  let catchingUp: Promise<void> = Promise.resolve();

  function toRecipients(row: Pick<LiveEventRow, "id" | "userIds" | "staff" | "kind" | "data">): Recipients {
    return { id: row.id, userIds: row.userIds, staff: row.staff, event: { id: row.id, kind: row.kind, data: row.data } };
  }

  function remember(id: number): boolean {
    if (seen.has(id)) return false;
    seen.add(id);
    if (seen.size > SEEN_IDS) {
      const oldest = seen.values().next().value;
      if (oldest !== undefined) seen.delete(oldest);
    }
    highestSeen = Math.max(highestSeen, id);
    return true;
  }

  function subscribersOf(r: Recipients): Set<Subscriber> {
    const found = new Set<Subscriber>();
    for (const userId of r.userIds) for (const s of byUser.get(userId) ?? []) found.add(s);
    if (r.staff) for (const s of staffSubscribers) found.add(s);
    return found;
  }

  function dispatch(r: Recipients): void {
    if (!remember(r.id)) return;
    for (const s of subscribersOf(r)) {
      if (s.waiting) s.waiting.push(r.event);
      else safeSend(s, r.event);
    }
  }

  function safeSend(s: Subscriber, event: DeliveredEvent): void {
    try {
      s.sink.send(event);
    } catch (err) {
      logger.warn({ err }, "live event stream write failed");
      drop(s);
    }
  }

  function onNotify(payload: string): void {
    let parsed: { id: number; u?: string[]; s?: boolean; k?: LiveEventKind; d?: LiveEvent["data"] };
    try {
      parsed = JSON.parse(payload) as typeof parsed;
    } catch {
      return;
    }
    if (parsed.k && parsed.u && parsed.d) {
      dispatch({ id: parsed.id, userIds: parsed.u, staff: parsed.s ?? false, event: { id: parsed.id, kind: parsed.k, data: parsed.d } });
      return;
    }
    repo.findEventsByIds(db, [parsed.id]).then(
      (rows) => rows.forEach((row) => dispatch(toRecipients(row))),
      (err: unknown) => logger.error({ err }, "live event could not be read"),
    );
  }

  /** After the listening connection was lost: what other instances published meanwhile. */
  function catchUp(): void {
    catchingUp = catchingUp
      .then(async () => {
        const rows = await repo.findEventsAfter(db, highestSeen, new Date(clock.now().getTime() - REPLAY_MS));
        for (const row of rows) dispatch(toRecipients(row));
      })
      .catch((err: unknown) => logger.error({ err }, "live events catch-up failed"));
  }

  function add(s: Subscriber): void {
    let mine = byUser.get(s.userId);
    if (!mine) byUser.set(s.userId, (mine = new Set()));
    mine.add(s);
    if (s.staff) staffSubscribers.add(s);
    // One user's tabs are bounded: the oldest stream gives way (its page reconnects if still open).
    while (mine.size > options.maxConnectionsPerUser) {
      const oldest = [...mine].reduce((a, b) => (b.openedAt < a.openedAt ? b : a));
      drop(oldest);
    }
  }

  function drop(s: Subscriber): void {
    const mine = byUser.get(s.userId);
    if (!mine?.delete(s)) return;
    if (mine.size === 0) byUser.delete(s.userId);
    staffSubscribers.delete(s);
    try {
      s.sink.close();
    } catch {
      // Already gone.
    }
  }

  function allSubscribers(): Subscriber[] {
    return [...byUser.values()].flatMap((set) => [...set]);
  }

  // A revoked token's streams end at once (sign-out, password change, deactivation), not at the next heartbeat.
  // Streams on other instances still end at their heartbeat.
  const stopWatchingRevocations = auth.onTokensRevoked((revoked) => {
    for (const s of allSubscribers()) {
      const gone = "tokenId" in revoked ? s.tokenId === revoked.tokenId : s.userId === revoked.userId && s.tokenId !== revoked.exceptTokenId;
      if (gone) drop(s);
    }
  });

  async function heartbeat(): Promise<void> {
    const subs = allSubscribers();
    if (subs.length === 0) return;
    const live = await auth.liveTokenIds([...new Set(subs.map((s) => s.tokenId))]);
    for (const s of subs) {
      if (!live.has(s.tokenId)) drop(s);
      else {
        try {
          s.sink.ping();
        } catch {
          drop(s);
        }
      }
    }
  }

  async function prune(): Promise<void> {
    const now = clock.now();
    await repo.deleteEventsBefore(db, new Date(now.getTime() - RETENTION_MS));
    await repo.deleteExpiredTickets(db, now);
  }

  const live: LiveEvents = {
    async publish(tx, events) {
      if (events.length === 0) return;
      const createdAt = clock.now();
      const rows = await repo.insertEvents(
        tx,
        events.map((e) => ({ userIds: [...new Set(e.userIds)], staff: e.staff ?? false, kind: e.kind, data: e.data, createdAt })),
      );
      await repo.notify(
        tx,
        rows.map((row) => {
          const full = JSON.stringify({ id: row.id, u: row.userIds, s: row.staff, k: row.kind, d: row.data });
          return Buffer.byteLength(full) <= MAX_PAYLOAD_BYTES ? full : JSON.stringify({ id: row.id });
        }),
      );
    },
  };

  return {
    ...live,

    async start(): Promise<void> {
      highestSeen = await repo.lastEventId(db);
      unlisten = await database.listen(repo.LIVE_EVENTS_CHANNEL, {
        onNotify,
        onReconnect: () => {
          logger.info("live events: listening again; catching up");
          catchUp();
        },
        onError: (err) => logger.warn({ err }, "live events: listening connection failed"),
      });
      const every = (ms: number, job: () => Promise<void>, what: string) => {
        if (ms <= 0) return;
        const timer = setInterval(() => {
          job().catch((err: unknown) => logger.error({ err }, what));
        }, ms);
        timer.unref();
        timers.push(timer);
      };
      every(options.heartbeatMs, heartbeat, "live events heartbeat failed");
      every(options.pruneIntervalMs, prune, "live events prune failed");
    },

    /** Ends every stream (shutdown: pages reconnect to another instance, or to this one when it is back). */
    closeAll(): void {
      for (const s of allSubscribers()) drop(s);
    },

    async stop(): Promise<void> {
      for (const timer of timers.splice(0)) clearInterval(timer);
      stopWatchingRevocations();
      this.closeAll();
      const stopListening = unlisten;
      unlisten = undefined;
      // A database already closed (or lost) has no listener left to remove.
      await stopListening?.().catch((err: unknown) => logger.debug({ err }, "live events: the listener was already gone"));
      await catchingUp;
    },

    async issueTicket(current: AuthenticatedUser): Promise<EventTicket> {
      const { max, windowMs } = options.ticketLimit;
      const state = await deps.rateLimits.hit(`events-ticket:${current.user.id}`, windowMs);
      if (state.count > Math.ceil(max * deps.limitScale)) throw new ThrottledError(Math.max(1, Math.ceil(state.resetInMs / 1000)));
      const ticket = crypto.randomBytes(32).toString("base64url");
      const expiresAt = new Date(clock.now().getTime() + options.ticketTtlMs);
      await repo.insertTicket(db, { ticketHash: sha256(ticket), tokenId: current.tokenId, userId: current.user.id, expiresAt });
      return { ticket, expires_at: expiresAt.toISOString() };
    },

    /** The user a ticket was issued to; each ticket opens one stream, within its minute. */
    async redeemTicket(ticket: string): Promise<AuthenticatedUser> {
      const tokenId = await repo.takeTicket(db, sha256(ticket), clock.now());
      const current = tokenId ? await auth.authenticateTokenId(tokenId) : null;
      if (!current) throw new UnauthorizedError("Invalid or expired ticket.");
      return current;
    },

    /**
     * Opens a stream for the user: first what it missed since `lastEventId` (within the replay
     * window), then everything live. Returns the function that closes it.
     */
    async subscribe(current: AuthenticatedUser, sink: StreamSink, lastEventId?: number): Promise<() => void> {
      const s: Subscriber = {
        userId: current.user.id,
        staff: isStaff(current.user),
        tokenId: current.tokenId,
        sink,
        waiting: lastEventId === undefined ? null : [],
        openedAt: performance.now(),
      };
      add(s);
      if (lastEventId !== undefined) {
        const sent = new Set<number>();
        try {
          const missed = await repo.findMissedEvents(db, {
            afterId: lastEventId,
            since: new Date(clock.now().getTime() - REPLAY_MS),
            userId: s.userId,
            staff: s.staff,
          });
          for (const row of missed) {
            sent.add(row.id);
            safeSend(s, { id: row.id, kind: row.kind, data: row.data });
          }
        } finally {
          const waiting = s.waiting ?? [];
          s.waiting = null;
          for (const event of waiting.sort((a, b) => a.id - b.id)) if (!sent.has(event.id)) safeSend(s, event);
        }
      }
      return () => drop(s);
    },

    /** Streams open on this instance (health, tests, the bench). */
    connectionCount(): number {
      return allSubscribers().length;
    },

    heartbeat,
    prune,
  };
}
