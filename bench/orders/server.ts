/**
 * The real server in its own process for the orders bench: buildApp + listen on an ephemeral
 * port, PGlite on disk in a temporary DATA_DIR (or PostgreSQL: BENCH_DATABASE_URL gets a fresh
 * database, dropped at the end). The parent talks to it over HTTP and sends it a few commands over
 * IPC: seed filler rows through the server's own connection (PGlite allows one process per
 * folder), explain the queries behind the three measured endpoints, stop.
 */
import { openBenchServer, serveBenchCommands } from "../lib/bench-server.ts";
import { sql, type SQLWrapper } from "drizzle-orm";
import * as notifications from "../../apps/server/src/modules/notifications/notifications.repository.ts";
import * as orders from "../../apps/server/src/modules/orders/orders.repository.ts";

export type Command =
  | { cmd: "seed"; totalOrders: number; ordersPerUser: number; eventsPerOrder: number; measuredUserId: string }
  | { cmd: "explain"; userId: string; orderId: string }
  | { cmd: "stop" };

export interface Seeded {
  orders: number;
  events: number;
  users: number;
  designs: number;
  notifications: number;
  quotes: number;
  seconds: number;
}

export interface Plan {
  label: string;
  lines: string[];
}

// One customer sends a few hundred requests a minute: the throttles must not answer them.
const server = await openBenchServer({ dbPrefix: "bench_orders", env: { RATE_LIMIT_SCALE: "10000" } });
const db = server.db;

type Rows = { rows: Record<string, unknown>[] };
const count = async (table: string) => {
  const result: unknown = await db.execute(sql.raw(`select count(*)::int as n from ${table}`));
  return Number((result as Rows).rows[0]?.n ?? 0);
};

// Filler rows are numbered 1, 2, 3 … across calls; their ids are derived from the number
// (md5 → uuid), so orders, events and designs of one filler order find each other without joins.
let fillerOrders = 0;
let fillerUsers = 0;
const BATCH_ORDERS = 20_000;

/**
 * Other customers' users, designs, orders (~ordersPerUser each, statuses across the whole
 * lifecycle, the estimate copied from one of the measured customer's real orders), eventsPerOrder
 * events per order, one notification per order, and a pending quote for each quoted order; in a
 * few INSERT … SELECT over generate_series per batch. Then ANALYZE, as autovacuum would.
 */
