/**
 * `npm run bench -- api`: throughput of the real, compiled server (`node dist/main.js`) against a
 * bare Fastify route that returns the same JSON, measured side by side in one run with autocannon,
 * and the server's memory.
 *
 * - A customer with 30 designs (each with one reference image) is made through the API.
 * - Each target gets BENCH_API_SECONDS (10) of autocannon with 20 connections after a warm-up.
 * - Ratios are requests/s of each route over the bare route's; the targets of the hardening issue
 *   are printed beside them.
 * - Memory: the first start's peak (VmHWM, migrations included), RSS after the load (steady, after
 *   a short idle), and RSS after a warm restart with the same traffic.
 *
 * BENCH_API_PROFILE=<folder> starts the server with `--cpu-prof` into that folder (one .cpuprofile
 * per server start; open it in Chrome DevTools) to see where the time goes.
 *
 * PGlite by default (a fresh data folder); with BENCH_DATABASE_URL (an admin URL such as
 * postgres://postgres@127.0.0.1:5432/postgres) a fresh PostgreSQL database made and dropped.
 */
import { execFileSync, fork, spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import sharp from "sharp";
import { table } from "../lib/harness.ts";

const SERVER_DIR = path.resolve(import.meta.dirname, "../../apps/server");
const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 10);
const CONNECTIONS = 20;
const DESIGNS = 30;

interface Target {
  name: string;
  path: string;
  auth: boolean;
  /** Minimum share of the bare route's requests/s, by database. */
  target?: { pglite?: number; postgres?: number };
}

async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, "127.0.0.1", r));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise((r) => srv.close(r));
  return port;
}

export function memoryMb(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, "m").exec(status)?.[1] ?? NaN) / 1024;
  return { rss: field("VmRSS"), peak: field("VmHWM") };
}

export async function pgAdmin(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export interface Server {
  child: ChildProcess;
  base: string;
  stop(): Promise<void>;
}

/**
 * The server is started as `npm start` starts it: the environment settings and Node flags of the
 * server package's start script (MALLOC_ARENA_MAX, the young generation's size), then dist/main.js.
 */
function startCommand(): { env: Record<string, string>; nodeArgs: string[] } {
  // The start script (scripts/start.sh) ends with `exec env … node <flags> "…/dist/main.js" "$@"`.
  const script = fs.readFileSync(path.join(SERVER_DIR, "scripts", "start.sh"), "utf8");
  const line = script.split("\n").find((l) => l.startsWith("exec ")) ?? "";
  const match = /^exec\s+(?:env\s+)?((?:\w+=\S+\s+)*)node\s+(.*?)\s*"[^"]*dist\/main\.js"/.exec(line.trim());
  if (!match) throw new Error(`unexpected start script: ${line}`);
  const env = Object.fromEntries((match[1] ?? "").trim().split(/\s+/).filter(Boolean).map((kv) => kv.split("=", 2) as [string, string]));
  return { env, nodeArgs: (match[2] ?? "").split(/\s+/).filter(Boolean) };
}

/** Starts `node dist/main.js` (build it first) with `env`; resolves once healthy. */
export async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const start = startCommand();
  const profileDir = process.env.BENCH_API_PROFILE;
  const nodeArgs = profileDir ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(profileDir)}`] : [];
  const child = spawn(process.execPath, [...start.nodeArgs, ...nodeArgs, "dist/main.js"], {
    cwd: SERVER_DIR,
    env: { ...process.env, ...start.env, ...env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn", RATE_LIMIT_SCALE: "10000" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<void>((r) => child.on("exit", () => r()));
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ok = await fetch(`${base}/api/health/`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 25));
  }
  return {
    child,
    base,
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

async function startBare(body: string): Promise<{ base: string; stop(): void }> {
  const child = fork(path.join(import.meta.dirname, "bare.ts"), [], {
    execArgv: ["--import", "tsx"],
    env: { ...process.env, BARE_BODY: body },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once("message", (m: { port: number }) => resolve(m.port));
    child.once("exit", (code) => reject(new Error(`bare server exited with ${code}`)));
  });
  return { base: `http://127.0.0.1:${port}`, stop: () => child.kill("SIGTERM") };
}

async function call<T>(base: string, url: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(base + url, init);
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function seedCustomer(base: string): Promise<{ token: string; designId: string }> {
  const password = "Velvet-Garnet-42";
  const { token } = await call<{ token: string }>(base, "/api/auth/register/", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: `bench.${crypto.randomUUID()}@example.com`, password, confirm_password: password }),
  });
  const image = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 212, g: 175, b: 55 } } })
    .jpeg()
    .toBuffer();
  let designId = "";
  for (let i = 0; i < DESIGNS; i++) {
    const fd = new FormData();
    fd.append(
      "data",
      JSON.stringify({
        name: `Bench ring ${i + 1}`,
        design_type: "ring",
        description: "A round brilliant diamond on a slim 18K yellow gold band, pavé shoulders.",
        metal_type: "gold",
        metal_color: "yellow",
        purity: "18K",
        weight: 4,
      }),
    );
    fd.append("images", new Blob([new Uint8Array(image)], { type: "image/jpeg" }), `sketch-${i + 1}.jpg`);
    const created = await call<{ id: string }>(base, "/api/designs/", { method: "POST", headers: { authorization: `Token ${token}` }, body: fd });
    designId ||= created.id;
  }
  return { token, designId };
}

