/**
 * Creating requests are safe to retry: a POST listed in {@link IDEMPOTENT_ROUTES} may carry an
 * `Idempotency-Key` header (1 to 255 printable ASCII characters; a fresh UUID per submission is
 * what the web app sends). The first request with a key, per caller, is carried out and its answer
 * (status, body, content type, location) kept for 24 hours in `idempotency_keys`, shared by every
 * instance. A retry with the same key and the same request gets that answer again, with
 * `Idempotent-Replayed: true`, and nothing is done twice.
 *
 * - Same key, other request (method, path or body differ): 422, nothing done.
 * - Same key while the first is still being carried out: 409 with `Retry-After: 1`.
 * - Key not 1..255 printable ASCII: 400 `{"detail": ...}`.
 * - The caller is the signed-in user (`user:<id>`), else the client address (`ip:<address>`): one
 *   customer can never be answered with another's result.
 * - What is kept, as Stripe does: every answer of a request that reached its handler, 2xx and 4xx
 *   (a refused request is refused again, the same way). A 5xx is not kept: the reservation is
 *   released so that a retry runs again. Nor is a request that failed before its handler (a body that
 *   is not valid JSON, a schema's 400, a 401): nothing was reserved for it.
 * - The body's fingerprint: a JSON or form body as parsed (keys sorted, so key order and spacing do
 *   not matter); a multipart body as its raw bytes with its boundary replaced by a constant (a
 *   browser picks a new boundary each time it sends the same FormData), read as the route reads it.
 *   A multipart request whose body was not read to its end (refused half way) is not kept.
 * - A change made in a transaction is marked in that transaction (`change_committed`): a request
 *   that then fails with a 5xx (the database went away after the commit, issue 20) was carried out
 *   all the same, so its key is not released and a retry is told so (409, {@link ANSWER_LOST_MESSAGE})
 *   instead of making the change twice. Writes outside a transaction have no such mark.
 * - A reservation whose instance died holds for {@link LEASE_MS}; after that a retry takes it over
 *   (unless the change was committed).
 * - The stored answer is encrypted (AES-256-GCM) with a key derived from the Idempotency-Key and
 *   the fingerprint, and only the key's SHA-256 is stored: the table alone replays nothing (a
 *   sign-up's answer holds a session token).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import crypto from "node:crypto";
import { and, eq, isNull, lte } from "drizzle-orm";
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from "fastify";
import type { Db } from "../db/client.ts";
import { idempotencyKeys } from "../db/schema/index.ts";
import type { Clock } from "./clock.ts";
import { BadRequestError, PayloadTooLargeError, UnprocessableError } from "./errors.ts";

export const IDEMPOTENCY_HEADER = "idempotency-key";
export const REPLAYED_HEADER = "idempotent-replayed";
export const KEY_TTL_MS = 24 * 60 * 60 * 1000;
/** How long a reservation holds without an answer before a retry may take it over (an instance that died mid-request). */
export const LEASE_MS = 10 * 60 * 1000;
/** How often a reservation that could not be settled (database away) is tried again. */
const SETTLE_RETRY_MS = 1000;
/** The most a retried multipart body is read to compare it with the first (the routes' limits are lower). */
const MAX_MULTIPART_BYTES = 128 * 1024 * 1024;

export const INVALID_KEY_MESSAGE = "The Idempotency-Key header must be 1 to 255 printable ASCII characters.";
export const KEY_REUSED_MESSAGE = "This Idempotency-Key was already used for a different request; send a new key for a new request.";
export const IN_FLIGHT_MESSAGE = "A request with this Idempotency-Key is still being processed; retry shortly.";
export const ANSWER_LOST_MESSAGE =
  "The request with this Idempotency-Key was carried out, but its answer was lost; reload to see the result.";

/**
 * The POSTs that create or change something and take the header (method and route, as registered).
 * Every other POST is listed in {@link NOT_IDEMPOTENT_ROUTES} with the reason; idempotency.test.ts
 * fails when a POST is in neither.
 */
