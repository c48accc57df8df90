/**
 * `npm run bench` runs every part; `npm run bench -- designs` runs the named parts only.
 * A part is a module exporting `run(): Promise<void>` that prints its own table.
 */
interface BenchPart {
  describe: string;
  load: () => Promise<{ run: () => Promise<void> }>;
}

const PARTS: Record<string, BenchPart> = {
  api: {
    describe:
      "requests/s of the designs list, one design, the signed-in user and health against a bare Fastify route with the same JSON (autocannon), and the server's memory",
    load: () => import("./api/run.ts"),
  },
  designs: {
    describe: "create a design with 5 × 5 MB images (time, server peak RSS); list latency at 1 000 and 100 000 designs",
    load: () => import("./designs/run.ts"),
  },
  events: {
    describe:
      "1 000 server-sent event streams on one instance: p50/p95 from a posted comment to the last stream receiving it, and the server's memory",
    load: () => import("./events/run.ts"),
  },
  load: {
    describe:
      "BENCH_LOAD_CLIENTS (200) concurrent clients × BENCH_LOAD_SECONDS (60) of a mixed customer and staff workload (~5 % writes) on PostgreSQL, one instance and two behind a round-robin proxy: requests/s, p50/p95/p99, errors, peak RSS per instance",
    load: () => import("./load/run.ts"),
  },
  money: {
    describe:
      "gapless invoice numbers under concurrency (PGlite; PostgreSQL with BENCH_DATABASE_URL): numbers/s, p50/p95, gapless; a tax invoice PDF's render time and size",
    load: () => import("./money/run.ts"),
  },
  orders: {
    describe:
      "p50/p95 of the orders list, one order and the dashboard for a customer with 20 orders, at 1 000 and 100 000 orders (1 000 000 events)",
    load: () => import("./orders/run.ts"),
  },
  search: {
    describe: "p50/p95 of the top-bar search (GET /api/search/) for a customer and for staff at 100 000 designs and 100 000 orders",
    load: () => import("./search/run.ts"),
  },
  startup: {
    describe: "server start to healthy and memory: tsx (TypeScript loader) against the esbuild bundle (node dist/main.js)",
    load: () => import("./startup/run.ts"),
  },
};

const requested = process.argv.slice(2).filter((a) => !a.startsWith("-"));
const unknown = requested.filter((name) => !(name in PARTS));
if (unknown.length > 0) {
  console.error(`Unknown bench part(s): ${unknown.join(", ")}. Available: ${Object.keys(PARTS).join(", ")}.`);
  process.exit(2);
}

const names = requested.length > 0 ? requested : Object.keys(PARTS);
for (const name of names) {
  const part = PARTS[name]!;
  console.log(`\n=== bench: ${name} — ${part.describe}\n`);
  const started = performance.now();
  await (await part.load()).run();
  console.log(`\n(${name} took ${((performance.now() - started) / 1000).toFixed(1)} s)`);
}

export {};