interface Result {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(url: string, headers: Record<string, string>, seconds = SECONDS): Promise<Result> {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
  const errors = r.errors + r.timeouts + r.non2xx;
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors };
}

const settle = () => new Promise((r) => setTimeout(r, 3000));

export async function run(): Promise<void> {
  execFileSync(process.execPath, ["scripts/build.mjs"], { cwd: SERVER_DIR, stdio: "inherit" });
  const adminUrl = process.env.BENCH_DATABASE_URL;
  const kind = adminUrl ? "postgres" : "pglite";
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "atelier-bench-api-"));
  const env: Record<string, string> = { DATA_DIR: dataDir, WEB_DIST_DIR: path.join(dataDir, "no-web") };
  const dbName = `bench_api_${crypto.randomBytes(4).toString("hex")}`;
  if (adminUrl) {
    await pgAdmin(adminUrl, `create database ${dbName}`);
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    env.DATABASE_URL = url.toString();
    // On PostgreSQL the server asks for its shared secrets (README, "Several instances").
    env.APP_SECRET = crypto.randomBytes(32).toString("base64url");
  }
  let server = await startServer(env);
  let bare: { base: string; stop(): void } | undefined;
  try {
    const firstStart = memoryMb(server.child.pid!);
    const { token, designId } = await seedCustomer(server.base);
    const headers = { authorization: `Token ${token}` };
    const listBody = await fetch(`${server.base}/api/designs/`, { headers }).then((r) => r.text());
    bare = await startBare(listBody);

    const targets: Target[] = [
      { name: "GET /api/designs/ (30 designs)", path: "/api/designs/", auth: true, target: { pglite: 0.1, postgres: 0.25 } },
      { name: "GET /api/designs/:id/", path: `/api/designs/${designId}/`, auth: true, target: { postgres: 0.3 } },
      { name: "GET /api/auth/user/", path: "/api/auth/user/", auth: true, target: { postgres: 0.3 } },
      { name: "GET /api/health/", path: "/api/health/", auth: false },
    ];

    const exercise = async () => {
      // Warm-up: JIT, prepared statements, caches.
      for (const t of targets) await load(server.base + t.path, t.auth ? headers : {}, 2);
      const bareResult = await load(`${bare!.base}/bare`, {});
      const results: [Target, Result][] = [];
      for (const t of targets) results.push([t, await load(server.base + t.path, t.auth ? headers : {})]);
      return { bareResult, results };
    };

    const { bareResult, results } = await exercise();
    await settle();
    const steady = memoryMb(server.child.pid!);

    console.log(
      `${kind === "pglite" ? "PGlite (embedded)" : "PostgreSQL"}; ${CONNECTIONS} connections, ${SECONDS} s each; ${os.cpus().length} CPUs; list body ${(listBody.length / 1024).toFixed(1)} KB\n`,
    );
    const fmt = (r: Result) => [Math.round(r.rps), `${r.p50} ms`, `${r.p99} ms`, r.errors];
    console.log(
      table(
        ["route", "req/s", "p50", "p99", "errors", "of bare", "target"],
        [
          ["bare Fastify, same JSON", ...fmt(bareResult), "100 %", ""],
          ...results.map(([t, r]) => {
            const goal = t.target?.[kind];
            const share = r.rps / bareResult.rps;
            return [
              t.name,
              ...fmt(r),
              `${(share * 100).toFixed(1)} %`,
              goal === undefined ? "" : `≥ ${goal * 100} % ${share >= goal ? "met" : "MISSED"}`,
            ];
          }),
        ],
      ),
    );

    // Warm restart: same data, same traffic.
    await server.stop();
    server = await startServer(env);
    const warmStart = memoryMb(server.child.pid!);
    for (const t of targets) await load(server.base + t.path, t.auth ? headers : {}, Math.min(SECONDS, 5));
    await settle();
    const warmSteady = memoryMb(server.child.pid!);
    const memTarget = kind === "pglite" ? 300 : 150;
    console.log("\nServer memory (resident set):\n");
    console.log(
      table(
        ["moment", "RSS", "peak so far"],
        [
          ["first start on a fresh database, healthy", `${firstStart.rss.toFixed(0)} MB`, `${firstStart.peak.toFixed(0)} MB`],
          [`steady after the load (target ≤ ${memTarget} MB: ${steady.rss <= memTarget ? "met" : "MISSED"})`, `${steady.rss.toFixed(0)} MB`, `${steady.peak.toFixed(0)} MB`],
          ["warm restart, healthy", `${warmStart.rss.toFixed(0)} MB`, `${warmStart.peak.toFixed(0)} MB`],
          ["warm restart, after the load", `${warmSteady.rss.toFixed(0)} MB`, `${warmSteady.peak.toFixed(0)} MB`],
        ],
      ),
    );
  } finally {
    bare?.stop();
    await server.stop();
    if (adminUrl) await pgAdmin(adminUrl, `drop database if exists ${dbName} with (force)`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
