import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Creating requests sent with an `Idempotency-Key` (lib/idempotency.ts): one row per key and
 * caller. Shared by every instance, so a retry that lands on another server is recognised too.
 * The key itself is not kept (only its SHA-256), and the answer is encrypted with a key derived
 * from the Idempotency-Key and the request, so a copy of this table replays nothing by itself
 * (a sign-up's answer carries a session token).
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    /** `user:<id>` for a signed-in caller, `ip:<address>` for an anonymous one. */
    scope: text().notNull(),
    /** SHA-256 (hex) of the Idempotency-Key. */
    keyHash: text("key_hash").notNull(),
    /** SHA-256 (hex) of method, path and body; null while a multipart body is still being read. */
    fingerprint: text(),
    /** Until the answer is stored: the time after which the reservation is considered abandoned (a crashed instance). */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    /**
     * Set inside the transaction of the change the request made (its commit sets it): a request that
     * then failed with a 5xx was carried out all the same, and is not run again.
     */
    changeCommitted: boolean("change_committed").notNull().default(false),
    /** The stored answer, null while the first request is in flight. */
    responseStatus: integer("response_status"),
    /** JSON `{iv, tag, data}`: AES-256-GCM of `{headers, body}`. */
    responseSealed: text("response_sealed"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.keyHash] }), index("idempotency_keys_expires_idx").on(t.expiresAt)],
);
