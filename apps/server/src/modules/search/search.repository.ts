import type { SearchKind } from "@atelier/contract";
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";

/** One row of any source; `info` holds what the kind needs for its subtitle and link. */
export interface SearchRow {
  kind: SearchKind;
  id: string;
  title: string;
  info: Record<string, string | null>;
}

/** Whose rows a search reads: one customer's, or (staff) everyone's plus the customers themselves. */
export type SearchScope = { kind: "customer"; userId: string } | { kind: "staff" };

/**
 * The sources of the search, each a SELECT of (kind, id, title, info, created_at) over a generated
 * `search` tsvector with its GIN index (migrations 0010 and 0011), newest first, at most `limit` rows.
 * A new source is one more entry here; the query is their UNION ALL.
 */
const SOURCES: Record<SearchKind, (scope: SearchScope, query: SQL, limit: number, from?: SQL) => SQL | null> = {
  order: (scope, query, limit, from = sql`orders`) => sql`(
    select 'order' as kind, o.id, o.order_number as title,
      jsonb_build_object('design_name', o.design_name, 'status', o.status) as info, o.created_at
    from ${from} o
    where o.search @@ ${query} ${scope.kind === "customer" ? sql`and o.user_id = ${scope.userId}` : sql``}
    order by o.created_at desc, o.id desc limit ${limit})`,
  design: (scope, query, limit, from = sql`designs`) => sql`(
    select 'design' as kind, d.id, d.name as title,
      jsonb_build_object('design_type', d.design_type, 'metal', coalesce(nullif(d.metal, ''), nullif(trim(d.purity || ' ' || d.metal_color || ' ' || d.metal_type), '')),
        'order_id', (select o.id::text from orders o where o.design_id = d.id), 'order_number', (select o.order_number from orders o where o.design_id = d.id)) as info,
      d.created_at
    from ${from} d
    where d.search @@ ${query} ${scope.kind === "customer" ? sql`and d.user_id = ${scope.userId}` : sql``}
    order by d.created_at desc, d.id desc limit ${limit})`,
  // A conversation is found by its ticket's subject or number, or by a word of any of its messages.
  conversation: (scope, query, limit) => sql`(
    select 'conversation' as kind, c.id,
      case when c.kind = 'ticket' then c.subject else coalesce(o.design_name, o.order_number, '') end as title,
      jsonb_build_object('conversation_kind', c.kind, 'ticket_number', c.ticket_number, 'order_number', o.order_number,
        'preview', c.last_message_preview) as info,
      coalesce(c.last_message_at, c.created_at) as created_at
    from conversations c left join orders o on o.id = c.order_id
    where (c.search @@ ${query} or c.id in (select m.conversation_id from order_comments m where m.search @@ ${query}))
      ${scope.kind === "customer" ? sql`and c.user_id = ${scope.userId}` : sql``}
    order by coalesce(c.last_message_at, c.created_at) desc, c.id desc limit ${limit})`,
  customer: (scope, query, limit) =>
    scope.kind === "staff"
      ? sql`(
    select 'customer' as kind, u.id, trim(u.first_name || ' ' || u.last_name) as title,
      jsonb_build_object('email', u.email, 'username', u.username) as info, u.date_joined as created_at
    from users u
    where u.search @@ ${query} and u.role = 'customer'
    order by u.date_joined desc, u.id desc limit ${limit})`
      : null,
};

/**
 * An order number typed whole or in part ("JW-2026-000123", "jw 2026 0001"): only orders, by the
 * number itself (the unique index; a prefix otherwise), which is far cheaper than intersecting
 * the full-text postings of "jw" and "2026" that every order has.
 */
export async function searchOrderNumber(
  db: Db,
  scope: SearchScope,
  number: string,
  complete: boolean,
  limit: number,
): Promise<SearchRow[]> {
  const pattern = `${number}%`;
  const result: unknown = await db.execute(sql`
    select 'order' as kind, o.id, o.order_number as title, jsonb_build_object('design_name', o.design_name, 'status', o.status) as info
    from orders o
    where ${complete ? sql`o.order_number = ${number}` : sql`o.order_number like ${pattern}`}
      ${scope.kind === "customer" ? sql`and o.user_id = ${scope.userId}` : sql``}
    order by o.order_number desc limit ${limit}`);
  return (result as { rows: SearchRow[] }).rows;
}

/**
 * Staff search the whole tables first in a window of their newest rows, read in index order
 * (`designs_created_idx`, `orders_created_idx`; "nulls last" to match them, the columns are never
 * null). A window that holds `limit` matches holds the newest `limit` of the table; only a group
 * it left short is searched in full (GIN bitmap, then sort), which is quick exactly because that
 * word is rare. A common word ("ro", 20 % of designs) then costs a few hundred rows, not 20 000.
 */
const STAFF_WINDOW = 2000;
const WINDOWS: Partial<Record<SearchKind, SQL>> = {
  order: sql`(select * from orders order by created_at desc nulls last, id desc nulls last limit ${STAFF_WINDOW})`,
  design: sql`(select * from designs order by created_at desc nulls last, id desc nulls last limit ${STAFF_WINDOW})`,
};

async function run(db: Db, branches: SQL[]): Promise<SearchRow[]> {
  if (branches.length === 0) return [];
  // Both drivers (PGlite, node-postgres) answer a raw query with `rows`.
  const result: unknown = await db.execute(sql.join(branches, sql` union all `));
  return (result as { rows: SearchRow[] }).rows;
}

/** `terms` are letters and digits only (see `searchTerms`); they become `a:* & b:*` for to_tsquery. */
export async function search(db: Db, scope: SearchScope, terms: string[], limit: number): Promise<SearchRow[]> {
  if (terms.length === 0) return [];
  const query = sql`to_tsquery('simple', ${terms.map((t) => `${t}:*`).join(" & ")})`;
  const kinds = Object.keys(SOURCES) as SearchKind[];
  const branch = (kind: SearchKind, from?: SQL) => SOURCES[kind](scope, query, limit, from);
  if (scope.kind === "customer") return run(db, kinds.flatMap((k) => branch(k) ?? []));

  const windowed = kinds.filter((k) => WINDOWS[k]);
  const first = await run(db, kinds.flatMap((k) => branch(k, WINDOWS[k]) ?? []));
  const short = windowed.filter((k) => first.filter((r) => r.kind === k).length < limit);
  const rest = await run(db, short.flatMap((k) => branch(k) ?? []));
  return [...first.filter((r) => !short.includes(r.kind)), ...rest];
}
