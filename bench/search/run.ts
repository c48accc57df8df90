/**
 * Search bench: p50/p95 of GET /api/search/ (the top bar's query, 5 results per group) for a
 * customer and for staff, while the database holds 100 000 designs and 100 000 orders of 5 000
 * other customers (seeded with INSERT … SELECT generate_series). Each query is the UNION ALL of
 * the sources, each a GIN index lookup on a generated tsvector, newest first.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { json, percentile, startBenchServer, table } from "../lib/harness.ts";
import type { Command, Seeded } from "./server.ts";

/** BENCH_SEARCH_FILLER: designs and orders of other customers (100 000 unless set). */
const FILLER = Number(process.env.BENCH_SEARCH_FILLER ?? 100_000);
/** BENCH_SEARCH_LISTS_ONLY=1: only the staff lists' search (skips the top-bar queries and plans). */
const LISTS_ONLY = process.env.BENCH_SEARCH_LISTS_ONLY === "1";
const PER_USER = 20;
const MEASURED_DESIGNS = 20;
const WARMUP = 20;
const SAMPLES = 200;
const PASSWORD = "Velvet-Garnet-42";

const n = (v: number) => v.toLocaleString("en-US");
const ms = (v: number) => `${v.toFixed(2)} ms`;

export async function run(): Promise<void> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "atelier-bench-search-"));
  const server = await startBenchServer<Command>(path.join(import.meta.dirname, "server.ts"), dataDir);
  try {
    const register = async (email: string) =>
      json<{ token: string; user: { id: string } }>(
        await fetch(`${server.base}/api/auth/register/`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email, password: PASSWORD, confirm_password: PASSWORD }),
        }),
      );
    const customer = await register("bench-shopper@example.com");
    await register("bench-jeweller@example.com");
    await server.send({ cmd: "promote", email: "bench-jeweller@example.com" });
    await register("bench-owner@example.com");
    await server.send({ cmd: "promote", email: "bench-owner@example.com", role: "admin" });
    const login = async (email: string) =>
      json<{ token: string }>(
        await fetch(`${server.base}/api/auth/login/`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email, password: PASSWORD }),
        }),
      );
    const staff = await login("bench-jeweller@example.com");
    const admin = await login("bench-owner@example.com");

    // The measured customer's designs (each with its order), through the API.
    const gems = ["sapphire", "ruby", "emerald", "diamond", "pearl"];
    let orderNumber = "";
    for (let i = 0; i < MEASURED_DESIGNS; i++) {
      const res = await fetch(`${server.base}/api/designs/`, {
        method: "POST",
        headers: { authorization: `Token ${customer.token}`, "content-type": "application/json" },
        body: JSON.stringify({
          name: `Heirloom ring ${i + 1}`,
          description: `A ${gems[i % gems.length]} set in platinum`,
          design_type: "ring",
        }),
      });
      orderNumber = (await json<{ order: { order_number: string } }>(res)).order.order_number;
    }

    process.stderr.write(`  seeding ${n(FILLER)} designs and ${n(FILLER)} orders of other customers…\n`);
    const seeded = await server.send<Seeded>({ cmd: "seed", designs: FILLER, perUser: PER_USER });

    const cases: { who: string; token: string; q: string; note: string }[] = [
      { who: "customer", token: customer.token, q: orderNumber, note: "own order by number" },
      { who: "customer", token: customer.token, q: orderNumber.slice(-6), note: "own order by its digits" },
      { who: "customer", token: customer.token, q: "sapphire", note: "a word of the description (common in the table)" },
      { who: "customer", token: customer.token, q: "sapph plat", note: "two prefixes" },
      { who: "customer", token: customer.token, q: "zzzz", note: "nothing matches" },
      { who: "staff", token: staff.token, q: "JW-2025-004711", note: "an order by number" },
      { who: "staff", token: staff.token, q: "004711", note: "an order by its digits" },
      { who: "staff", token: staff.token, q: "sapphire", note: "≈ 6 % of designs match" },
      { who: "staff", token: staff.token, q: "ro", note: "short prefix: rose, ruby… ≈ 30 % match" },
      { who: "staff", token: staff.token, q: "vintage ruby halo", note: "three words" },
      { who: "staff", token: staff.token, q: "bench-4711", note: "a customer by e-mail" },
      { who: "staff", token: staff.token, q: "zzzz", note: "nothing matches" },
    ];

    /** p50 and p95 of `samples` sequential GETs after the warm-up; `count` reads the answer's size. */
    const time = async <T>(url: string, token: string, count: (body: T) => number, samples = SAMPLES) => {
      const get = async () => json<T>(await fetch(url, { headers: { authorization: `Token ${token}` } }));
      let hits = 0;
      for (let i = 0; i < WARMUP; i++) hits = count(await get());
      const times: number[] = [];
      for (let i = 0; i < samples; i++) {
        const started = performance.now();
        await get();
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      return { hits, p50: ms(percentile(times, 50)), p95: ms(percentile(times, 95)) };
    };

    const rows: (string | number)[][] = [];
    for (const c of LISTS_ONLY ? [] : cases) {
      const url = `${server.base}/api/search/?q=${encodeURIComponent(c.q)}`;
      const r = await time<{ groups: { results: unknown[] }[] }>(url, c.token, (b) => b.groups.reduce((s, g) => s + g.results.length, 0));
      rows.push([c.who, `"${c.q}"`, c.note, r.hits, r.p50, r.p95]);
    }

    // The staff lists' search boxes: a substring anywhere (ILIKE '%…%'), with the list's total.
    const lists: { path: string; token: string; q: string; note: string }[] = [
      { path: "/api/staff/orders/", token: staff.token, q: "004711", note: "order number digits" },
      { path: "/api/staff/orders/", token: staff.token, q: "ring 4711", note: "design name" },
      { path: "/api/staff/orders/", token: staff.token, q: "customer 1234", note: "customer name (their 20 orders)" },
      { path: "/api/staff/orders/", token: staff.token, q: "cascade", note: "a motif: ≈ 3 % of orders" },
      { path: "/api/staff/orders/", token: staff.token, q: "zzzz", note: "nothing matches" },
      { path: "/api/staff/people/", token: admin.token, q: "bench-1234@", note: "a customer by e-mail" },
      { path: "/api/staff/people/", token: admin.token, q: "customer 1234", note: "a customer by name" },
      { path: "/api/staff/people/", token: admin.token, q: "zzzz", note: "nothing matches" },
    ];
    const listRows: (string | number)[][] = [];
    for (const c of lists) {
      const url = `${server.base}${c.path}?search=${encodeURIComponent(c.q)}`;
      const r = await time<{ count: number }>(url, c.token, (b) => b.count, SAMPLES / 4);
      listRows.push([`GET ${c.path}`, `"${c.q}"`, c.note, r.hits, r.p50, r.p95]);
    }

    const db = process.env.BENCH_DATABASE_URL ? "PostgreSQL" : "PGlite in process";
    console.log(
      `Database (${db}): ${n(seeded.users)} users, ${n(seeded.designs)} designs, ${n(seeded.orders)} orders (seeded in ${seeded.seconds.toFixed(1)} s).\n`,
    );
    console.log(`GET /api/search/?q=… (5 per group), ${SAMPLES} sequential requests per query after ${WARMUP} warm-up:\n`);
    if (!LISTS_ONLY) console.log(table(["who", "q", "what", "results", "p50", "p95"], rows));
    console.log(`\nStaff lists, ?search=… (a page of 20 and the total), ${SAMPLES / 4} sequential requests per query after ${WARMUP} warm-up:\n`);
    console.log(table(["list", "search", "what", "total", "p50", "p95"], listRows));

    for (const [label, userId, q] of LISTS_ONLY ? [] : ([
      ['customer, "sapphire"', customer.user.id, "sapphire"],
      ['staff, "sapphire"', null, "sapphire"],
      ['staff, "ro"', null, "ro"],
    ] as const)) {
      const plan = await server.send<string[]>({ cmd: "explain", userId, q });
      console.log(`\nPlan of the designs branch (${label}):\n\n${plan.map((l) => `    ${l}`).join("\n")}`);
    }
  } finally {
    await server.send({ cmd: "stop" }).catch(() => undefined);
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
