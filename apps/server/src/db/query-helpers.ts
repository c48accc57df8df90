import { sql, type AnyColumn, type SQL } from "drizzle-orm";

/**
 * Descending with NULLS LAST, as the indexes are built (drizzle's `.desc()` on an index column).
 * A plain `order by x desc` means NULLS FIRST, which no such index can serve: PostgreSQL would
 * read every matching row and sort them instead of walking the index and stopping at the limit.
 */
export const newestFirst = (column: AnyColumn): SQL => sql`${column} desc nulls last`;

/** A substring pattern for ILIKE in which `%`, `_` and `\` are literal, not wildcards. */
export const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
