import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Db } from "./client.ts";

/**
 * Descending with NULLS LAST, as the indexes are built (drizzle's `.desc()` on an index column).
 * A plain `order by x desc` means NULLS FIRST, which no such index can serve: PostgreSQL would
 * read every matching row and sort them instead of walking the index and stopping at the limit.
 */
export const newestFirst = (column: AnyColumn): SQL => sql`${column} desc nulls last`;

/** A substring pattern for ILIKE in which `%`, `_` and `\` are literal, not wildcards. */
export const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A prepared statement made once per database handle (the app's database, or a transaction): its
 * SQL is built once, and on PostgreSQL it is a named statement, planned once per connection. Give
 * each statement a name of its own.
 */
export function preparedPerDb<T>(build: (db: Db) => T): (db: Db) => T {
  const statements = new WeakMap<Db, T>();
  return (db) => {
    let statement = statements.get(db);
    if (statement === undefined) statements.set(db, (statement = build(db)));
    return statement;
  };
}

/** `column = any($ids)`: one statement whatever the number of ids (a placeholder holding an array). */
export const isAnyOf = (column: AnyColumn, placeholder: string): SQL => sql`${column} = any(${sql.placeholder(placeholder)})`;
