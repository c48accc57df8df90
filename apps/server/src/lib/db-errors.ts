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
