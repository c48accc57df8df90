/** PostgreSQL's SQLSTATE for a unique constraint refusing a row. */
const UNIQUE_VIOLATION = "23505";

/**
 * Whether the database refused a write for a duplicate key. node-postgres and PGlite raise the
 * database error itself; drizzle wraps it (its `cause`), so both are looked at.
 */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null | undefined;
  return e?.code === UNIQUE_VIOLATION || e?.cause?.code === UNIQUE_VIOLATION;
}

/**
 * SQLSTATEs of a database that is going away or not there yet: admin/crash shutdown, cannot
 * connect now (starting up), the connection classes (08xxx), too many connections.
 */
const UNAVAILABLE_SQLSTATES = new Set(["57P01", "57P02", "57P03", "08000", "08001", "08003", "08004", "08006", "53300"]);
const UNAVAILABLE_NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "EPIPE", "ENOTFOUND", "EAI_AGAIN"]);
/** node-postgres reports a lost or refused connection with these messages and no code. */
const UNAVAILABLE_MESSAGES = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Client has encountered a connection error and is not queryable",
  "Cannot use a pool after calling end on the pool",
  // PostgreSQL while a database is closed to connections (ALTER DATABASE ... ALLOW_CONNECTIONS false).
  "is not currently accepting connections",
];

/**
 * Whether a query failed because the database could not be reached (restarting, down, out of
 * connections) rather than because of the query: the request may be tried again shortly.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err as { code?: unknown; message?: unknown; cause?: unknown } | null | undefined, depth = 0; e && depth < 5; depth += 1) {
    if (typeof e.code === "string" && (UNAVAILABLE_SQLSTATES.has(e.code) || UNAVAILABLE_NETWORK_CODES.has(e.code))) return true;
    const message = typeof e.message === "string" ? e.message : "";
    if (UNAVAILABLE_MESSAGES.some((m) => message.includes(m))) return true;
    // A host name with several addresses fails with an AggregateError of each attempt's error.
    const first: unknown = (e as { errors?: unknown[] }).errors?.[0];
    e = (e.cause ?? first) as typeof e;
  }
  return false;
}