async function seed(c: Extract<Command, { cmd: "seed" }>): Promise<Seeded> {
  const started = performance.now();
  const measured = await count(`orders where user_id = '${c.measuredUserId}'`);
  const target = Math.max(0, c.totalOrders - measured);
  const users = Math.max(1, Math.round(target / c.ordersPerUser));
  const uid = (k: string) => `md5('bench-u-' || (${k})::text)::uuid`;

  if (users > fillerUsers) {
    await db.execute(sql`
      insert into users (id, email, username, password_hash, first_name, last_name)
      select ${sql.raw(uid("k"))}, 'bench-' || k || '@example.com', 'bench-' || k, 'x', 'Bench', 'Customer ' || k
      from generate_series(${fillerUsers + 1}::int, ${users}::int) k`);
    fillerUsers = users;
  }

  const estimateOf = sql`(select estimate from orders where user_id = ${c.measuredUserId} order by created_at limit 1)`;
  for (let from = fillerOrders + 1; from <= target; from += BATCH_ORDERS) {
    const to = Math.min(target, from + BATCH_ORDERS - 1);
    const batchStarted = performance.now();
    // One transaction per batch; its foreign keys are right by construction, so their per-row
    // triggers are skipped (session_replication_role, as pg_restore does): PGlite inserts 1 000 000
    // events in minutes rather than tens of minutes.
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      // Order i: its customer, its age (up to a year, spread by a multiplicative hash), its status.
      const filler = sql`
      select i,
        ${sql.raw(uid(`i % ${users} + 1`))} as user_id,
        md5('bench-d-' || i::text)::uuid as design_id,
        md5('bench-o-' || i::text)::uuid as order_id,
        'Design ' || i as name,
        (array['ring','necklace','earrings','bracelet','nose_pin','pendant','other'])[1 + i % 7] as design_type,
        (array['initiated','quoted','approved','cad_design','cad_approved','manufacturing','quality_check','ready_to_ship','shipped','delivered','completed','cancelled'])[1 + (i / 7) % 12] as status,
        now() - interval '2 days' - ((i::bigint * 7919) % 31536000) * interval '1 second' as created_at
      from generate_series(${from}::int, ${to}::int) i`;
      await tx.execute(sql`
      insert into designs (id, user_id, name, design_type, description, status, created_at, updated_at)
      select design_id, user_id, name, design_type, 'A seeded design for the benchmark.',
        case when status in ('initiated', 'quoted') then 'pending' when status in ('completed', 'delivered') then 'completed' when status = 'cancelled' then 'failed' else 'processing' end,
        created_at, created_at
      from (${filler}) f`);
      await tx.execute(sql`
      with e as (${estimateOf})
      insert into orders (id, order_number, user_id, design_id, design_name, design_type, status, currency, estimate, quoted_price, status_changed_at, delivered_at, created_at, updated_at)
      select order_id, 'JW-2026-9' || lpad(i::text, 6, '0'), user_id, design_id, name, design_type, status,
        e.estimate->>'currency', e.estimate,
        case when status in ('initiated', 'cancelled') then null else (e.estimate->>'point')::numeric end,
        created_at + interval '1 day',
        -- delivered recently: older deliveries would have been completed by the sweep
        case when status = 'delivered' then now() - interval '1 day' end,
        created_at, created_at + interval '1 day'
      from (${filler}) f, e`);
      await tx.execute(sql`
      insert into order_events (order_id, user_id, type, from_status, to_status, note, actor_id, created_at)
      select order_id, user_id,
        case when j = 1 then 'created' when j % 3 = 0 then 'comment' else 'status_change' end,
        case when j > 1 and j % 3 <> 0 then 'initiated' end,
        case when j = 1 then 'initiated' when j % 3 <> 0 then status end,
        case when j = 1 then 'Order placed with an instant estimate.' when j % 3 = 0 then 'A seeded comment for the benchmark.' else '' end,
        case when j = 1 or j % 3 = 0 then user_id end,
        created_at + j * interval '1 minute'
      from (${filler}) f, generate_series(1, ${c.eventsPerOrder}::int) j`);
      await tx.execute(sql`
      insert into notifications (user_id, order_id, type, title, message, link, is_read, created_at)
      select user_id, order_id, 'status_change', 'Order JW-2026-9' || lpad(i::text, 6, '0') || ': ' || status, 'A seeded notification.',
        '/dashboard/orders/' || order_id, i % 3 <> 0, created_at + interval '1 day'
      from (${filler}) f`);
      await tx.execute(sql`
      with e as (${estimateOf})
      insert into quotes (order_id, user_id, amount, currency, line_items, advance_percent, valid_until, status, pricing_version, estimate, created_at)
      select order_id, user_id, (e.estimate->>'point')::numeric, e.estimate->>'currency', e.estimate->'lines', 50,
        now() + interval '14 days', 'pending', (e.estimate->>'pricing_version')::int, e.estimate, created_at + interval '1 day'
      from (${filler}) f, e
      where status = 'quoted'`);
    });
    fillerOrders = to;
    process.stderr.write(
      `  seeded filler orders ${from}–${to} of ${target} in ${((performance.now() - batchStarted) / 1000).toFixed(1)} s\n`,
    );
  }
  for (const table of ["users", "designs", "orders", "order_events", "notifications", "quotes"])
    await db.execute(sql.raw(`analyze ${table}`));
  return {
    orders: await count("orders"),
    events: await count("order_events"),
    users: await count("users"),
    designs: await count("designs"),
    notifications: await count("notifications"),
    quotes: await count("quotes"),
    seconds: (performance.now() - started) / 1000,
  };
}

/**
 * The plans of the queries behind the three endpoints: the repositories' own query builders
 * (drizzle renders them with their parameters), so the plans follow the code as it is.
 */
async function explain(userId: string, orderId: string): Promise<Plan[]> {
  const builder = (q: unknown) => q as SQLWrapper;
  const queries: [string, SQLWrapper][] = [
    ["GET /orders/: the page (listOrders)", builder(orders.listOrders(db, { userId }, 10, 0))],
    ["GET /orders/: the count (countOrders)", sql`select count(*) from orders where user_id = ${userId}`],
    ["GET /orders/{id}/: the history (listEvents)", builder(orders.listEvents(db, orderId))],
    ["GET /orders/{id}/: the comments (listComments)", builder(orders.listComments(db, orderId))],
    [
      "GET /dashboard-data/: the activity's events (latestActivityEvents; their orders are then read by key)",
      builder(orders.latestActivityEvents(db, userId, 10)),
    ],
    [
      "GET /dashboard-data/: status counts (orderStatusCounts)",
      sql`select status, count(*) from orders where user_id = ${userId} group by status`,
    ],
    ["GET /dashboard-data/: notifications (listNotifications)", builder(notifications.listNotifications(db, userId, 5, 0))],
    ["every customer read: the sweep's lapsed quotes (listLapsedQuotes)", builder(orders.listLapsedQuotes(db, new Date(), userId))],
    [
      "every customer read: the sweep's old deliveries (listDeliveredBefore)",
      builder(orders.listDeliveredBefore(db, new Date(Date.now() - 7 * 24 * 3600 * 1000), userId)),
    ],
  ];
  const plans: Plan[] = [];
  for (const [label, query] of queries) {
    // EXPLAIN takes a parenthesised select as well, which is how drizzle embeds a builder.
    const result: unknown = await db.execute(sql`explain analyze ${query}`);
    plans.push({
      label,
      lines: (result as Rows).rows.map((r) => {
        const line = Object.values(r)[0];
        return typeof line === "string" ? line : JSON.stringify(line);
      }),
    });
  }
  return plans;
}

serveBenchCommands<Command>(server, {
  seed: (message) => seed(message),
  explain: (message) => explain(message.userId, message.orderId),
});