export const IDEMPOTENT_ROUTES: ReadonlySet<string> = new Set([
  "POST /api/auth/register/",
  "POST /api/designs/",
  "POST /api/addresses/",
  "POST /api/orders/:id/comments/",
  "POST /api/orders/:id/payments/",
  "POST /api/orders/:id/payments/checkout/",
  "POST /api/orders/:id/cancel/",
  "POST /api/orders/:id/confirm-delivery/",
  "POST /api/cad-designs/:id/approve/",
  "POST /api/quotes/:id/accept/",
  "POST /api/quotes/:id/decline/",
  "POST /api/messages/:id/",
  "POST /api/support/tickets/",
  "POST /api/leads/",
  "POST /api/leads/form/",
  "POST /api/staff/orders/:id/quotes/",
  "POST /api/staff/orders/:id/refunds/",
  "POST /api/staff/orders/:id/cad-designs/",
  "POST /api/staff/orders/:id/certificates/",
  "POST /api/staff/orders/:id/transition/",
  "POST /api/staff/payments/:id/confirm/",
  "POST /api/staff/payments/:id/reject/",
  "POST /api/staff/gallery/",
  "POST /api/staff/people/",
]);

/** POSTs that ignore the header, and why. */
export const NOT_IDEMPOTENT_ROUTES: Readonly<Record<string, string>> = {
  "POST /api/auth/login/": "a sign-in is safe to repeat (it opens another session); its answer is a token",
  "POST /api/auth/logout/": "repeating it changes nothing",
  "POST /api/auth/change-password/": "a second change with the same body is refused by the old password, changing nothing",
  "POST /api/auth/forgot-password/": "throttled per address; its answer is the same whatever happened",
  "POST /api/auth/reset-password/": "the reset link works once",
  "POST /api/events/ticket/": "each ticket is single-use; a retry should get a new one",
  "POST /api/scrape/": "reads a shop's page, creates nothing",
  "POST /api/public/scrape/": "reads a shop's page without an account, creates nothing",
  "POST /api/public/estimate/": "computes an estimate of unsaved details, creates nothing",
  "POST /api/staff/jobs/:id/retry/": "a job already retried is pending again: a second retry is refused with 409, creating nothing",
  "POST /api/staff/pricing/preview/": "computes a preview, creates nothing",
  "POST /api/notifications/read-all/": "repeating it changes nothing",
  "POST /api/notifications/:id/read/": "repeating it changes nothing",
  "POST /api/unsubscribe/": "repeating it changes nothing",
  "POST /api/unsubscribe/resubscribe/": "repeating it changes nothing",
  "POST /api/staff/leads/:id/handled/": "repeating it changes nothing",
  "POST /api/staff/messages/:id/close/": "repeating it changes nothing",
  "POST /api/staff/messages/:id/reopen/": "repeating it changes nothing",
  "POST /api/staff/gallery/reorder/": "the same order twice is the same order",
  "POST /api/webhooks/razorpay/": "each provider event is applied once by its event id (payment_webhook_events)",
  "POST /api/webhooks/stripe/": "each provider event is applied once by its event id (payment_webhook_events)",
};

export interface IdempotencyOptions {
  db: Db;
  clock: Clock;
}

/** What the preHandler decided for a request, read again when its answer is sent. */
interface Reservation {
  scope: string;
  keyHash: string;
  key: string;
  /** Known at once for JSON and form bodies; for multipart, when the route has read the body. */
  fingerprint: string | null;
  multipart: MultipartHasher | null;
  settled: boolean;
}

const reservations = new WeakMap<FastifyRequest, Reservation>();
/** The reservation of the request whose handler is running, for the transactions it opens. */
const running = new AsyncLocalStorage<Reservation>();
const TRANSACTIONS_MARKED = Symbol("idempotency transactions marked");

export function isValidIdempotencyKey(key: string): boolean {
  return /^[\x20-\x7e]{1,255}$/.test(key);
}

