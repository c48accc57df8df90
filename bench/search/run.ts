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

const FILLER = 100_000;
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
    const staff = await json<{ token: string }>(
      await fetch(`${server.base}/api/auth/login/`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "bench-jeweller@example.com", password: PASSWORD }),
      }),
    );

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

    const rows: (string | number)[][] = [];
    for (const c of cases) {
      const url = `${server.base}/api/search/?q=${encodeURIComponent(c.q)}`;
      const get = async () =>
        json<{ groups: { results: unknown[] }[] }>(await fetch(url, { headers: { authorization: `Token ${c.token}` } }));
      let hits = 0;
      for (let i = 0; i < WARMUP; i++) hits = (await get()).groups.reduce((s, g) => s + g.results.length, 0);
      const samples: number[] = [];
      for (let i = 0; i < SAMPLES; i++) {
        const started = performance.now();
        await get();
        samples.push(performance.now() - started);
      }
      samples.sort((a, b) => a - b);
      rows.push([c.who, `"${c.q}"`, c.note, hits, ms(percentile(samples, 50)), ms(percentile(samples, 95))]);
    }

    const db = process.env.BENCH_DATABASE_URL ? "PostgreSQL" : "PGlite in process";
    console.log(
      `Database (${db}): ${n(seeded.users)} users, ${n(seeded.designs)} designs, ${n(seeded.orders)} orders (seeded in ${seeded.seconds.toFixed(1)} s).\n`,
    );
    console.log(`GET /api/search/?q=… (5 per group), ${SAMPLES} sequential requests per query after ${WARMUP} warm-up:\n`);
    console.log(table(["who", "q", "what", "results", "p50", "p95"], rows));

    for (const [label, userId, q] of [
      ['customer, "sapphire"', customer.user.id, "sapphire"],
      ['staff, "sapphire"', null, "sapphire"],
      ['staff, "ro"', null, "ro"],
    ] as const) {
      const plan = await server.send<string[]>({ cmd: "explain", userId, q });
      console.log(`\nPlan of the designs branch (${label}):\n\n${plan.map((l) => `    ${l}`).join("\n")}`);
    }
  } finally {
    await server.send({ cmd: "stop" }).catch(() => undefined);
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
