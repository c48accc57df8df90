/**
 * `npm run bench -- load`: many concurrent clients of a mixed customer and staff workload against
 * the compiled server (`node dist/main.js`, started as `npm start` starts it) on PostgreSQL: one
 * instance, then two instances behind a round-robin proxy (proxy.ts, node:http). Prints requests/s,
 * p50/p95/p99, errors (goal 0) and each instance's peak memory. Figures in bench/load/README.md.
 *
 * - BENCH_LOAD_CLIENTS (200) clients for BENCH_LOAD_SECONDS (60) per topology; BENCH_LOAD_TOPOLOGIES
 *   ("1,2": one instance, two behind the proxy). A fifth of the clients are staff.
 * - Each client signs in once (before the clock starts; timed separately), then sends requests back
 *   to back (BENCH_LOAD_THINK_MS between them, default 0).
 * - Customers: their designs and orders lists, one of their orders, one design, the dashboard; about
 *   6 % writes (a comment on one of their orders, now and then a new design with one image).
 *   Staff: the orders list, the work queue, an order, the messages. About 5 % of all requests write.
 * - A fresh PostgreSQL database is made and dropped (BENCH_DATABASE_URL, an admin URL; default
 *   postgres://postgres@127.0.0.1:5432/postgres); APP_SECRET set; both instances share one data
 *   folder (local file storage) and, with BENCH_REDIS_URL, one Redis.
 */