/** Adds the header's handling to every route in {@link IDEMPOTENT_ROUTES}; call before the routes are registered. */
export function installIdempotency(app: FastifyInstance, options: IdempotencyOptions): void {
  const { db, clock } = options;
  let closing = false;
  markCommittedChanges(db);
  app.addHook("onClose", (_instance, done) => {
    closing = true;
    done();
  });

  /**
   * Settling a reservation (keeping its answer, or releasing it) failed, typically because the
   * database went away mid-request (a restart): try again every second until it is back, for up to
   * {@link LEASE_MS}. Without this, a retry of that request got 409 "still being processed" for the
   * whole lease (10 minutes), although nothing was running.
   */
  function settleLater(settle: () => Promise<void>, log: FastifyBaseLogger): void {
    const until = Date.now() + LEASE_MS;
    const attempt = () => {
      if (closing || Date.now() > until) return;
      settle().then(
        () => log.info("idempotency key settled after the database came back"),
        () => setTimeout(attempt, SETTLE_RETRY_MS).unref(),
      );
    };
    setTimeout(attempt, SETTLE_RETRY_MS).unref();
  }

  // The handler of a route that takes the header runs with its reservation at hand (see markCommittedChanges).
  app.addHook("onRoute", (route) => {
    const methods = [route.method].flat();
    if (!methods.some((m) => IDEMPOTENT_ROUTES.has(`${m} ${route.url}`))) return;
    const handler = route.handler;
    route.handler = function (this: unknown, req, reply) {
      const reservation = reservations.get(req);
      return reservation
        ? running.run(reservation, () => handler.call(this as never, req, reply))
        : handler.call(this as never, req, reply);
    };
  });

  app.addHook("preHandler", async (req, reply) => {
    const routeKey = `${req.method} ${req.routeOptions.url ?? ""}`;
    if (!IDEMPOTENT_ROUTES.has(routeKey)) return;
    const header = req.headers[IDEMPOTENCY_HEADER];
    if (header === undefined) return;
    const key = Array.isArray(header) ? header.join(", ") : header;
    if (!isValidIdempotencyKey(key)) throw new BadRequestError(INVALID_KEY_MESSAGE);

    const scope = req.authUser ? `user:${req.authUser.user.id}` : `ip:${req.ip}`;
    const keyHash = sha256(key);
    const multipart = req.isMultipart();
    const fingerprint = multipart ? null : sha256(`${req.method} ${req.url}\n${stableJson(req.body)}`);
    const where = and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.keyHash, keyHash));

    for (let attempt = 0; attempt < 5; attempt += 1) {
      const now = clock.now();
      const inserted = await db
        .insert(idempotencyKeys)
        .values({
          scope,
          keyHash,
          fingerprint,
          lockedUntil: new Date(now.getTime() + LEASE_MS),
          createdAt: now,
          expiresAt: new Date(now.getTime() + KEY_TTL_MS),
        })
        .onConflictDoNothing()
        .returning({ scope: idempotencyKeys.scope });
      if (inserted.length > 0)
        return reserve(req, { scope, keyHash, key, fingerprint, multipart: multipart ? new MultipartHasher(req) : null, settled: false });

      const [row] = await db.select().from(idempotencyKeys).where(where);
      if (!row) continue; // deleted in between (expired, or released): try again
      if (row.expiresAt <= now) {
        await db.delete(idempotencyKeys).where(and(where, lte(idempotencyKeys.expiresAt, now)));
        continue;
      }
      if (row.responseStatus === null || row.responseSealed === null) {
        if (row.changeCommitted) {
          if (fingerprint !== null && row.fingerprint !== null && fingerprint !== row.fingerprint)
            throw new UnprocessableError(KEY_REUSED_MESSAGE);
          if (row.lockedUntil && row.lockedUntil > now)
            return reply.code(409).header("retry-after", "1").send({ detail: IN_FLIGHT_MESSAGE });
          return reply.code(409).send({ detail: ANSWER_LOST_MESSAGE });
        }
        if (row.lockedUntil && row.lockedUntil > now) {
          return reply.code(409).header("retry-after", "1").send({ detail: IN_FLIGHT_MESSAGE });
        }
        // Abandoned by an instance that stopped mid-request: take it over, if nobody else did.
        const taken = await db
          .update(idempotencyKeys)
          .set({
            fingerprint,
            lockedUntil: new Date(now.getTime() + LEASE_MS),
            createdAt: now,
            expiresAt: new Date(now.getTime() + KEY_TTL_MS),
          })
          .where(
            and(
              where,
              isNull(idempotencyKeys.responseStatus),
              eq(idempotencyKeys.changeCommitted, false),
              row.lockedUntil ? eq(idempotencyKeys.lockedUntil, row.lockedUntil) : isNull(idempotencyKeys.lockedUntil),
            ),
          )
          .returning({ scope: idempotencyKeys.scope });
        if (taken.length > 0) {
          return reserve(req, { scope, keyHash, key, fingerprint, multipart: multipart ? new MultipartHasher(req) : null, settled: false });
        }
        continue;
      }
      // Answered before: the same request gets the same answer, another one is refused.
      const presented = fingerprint ?? (await MultipartHasher.digestWhole(req));
      if (presented !== row.fingerprint) throw new UnprocessableError(KEY_REUSED_MESSAGE);
      const stored = unseal(row.responseSealed, key, scope, presented);
      reply.code(row.responseStatus).header(REPLAYED_HEADER, "true");
      for (const [name, value] of Object.entries(stored.headers)) reply.header(name, value);
      return reply.send(stored.body === null ? undefined : Buffer.from(stored.body, "base64"));
    }
    // Only a key deleted and re-taken over and over gets here.
    return reply.code(409).header("retry-after", "1").send({ detail: IN_FLIGHT_MESSAGE });
  });

  function reserve(req: FastifyRequest, reservation: Reservation): void {
    reservations.set(req, reservation);
  }

  /**
   * Drops a reservation without an answer, so that a retry runs again; one whose change was
   * committed stays (without its lease), so that a retry is told instead.
   */
  async function release(reservation: Reservation): Promise<void> {
    const unanswered = and(
      eq(idempotencyKeys.scope, reservation.scope),
      eq(idempotencyKeys.keyHash, reservation.keyHash),
      isNull(idempotencyKeys.responseStatus),
    );
    const dropped = await db
      .delete(idempotencyKeys)
      .where(and(unanswered, eq(idempotencyKeys.changeCommitted, false)))
      .returning({ scope: idempotencyKeys.scope });
    if (dropped.length === 0) await db.update(idempotencyKeys).set({ lockedUntil: null }).where(unanswered);
  }

  app.addHook("onSend", async (req, reply, payload) => {
    const reservation = reservations.get(req);
    if (!reservation || reservation.settled) return payload;
    reservation.settled = true;
    const fingerprint = reservation.fingerprint ?? reservation.multipart?.digest() ?? null;
    const storable = payload === null || payload === undefined || typeof payload === "string" || Buffer.isBuffer(payload);
    let settle: () => Promise<void>;
    if (reply.statusCode >= 500 || fingerprint === null || !storable) {
      settle = () => release(reservation);
    } else {
      const headers: Record<string, string> = {};
      for (const name of ["content-type", "location"]) {
        const value = reply.getHeader(name);
        if (typeof value === "string") headers[name] = value;
      }
      const body = payload === null || payload === undefined ? null : Buffer.from(payload).toString("base64");
      const sealed = seal({ headers, body }, reservation.key, reservation.scope, fingerprint);
      const status = reply.statusCode;
      settle = async () => {
        await db
          .update(idempotencyKeys)
          .set({ fingerprint, responseStatus: status, responseSealed: sealed, lockedUntil: null })
          .where(and(eq(idempotencyKeys.scope, reservation.scope), eq(idempotencyKeys.keyHash, reservation.keyHash)));
      };
    }
    try {
      await settle();
    } catch (err) {
      // The answer still goes out; the reservation is settled once the database answers again.
      req.log.error({ err }, "could not keep the answer of an idempotent request");
      settleLater(settle, req.log);
    }
    return payload;
  });

  // A request that ended without sending (the client went away before an answer was made).
  app.addHook("onResponse", async (req) => {
    const reservation = reservations.get(req);
    if (!reservation || reservation.settled) return;
    reservation.settled = true;
    await release(reservation).catch((err: unknown) => {
      req.log.error({ err }, "could not release an idempotency key");
      settleLater(() => release(reservation), req.log);
    });
  });
}

