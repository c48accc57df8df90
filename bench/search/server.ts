/**
 * The real server in its own process for the search bench (see ../orders/server.ts for the
 * pattern): PGlite in a temporary DATA_DIR, or PostgreSQL with BENCH_DATABASE_URL. Over IPC it
 * seeds filler designs and orders with INSERT … SELECT generate_series (each order with the estimate
 * of one of the measured customer's, so the staff lists can show it), makes an account staff,
 * and explains the search query.
 */
import { sql } from "drizzle-orm";
import { searchTerms } from "@atelier/contract";
import { openBenchServer, serveBenchCommands } from "../lib/bench-server.ts";

export type Command =
  | { cmd: "seed"; designs: number; perUser: number }
  | { cmd: "promote"; email: string; role?: "staff" | "admin" }
  | { cmd: "explain"; userId: string | null; q: string }
  | { cmd: "stop" };

export interface Seeded {
  users: number;
  designs: number;
  orders: number;
  seconds: number;
}

const server = await openBenchServer({ dbPrefix: "bench_search", env: { RATE_LIMIT_SCALE: "10000" } });
const { db } = server;

type Rows = { rows: Record<string, unknown>[] };
const count = async (table: string) => {
  const result: unknown = await db.execute(sql.raw(`select count(*)::int as n from ${table}`));
  return Number((result as Rows).rows[0]?.n ?? 0);
};

const BATCH = 20_000;
// Words of the seeded descriptions: each list's length is prime, so their combinations spread.
const ADJECTIVES = [
  "classic",
  "vintage",
  "modern",
  "delicate",
  "bold",
  "minimal",
  "ornate",
  "twisted",
  "hammered",
  "brushed",
  "polished",
  "milgrain",
  "sculpted",
];
const GEMS = [
  "sapphire",
  "ruby",
  "emerald",
  "diamond",
  "pearl",
  "opal",
  "topaz",
  "garnet",
  "amethyst",
  "aquamarine",
  "tanzanite",
  "morganite",
  "peridot",
  "citrine",
  "spinel",
  "tourmaline",
  "onyx",
];
const METALS = ["platinum", "yellow gold", "rose gold", "white gold", "silver"];
const MOTIFS = [
  "halo",
  "solitaire",
  "eternity",
  "cluster",
  "bezel",
  "pave",
  "cathedral",
  "trilogy",
  "marquise",
  "floral",
  "leaf",
  "vine",
  "knot",
  "crown",
  "star",
  "moon",
  "wave",
  "heart",
  "infinity",
  "lotus",
  "feather",
  "serpent",
  "bee",
  "shell",
  "cascade",
  "art-deco",
  "geometric",
  "tennis",
  "signet",
];
const arr = (words: string[]) => sql.raw(`array[${words.map((w) => `'${w}'`).join(",")}]`);

/** Other customers (perUser designs each), each design with its order; numbered after those already made. */
async function seed(c: Extract<Command, { cmd: "seed" }>): Promise<Seeded> {
  const started = performance.now();
  const users = Math.ceil(c.designs / c.perUser);
  await db.execute(sql`
    insert into users (id, email, username, password_hash, first_name, last_name)
    select md5('bench-u-' || k)::uuid, 'bench-' || k || '@example.com', 'bench-' || k, 'x', 'Bench', 'Customer ' || k
    from generate_series(1, ${users}::int) k`);
  for (let from = 1; from <= c.designs; from += BATCH) {
    const to = Math.min(c.designs, from + BATCH - 1);
    await db.transaction(async (tx) => {
      // Foreign keys are right by construction: skip their per-row triggers, as pg_restore does.
      await tx.execute(sql`set local session_replication_role = replica`);
      const filler = sql`
        select i, md5('bench-u-' || (i % ${users} + 1))::uuid as user_id, md5('bench-d-' || i)::uuid as design_id, md5('bench-o-' || i)::uuid as order_id,
          initcap((${arr(MOTIFS)})[1 + (i * 3) % ${MOTIFS.length}]) || ' ' || (array['ring','necklace','earrings','bracelet','pendant'])[1 + i % 5] || ' ' || i as name,
          (array['ring','necklace','earrings','bracelet','nose_pin','pendant','other'])[1 + i % 7] as design_type,
          (${arr(ADJECTIVES)})[1 + i % ${ADJECTIVES.length}] || ' ' || (${arr(GEMS)})[1 + (i * 7) % ${GEMS.length}] || ' set in ' ||
            (${arr(METALS)})[1 + (i * 11) % ${METALS.length}] || ', a ' || (${arr(MOTIFS)})[1 + (i * 13) % ${MOTIFS.length}] || ' motif' as description,
          (${arr(METALS)})[1 + (i * 11) % ${METALS.length}] as metal,
          now() - interval '2 days' - ((i::bigint * 7919) % 31536000) * interval '1 second' as created_at
        from generate_series(${from}::int, ${to}::int) i`;
      await tx.execute(sql`
        insert into designs (id, user_id, name, design_type, description, metal, created_at, updated_at)
        select design_id, user_id, name, design_type, description, metal, created_at, created_at from (${filler}) f`);
      await tx.execute(sql`
        insert into orders (id, order_number, user_id, design_id, design_name, design_type, status, currency, estimate, created_at, updated_at)
        select order_id, 'JW-2025-' || lpad(i::text, 6, '0'), user_id, design_id, name, design_type,
          (array['initiated','quoted','approved','cad_design','manufacturing','shipped','delivered','completed','cancelled'])[1 + (i / 7) % 9],
          'INR', (select estimate from orders where order_number not like 'JW-2025-%' limit 1), created_at, created_at
        from (${filler}) f`);
    });
    process.stderr.write(`  seeded ${to} of ${c.designs} designs and orders\n`);
  }
  for (const table of ["users", "designs", "orders"]) await db.execute(sql.raw(`analyze ${table}`));
  return {
    users: await count("users"),
    designs: await count("designs"),
    orders: await count("orders"),
    seconds: (performance.now() - started) / 1000,
  };
}

/** The plan of the designs branch of a search (the biggest table), as the repository writes it. */
async function explain(userId: string | null, q: string): Promise<string[]> {
  const query = sql`to_tsquery('simple', ${searchTerms(q)
    .map((t) => `${t}:*`)
    .join(" & ")})`;
  const result: unknown = await db.execute(sql`explain analyze
    select d.id from designs d where d.search @@ ${query} ${userId ? sql`and d.user_id = ${userId}` : sql``}
    order by d.created_at desc, d.id desc limit 5`);
  return (result as Rows).rows.map((r) => String(Object.values(r)[0]));
}

serveBenchCommands<Command>(server, {
  seed: (message) => seed(message),
  promote: async (message) => {
    await db.execute(sql`update users set role = ${message.role ?? "staff"} where email = ${message.email}`);
    return { ok: true };
  },
  explain: (message) => explain(message.userId, message.q),
});