import { execFileSync, fork, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { memoryMb, pgAdmin, startServer, type Server } from "../api/run.ts";
import { percentile, table } from "../lib/harness.ts";

const SERVER_DIR = path.resolve(import.meta.dirname, "../../apps/server");
const CLIENTS = Number(process.env.BENCH_LOAD_CLIENTS ?? 200);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const THINK_MS = Number(process.env.BENCH_LOAD_THINK_MS ?? 0);
const TOPOLOGIES = (process.env.BENCH_LOAD_TOPOLOGIES ?? "1,2").split(",").map(Number);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const REQUEST_TIMEOUT_MS = 30_000;
const PASSWORD = "Velvet-Garnet-42";
/** Customer accounts (clients share them round robin) and the designs (= orders) each starts with. */
const ACCOUNTS = Math.min(CLIENTS, 40);
const DESIGNS_PER_ACCOUNT = 2;

interface Account {
  email: string;
  orderIds: string[];
  designIds: string[];
}

let image: Buffer;

function designForm(name: string): FormData {
  const fd = new FormData();
  fd.append(
    "data",
    JSON.stringify({
      name,
      design_type: "ring",
      description: "A round brilliant diamond on a slim 18K yellow gold band, pavé shoulders.",
      metal_type: "gold",
      metal_color: "yellow",
      purity: "18K",
      weight: 4,
    }),
  );
  fd.append("images", new Blob([new Uint8Array(image)], { type: "image/jpeg" }), "sketch.jpg");
  return fd;
}

async function call<T>(base: string, url: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(base + url, init);
  if (!res.ok) throw new Error(`${init.method ?? "GET"} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const json = (body: unknown, token?: string): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json", ...(token ? { authorization: `Token ${token}` } : {}) },
  body: JSON.stringify(body),
});

async function seed(base: string, env: Record<string, string>): Promise<{ customers: Account[]; staffEmail: string }> {
  const customers: Account[] = [];
  for (let i = 0; i < ACCOUNTS; i++) {
    const email = `load.${i}.${crypto.randomBytes(3).toString("hex")}@example.com`;
    const { token } = await call<{ token: string }>(
      base,
      "/api/auth/register/",
      json({ email, password: PASSWORD, confirm_password: PASSWORD }),
    );
    const account: Account = { email, orderIds: [], designIds: [] };
    for (let d = 0; d < DESIGNS_PER_ACCOUNT; d++) {
      const created = await call<{ id: string; order: { id: string } | null }>(base, "/api/designs/", {
        method: "POST",
        headers: { authorization: `Token ${token}` },
        body: designForm(`Load ring ${d + 1}`),
      });
      account.designIds.push(created.id);
      if (created.order) account.orderIds.push(created.order.id);
    }
    customers.push(account);
  }
  const staffEmail = `load.staff.${crypto.randomBytes(3).toString("hex")}@example.com`;
  execFileSync(process.execPath, ["dist/admin.js", "create", "--email", staffEmail, "--role", "staff", "--first-name", "Load"], {
    cwd: SERVER_DIR,
    env: { ...process.env, ...env, NODE_ENV: "production", LOG_LEVEL: "warn" },
    input: `${PASSWORD}\n`,
    stdio: ["pipe", "ignore", "inherit"],
  });
  return { customers, staffEmail };
}

interface Sample {
  ms: number;
  ok: boolean;
  write: boolean;
}

interface Client {
  token: string;
  staff: boolean;
  account: Account;
}

type Step = { weight: number; write?: boolean; request: (c: Client) => [string, RequestInit?] };
const pick = <T>(xs: T[]): T => xs[Math.floor(Math.random() * xs.length)]!;
const auth = (c: Client): RequestInit => ({ headers: { authorization: `Token ${c.token}` } });

const CUSTOMER: Step[] = [
  { weight: 22, request: (c) => ["/api/designs/", auth(c)] },
  { weight: 22, request: (c) => ["/api/orders/", auth(c)] },
  { weight: 20, request: (c) => [`/api/orders/${pick(c.account.orderIds)}/`, auth(c)] },
  { weight: 15, request: (c) => ["/api/dashboard-data/", auth(c)] },
  { weight: 15, request: (c) => [`/api/designs/${pick(c.account.designIds)}/`, auth(c)] },
  {
    weight: 5,
    write: true,
    request: (c) => [`/api/orders/${pick(c.account.orderIds)}/comments/`, json({ text: "Could the band be a little slimmer?" }, c.token)],
  },
  {
    weight: 1,
    write: true,
    request: (c) => [
      "/api/designs/",
      { method: "POST", headers: { authorization: `Token ${c.token}` }, body: designForm("Load ring (during the run)") },
    ],
  },
];
const STAFF: Step[] = [
  { weight: 30, request: (c) => ["/api/staff/orders/", auth(c)] },
  { weight: 20, request: (c) => ["/api/staff/queue/", auth(c)] },
  { weight: 30, request: (c) => [`/api/orders/${pick(c.account.orderIds)}/`, auth(c)] },
  { weight: 20, request: (c) => ["/api/staff/messages/", auth(c)] },
];

function choose(steps: Step[]): Step {
  let r = Math.random() * steps.reduce((s, x) => s + x.weight, 0);
  for (const step of steps) if ((r -= step.weight) < 0) return step;
  return steps.at(-1)!;
}

const firstErrors = new Map<string, number>();

async function timed(base: string, url: string, init: RequestInit | undefined, write: boolean, samples: Sample[]) {
  const started = performance.now();
  let ok = false;
  let label = "";
  try {
    const res = await fetch(base + url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    await res.arrayBuffer();
    ok = res.ok;
    if (!ok) label = `${init?.method ?? "GET"} ${url.replace(/[0-9a-f-]{36}/g, ":id")} → ${res.status}`;
  } catch (err) {
    label = `${init?.method ?? "GET"} ${url.replace(/[0-9a-f-]{36}/g, ":id")} → ${(err as Error).name}: ${(err as Error).message}`;
  }
  if (label) firstErrors.set(label, (firstErrors.get(label) ?? 0) + 1);
  samples.push({ ms: performance.now() - started, ok, write });
}

interface Outcome {
  topology: string;
  signInMs: number[];
  samples: Sample[];
  seconds: number;
  memory: { rss: number; peak: number }[];
  /** Requests each instance counted (its /metrics), health checks left out: shows the round robin. */
  served: number[];
}

const METRICS_TOKEN = crypto.randomBytes(24).toString("base64url");

async function servedRequests(base: string): Promise<number> {
  const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  let total = 0;
  for (const line of text.split("\n")) {
    if (line.startsWith("http_requests_total{") && !line.includes('route="/api/health'))
      total += Number(line.slice(line.lastIndexOf(" ") + 1));
  }
  return total;
}

async function runLoad(base: string, topology: string, customers: Account[], staffEmail: string, pids: number[]): Promise<Outcome> {
  // Sign-in once per client, all at once (argon2: this is the costly part of a sign-in burst).
  const signInMs: number[] = [];
  const clients: Client[] = await Promise.all(
    Array.from({ length: CLIENTS }, async (_, i) => {
      const staff = i % 5 === 4;
      const account = customers[i % customers.length]!;
      const started = performance.now();
      const { token } = await call<{ token: string }>(
        base,
        "/api/auth/login/",
        json({ email: staff ? staffEmail : account.email, password: PASSWORD }),
      );
      signInMs.push(performance.now() - started);
      return { token, staff, account };
    }),
  );
  const samples: Sample[] = [];
  const peak = pids.map(() => ({ rss: 0, peak: 0 }));
  const sampler = setInterval(() => {
    pids.forEach((pid, i) => {
      const m = memoryMb(pid);
      peak[i] = { rss: Math.max(peak[i]!.rss, m.rss), peak: m.peak };
    });
  }, 500);
  const started = performance.now();
  const until = started + SECONDS * 1000;
  await Promise.all(
    clients.map(async (client) => {
      while (performance.now() < until) {
        const step = choose(client.staff ? STAFF : CUSTOMER);
        const [url, init] = step.request(client);
        await timed(base, url, init, step.write ?? false, samples);
        if (THINK_MS > 0) await new Promise((r) => setTimeout(r, THINK_MS));
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  pids.forEach((pid, i) => {
    peak[i] = { rss: Math.max(peak[i]!.rss, memoryMb(pid).rss), peak: memoryMb(pid).peak };
  });
  return { topology, signInMs, samples, seconds, memory: peak, served: [] };
}

async function startProxy(backends: string[]): Promise<{ base: string; child: ChildProcess }> {
  const child = fork(path.join(import.meta.dirname, "proxy.ts"), [], {
    execArgv: ["--import", "tsx"],
    env: { ...process.env, PROXY_BACKENDS: backends.join(",") },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once("message", (m: { port: number }) => resolve(m.port));
    child.once("exit", (code) => reject(new Error(`the proxy exited with ${code}`)));
  });
  return { base: `http://127.0.0.1:${port}`, child };
}

const f0 = (n: number) => n.toFixed(0);

export async function run(): Promise<void> {
  execFileSync(process.execPath, ["scripts/build.mjs", "--quiet"], { cwd: SERVER_DIR, stdio: "inherit" });
  image = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 212, g: 175, b: 55 } } })
    .jpeg()
    .toBuffer();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "atelier-bench-load-"));
  const dbName = `bench_load_${crypto.randomBytes(4).toString("hex")}`;
  await pgAdmin(ADMIN_URL, `create database ${dbName}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${dbName}`;
  const env: Record<string, string> = {
    DATABASE_URL: url.toString(),
    APP_SECRET: crypto.randomBytes(32).toString("base64url"),
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, "no-web"),
    METRICS_TOKEN,
    ...(process.env.BENCH_REDIS_URL ? { REDIS_URL: process.env.BENCH_REDIS_URL } : {}),
  };
  const outcomes: Outcome[] = [];
  const servers: Server[] = [];
  let proxy: ChildProcess | undefined;
  try {
    console.log(`PostgreSQL database ${dbName}; ${CLIENTS} clients (a fifth staff) × ${SECONDS} s per topology; think time ${THINK_MS} ms`);
    const seeder = await startServer(env);
    servers.push(seeder);
    const { customers, staffEmail } = await seed(seeder.base, env);
    await seeder.stop();
    servers.length = 0;
    console.log(`seeded ${customers.length} customers with ${DESIGNS_PER_ACCOUNT} designs (orders) each, one staff account`);

    for (const n of TOPOLOGIES) {
      for (let i = 0; i < n; i++) servers.push(await startServer(env));
      let base = servers[0]!.base;
      if (n > 1) {
        const p = await startProxy(servers.map((s) => s.base));
        proxy = p.child;
        base = p.base;
      }
      const label = n === 1 ? "1 instance" : `${n} instances behind the proxy`;
      console.log(`running: ${label} …`);
      const outcome = await runLoad(
        base,
        label,
        customers,
        staffEmail,
        servers.map((s) => s.child.pid!),
      );
      outcome.served = await Promise.all(servers.map((s) => servedRequests(s.base)));
      outcomes.push(outcome);
      proxy?.kill("SIGTERM");
      proxy = undefined;
      for (const s of servers) await s.stop();
      servers.length = 0;
    }
  } finally {
    proxy?.kill("SIGTERM");
    for (const s of servers) await s.stop();
    await pgAdmin(ADMIN_URL, `drop database if exists ${dbName} with (force)`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  console.log("");
  console.log(
    table(
      [
        "topology",
        "requests",
        "req/s",
        "p50 ms",
        "p95 ms",
        "p99 ms",
        "max ms",
        "errors",
        "writes",
        "sign-in p50/p95 ms",
        "served per instance",
        "peak RSS per instance (MB)",
      ],
      outcomes.map((o) => {
        const ms = o.samples.map((s) => s.ms).sort((a, b) => a - b);
        const signIn = [...o.signInMs].sort((a, b) => a - b);
        const writes = o.samples.filter((s) => s.write).length;
        return [
          o.topology,
          o.samples.length,
          f0(o.samples.length / o.seconds),
          f0(percentile(ms, 50)),
          f0(percentile(ms, 95)),
          f0(percentile(ms, 99)),
          f0(ms.at(-1) ?? 0),
          o.samples.filter((s) => !s.ok).length,
          `${((100 * writes) / o.samples.length).toFixed(1)} %`,
          `${f0(percentile(signIn, 50))} / ${f0(percentile(signIn, 95))}`,
          o.served.join(" / "),
          o.memory.map((m) => `${f0(m.peak)} (max RSS under load ${f0(m.rss)})`).join(", "),
        ];
      }),
    ),
  );
  if (firstErrors.size > 0) {
    console.log("\nerrors by request:");
    for (const [label, count] of firstErrors) console.log(`  ${count} × ${label}`);
  }
}