/**
 * Every transaction opened while an idempotent request's handler runs also marks its key
 * `change_committed`, in the same transaction: the mark exists exactly when the change does.
 * Wraps `db.transaction` once (services all open theirs on this object); nested transactions
 * (savepoints, `tx.transaction`) are inside one that marks. A read-only transaction marks too (it
 * cannot be told apart): after a 5xx such a request is reported as carried out rather than run twice.
 */
function markCommittedChanges(db: Db): void {
  const marked = db as Db & { [TRANSACTIONS_MARKED]?: true };
  if (marked[TRANSACTIONS_MARKED]) return;
  marked[TRANSACTIONS_MARKED] = true;
  const original = db.transaction.bind(db);
  db.transaction = (work, config) => {
    const reservation = running.getStore();
    if (!reservation || reservation.settled) return original(work, config);
    return original(async (tx) => {
      const result = await work(tx);
      await tx
        .update(idempotencyKeys)
        .set({ changeCommitted: true })
        .where(and(eq(idempotencyKeys.scope, reservation.scope), eq(idempotencyKeys.keyHash, reservation.keyHash)));
      return result;
    }, config);
  };
}

/**
 * The fingerprint of a multipart body: method, path and its bytes with the boundary replaced by a
 * constant. Listens to the raw request beside the multipart reader (which pipes it, so nothing is
 * lost), or reads it whole when the request will not be carried out (a replay).
 */
class MultipartHasher {
  private readonly hash = crypto.createHash("sha256");
  private readonly boundary: Buffer;
  private carry = Buffer.alloc(0);
  private done = false;

