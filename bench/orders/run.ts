/**
 * Orders bench: p50/p95 of GET /api/orders/?page=1, GET /api/orders/{id}/ and
 * GET /api/dashboard-data/ for one customer with 20 orders (made through the API: each a saved
 * design, with 9 comments, so 10 events), while the database holds 1 000 and then 100 000 orders
 * of many customers with ~10 events each (1 000 000 events). The figures must not grow with the
 * table: each query is one index range of the customer's or the order's rows.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { json, percentile, startBenchServer, table } from "../lib/harness.ts";
import type { Command, Plan, Seeded } from "./server.ts";

const SIZES = [1_000, 100_000];
const MEASURED_ORDERS = 20;
const COMMENTS_PER_ORDER = 9;
const ORDERS_PER_USER = 20;
const EVENTS_PER_ORDER = 10;
const WARMUP = 30;
const SAMPLES = 200;

const n = (v: number) => v.toLocaleString("en-US");
const ms = (v: number) => `${v.toFixed(2)} ms`;

export async function run(): Promise<void> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "atelier-bench-orders-"));
  const server = await startBenchServer<Command>(path.join(import.meta.dirname, "server.ts"), dataDir);
  try {
    const auth = await json<{ token: string; user: { id: string } }>(
      await fetch(`${server.base}/api/auth/register/`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "bench@example.com", password: "Velvet-Garnet-42", confirm_password: "Velvet-Garnet-42" }),
      }),
    );
    const headers = { authorization: `Token ${auth.token}` };
    const post = async <T>(url: string, body: unknown) =>
      json<T>(
        await fetch(`${server.base}${url}`, {
          method: "POST",
          headers: { ...headers, "content-type": "application/json" },
          body: JSON.stringify(body),
        }),
      );

    // ---- the measured customer's orders, through the API: a saved design is an order
    const types = ["ring", "necklace", "earrings", "bracelet", "pendant"];
    const orderIds: string[] = [];
    for (let i = 0; i < MEASURED_ORDERS; i++) {
      const design = await post<{ order: { id: string } | null }>("/api/designs/", {
        name: `Bench ${types[i % types.length]} ${i + 1}`,
        description: "A design saved by the orders benchmark.",
        design_type: types[i % types.length],
      });
      if (!design.order) throw new Error("the saved design has no order");
      orderIds.push(design.order.id);
      for (let c = 0; c < COMMENTS_PER_ORDER; c++)
        await post(`/api/orders/${design.order.id}/comments/`, { text: `Question ${c + 1} about my order.` });
    }

    interface Endpoint {
      label: string;
      get: (i: number) => Promise<void>;
    }
    const getJson = async <T>(url: string) => json<T>(await fetch(`${server.base}${url}`, { headers }));
    const endpoints: Endpoint[] = [
      {
        label: "GET /api/orders/?page=1",
        get: async () => {
          const page = await getJson<{ count: number; results: unknown[] }>("/api/orders/?page=1");
          if (page.count !== MEASURED_ORDERS || page.results.length !== 10)
            throw new Error(`unexpected order page: ${page.count}, ${page.results.length}`);
        },
      },
      {
        label: "GET /api/orders/{id}/",
        get: async (i) => {
          const order = await getJson<{ events: unknown[]; comments: unknown[] }>(`/api/orders/${orderIds[i % orderIds.length]}/`);
          if (order.events.length !== 1 + COMMENTS_PER_ORDER || order.comments.length !== COMMENTS_PER_ORDER)
            throw new Error("unexpected order history");
        },
      },
      {
        label: "GET /api/dashboard-data/",
        get: async () => {
          const d = await getJson<{ total_orders: number; recent_orders: unknown[]; activity_items: unknown[] }>("/api/dashboard-data/");
          if (d.total_orders !== MEASURED_ORDERS || d.recent_orders.length !== 5 || d.activity_items.length !== 10)
            throw new Error("unexpected dashboard");
        },
      },
    ];

    // ---- each size: filler rows of other customers, then sequential requests per endpoint
    const figures = new Map<string, { p50: number; p95: number }[]>(endpoints.map((e) => [e.label, []]));
    const seededRows: Seeded[] = [];
    let plans: Plan[] = [];
    for (const total of SIZES) {
      process.stderr.write(`  seeding other customers' orders up to ${n(total)} in all…\n`);
      const seeded = await server.send<Seeded>({
        cmd: "seed",
        totalOrders: total,
        ordersPerUser: ORDERS_PER_USER,
        eventsPerOrder: EVENTS_PER_ORDER,
        measuredUserId: auth.user.id,
      });
      seededRows.push(seeded);
      process.stderr.write(`  ${n(seeded.orders)} orders, ${n(seeded.events)} events (${seeded.seconds.toFixed(1)} s); measuring…\n`);
      for (const endpoint of endpoints) {
        for (let i = 0; i < WARMUP; i++) await endpoint.get(i);
        const samples: number[] = [];
        for (let i = 0; i < SAMPLES; i++) {
          const started = performance.now();
          await endpoint.get(i);
          samples.push(performance.now() - started);
        }
        samples.sort((a, b) => a - b);
        figures.get(endpoint.label)!.push({ p50: percentile(samples, 50), p95: percentile(samples, 95) });
      }
      if (total === SIZES[SIZES.length - 1])
        plans = await server.send<Plan[]>({ cmd: "explain", userId: auth.user.id, orderId: orderIds[0]! });
    }

    const db = process.env.BENCH_DATABASE_URL ? "PostgreSQL" : "PGlite in process";
    console.log(`Database (${db}) after seeding:\n`);
    console.log(
      table(
        ["orders", "order events", "users", "designs", "notifications", "pending quotes", "seeding took"],
        seededRows.map((s) => [
          n(s.orders),
          n(s.events),
          n(s.users),
          n(s.designs),
          n(s.notifications),
          n(s.quotes),
          `${s.seconds.toFixed(1)} s`,
        ]),
      ),
    );
    const [small, large] = SIZES.map(n) as [string, string];
    console.log(
      `\nOne customer with ${MEASURED_ORDERS} orders (each with ${1 + COMMENTS_PER_ORDER} events and ${COMMENTS_PER_ORDER} comments), ${SAMPLES} sequential requests per endpoint after ${WARMUP} warm-up:\n`,
    );
    console.log(
      table(
        ["endpoint", `p50 @ ${small}`, `p95 @ ${small}`, `p50 @ ${large}`, `p95 @ ${large}`, "p50 ratio", "p95 ratio"],
        endpoints.map((e) => {
          const [a, b] = figures.get(e.label)! as [{ p50: number; p95: number }, { p50: number; p95: number }];
          return [
            e.label,
            ms(a.p50),
            ms(a.p95),
            ms(b.p50),
            ms(b.p95),
            `× ${(b.p50 / a.p50).toFixed(2)}`,
            `× ${(b.p95 / a.p95).toFixed(2)}`,
          ];
        }),
      ),
    );
    console.log(`\nPlans at ${large} orders (EXPLAIN ANALYZE, the queries as the repositories write them):`);
    for (const plan of plans) console.log(`\n  ${plan.label}\n${plan.lines.map((l) => `    ${l}`).join("\n")}`);
  } finally {
    await server.send({ cmd: "stop" }).catch(() => undefined);
    server.child.kill();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