  constructor(req: FastifyRequest, listen = true) {
    this.hash.update(`${req.method} ${req.url}\nmultipart\n`);
    const type = req.headers["content-type"] ?? "";
    const match = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(type);
    this.boundary = Buffer.from(match?.[1] ?? match?.[2] ?? "\u0000no-boundary\u0000");
    if (!listen) return;
    const raw = req.raw;
    raw.on("data", (chunk: Buffer) => this.update(chunk));
    // Listening must not start the flow: the route's reader resumes the stream when it pipes it.
    raw.pause();
    raw.once("end", () => {
      this.done = true;
    });
  }

  static async digestWhole(req: FastifyRequest): Promise<string> {
    const hasher = new MultipartHasher(req, false);
    let size = 0;
    for await (const chunk of req.raw) {
      size += (chunk as Buffer).length;
      // Beyond what any multipart route takes (10 files of 10 MB and the fields), it is not that request.
      if (size > MAX_MULTIPART_BYTES) throw new PayloadTooLargeError("Request body is too large.");
      hasher.update(chunk as Buffer);
    }
    hasher.done = true;
    return hasher.digest() ?? "";
  }

  private update(chunk: Buffer): void {
    const buf = this.carry.length > 0 ? Buffer.concat([this.carry, chunk]) : chunk;
    let pos = 0;
    for (let i = buf.indexOf(this.boundary, pos); i !== -1; i = buf.indexOf(this.boundary, pos)) {
      this.hash.update(buf.subarray(pos, i));
      this.hash.update("\u0000boundary\u0000");
      pos = i + this.boundary.length;
    }
    const keep = Math.max(pos, buf.length - (this.boundary.length - 1));
    this.hash.update(buf.subarray(pos, keep));
    this.carry = Buffer.from(buf.subarray(keep));
  }

  /** Null until the whole body has been read. */
  digest(): string | null {
    if (!this.done) return null;
    this.hash.update(this.carry);
    this.carry = Buffer.alloc(0);
    return this.hash.digest("hex");
  }
}

function sha256(text: string): string {
  return crypto.createHash("sha256").update(text).digest("hex");
}

/** JSON with object keys sorted, so that the same body in another key order is the same request. */
export function stableJson(value: unknown): string {
  if (value === undefined) return "";
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v) && !Buffer.isBuffer(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

interface StoredAnswer {
  headers: Record<string, string>;
  /** Base64 of the body; null for none. */
  body: string | null;
}

function sealingKey(key: string, scope: string, fingerprint: string): Buffer {
  return crypto.createHmac("sha256", key).update(`atelier idempotency v1\u0000${scope}\u0000${fingerprint}`).digest();
}

function seal(answer: StoredAnswer, key: string, scope: string, fingerprint: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", sealingKey(key, scope, fingerprint), iv);
  const data = Buffer.concat([cipher.update(JSON.stringify(answer), "utf8"), cipher.final()]);
  return JSON.stringify({ iv: iv.toString("base64"), tag: cipher.getAuthTag().toString("base64"), data: data.toString("base64") });
}

function unseal(sealed: string, key: string, scope: string, fingerprint: string): StoredAnswer {
  const { iv, tag, data } = JSON.parse(sealed) as { iv: string; tag: string; data: string };
  const decipher = crypto.createDecipheriv("aes-256-gcm", sealingKey(key, scope, fingerprint), Buffer.from(iv, "base64"));
  decipher.setAuthTag(Buffer.from(tag, "base64"));
  const text = Buffer.concat([decipher.update(Buffer.from(data, "base64")), decipher.final()]).toString("utf8");
  return JSON.parse(text) as StoredAnswer;
}

/** For the OpenAPI document: the header as a parameter of the routes that take it. */
export function idempotencyKeyDoc(method: string, url: string): Record<string, unknown> | null {
  if (!IDEMPOTENT_ROUTES.has(`${method.toUpperCase()} ${url}`)) return null;
  return {
    type: "string",
    minLength: 1,
    maxLength: 255,
    description:
      "Optional. A fresh unique value (a UUID) per submission, reused by its retries: a retry with the same key and body " +
      "gets the first answer again (header `Idempotent-Replayed: true`) and creates nothing twice. Same key, other body: 422; " +
      "the first still running: 409. Kept 24 hours, per user (or client address when signed out); 4xx answers are kept, 5xx are not.",
  };
}

/** Removes the keys past their day of life (the periodic job "prune:idempotency-keys"; an index on expires_at serves it). */
export async function pruneExpiredIdempotencyKeys(db: Db, now: Date): Promise<number> {
  const gone = await db.delete(idempotencyKeys).where(lte(idempotencyKeys.expiresAt, now)).returning({ scope: idempotencyKeys.scope });
  return gone.length;
}
