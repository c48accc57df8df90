/**
 * `npm run bench -- events`: live updates fanned out to many open pages. The compiled server
 * (`node dist/main.js`, as `npm start` runs it) gets BENCH_EVENTS_CLIENTS (1 000) server-sent event
 * streams of one customer; the customer then posts BENCH_EVENTS_POSTS (30) comments on their order,
 * one at a time, and each post's time is measured from just before the POST to the moment the last
 * stream received its event. The server's resident memory is read before and with the streams open.
 *
 * One user holds every stream (the worst case for one event: it goes to all of them), so the
 * per-user cap is raised with LIVE_EVENTS_MAX_PER_USER; RATE_LIMIT_SCALE keeps throttles away.
 * PGlite by default; with BENCH_DATABASE_URL a fresh PostgreSQL database (events then travel
 * through LISTEN/NOTIFY on the server's own listening connection).
 */
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { memoryMb, pgAdmin, startServer } from "../api/run.ts";
import { percentile, table } from "../lib/harness.ts";

const SERVER_DIR = path.resolve(import.meta.dirname, "../../apps/server");
const CLIENTS = Number(process.env.BENCH_EVENTS_CLIENTS ?? 1000);
const POSTS = Number(process.env.BENCH_EVENTS_POSTS ?? 30);

interface Stream {
  /** `message` events received so far. */
  received: number;
  /** When the n-th one arrived (performance.now()). */
  arrivals: number[];
  req: http.ClientRequest;
}

async function call<T>(base: string, url: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(base + url, init);
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

function openStream(base: string, token: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const stream: Stream = { received: 0, arrivals: [], req: undefined as unknown as http.ClientRequest };
    stream.req = http.get(
      `${base}/api/events/`,
      { agent: false, headers: { accept: "text/event-stream", authorization: `Token ${token}` } },
      (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`stream: ${res.statusCode}`));
          return;
        }
        res.setEncoding("utf8");
        let opened = false;
        res.on("data", (chunk: string) => {
          if (!opened && chunk.includes(": connected")) {
            opened = true;
            resolve(stream);
          }
          let at = chunk.indexOf("event: message");
          while (at >= 0) {
            stream.received += 1;
            stream.arrivals.push(performance.now());
            at = chunk.indexOf("event: message", at + 1);
          }
        });
      },
    );
    stream.req.on("error", reject);
  });
}

export async function run(): Promise<void> {
  execFileSync(process.execPath, ["scripts/build.mjs"], { cwd: SERVER_DIR, stdio: "inherit" });
  const adminUrl = process.env.BENCH_DATABASE_URL;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "atelier-bench-events-"));
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, "no-web"),
    LIVE_EVENTS_MAX_PER_USER: String(CLIENTS),
  };
  const dbName = `bench_events_${crypto.randomBytes(4).toString("hex")}`;
  if (adminUrl) {
    await pgAdmin(adminUrl, `create database ${dbName}`);
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    env.DATABASE_URL = url.toString();
    // On PostgreSQL the server asks for its shared secrets (README, "Several instances").
    env.APP_SECRET = crypto.randomBytes(32).toString("base64url");
  }
  const server = await startServer(env);
  const streams: Stream[] = [];
  try {
    const password = "Velvet-Garnet-42";
    const { token } = await call<{ token: string }>(server.base, "/api/auth/register/", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: `bench.${crypto.randomUUID()}@example.com`, password, confirm_password: password }),
    });
    const headers = { authorization: `Token ${token}`, "content-type": "application/json" };
    const design = await call<{ order: { id: string } }>(server.base, "/api/designs/", {
      method: "POST",
      headers,
      body: JSON.stringify({ name: "Bench ring", description: "A solitaire on a slim band.", design_type: "ring", metal: "18K Yellow Gold" }),
    });
    const orderId = design.order.id;
    await new Promise((r) => setTimeout(r, 1000));
    const idle = memoryMb(server.child.pid!);

    const openStarted = performance.now();
    for (let i = 0; i < CLIENTS; i += 100) {
      const batch = await Promise.all(Array.from({ length: Math.min(100, CLIENTS - i) }, () => openStream(server.base, token)));
      streams.push(...batch);
    }
    const openMs = performance.now() - openStarted;
    let arrivalsOfTarget = 0;
    /** Resolves once every stream has received its n-th message event. */
    const wait = (n: number) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`post ${n}: only ${arrivalsOfTarget} of ${CLIENTS} streams received it`)), 30_000);
        const check = () => {
          arrivalsOfTarget = streams.filter((s) => s.received >= n).length;
          if (arrivalsOfTarget === streams.length) {
            clearTimeout(timer);
            resolve();
          } else setTimeout(check, 1);
        };
        check();
      });
    await new Promise((r) => setTimeout(r, 1000));
    const connected = memoryMb(server.child.pid!);

    const last: number[] = [];
    const first: number[] = [];
    for (let n = 1; n <= POSTS; n++) {
      const started = performance.now();
      const res = await fetch(`${server.base}/api/orders/${orderId}/comments/`, {
        method: "POST",
        headers,
        body: JSON.stringify({ text: `Bench message ${n}` }),
      });
      if (res.status !== 201) throw new Error(`comment ${n}: ${res.status} ${await res.text()}`);
      await wait(n);
      const arrivals = streams.map((s) => s.arrivals[n - 1]!);
      last.push(Math.max(...arrivals) - started);
      first.push(Math.min(...arrivals) - started);
      await new Promise((r) => setTimeout(r, 50));
    }
    const after = memoryMb(server.child.pid!);

    const ms = (v: number) => `${v.toFixed(1)} ms`;
    first.sort((a, b) => a - b);
    last.sort((a, b) => a - b);
    console.log(
      `${adminUrl ? "PostgreSQL (LISTEN/NOTIFY)" : "PGlite (embedded, in-process)"}; ${CLIENTS} SSE streams of one customer on one instance; ` +
        `${POSTS} comments posted one at a time; ${os.cpus().length} CPUs; streams opened in ${(openMs / 1000).toFixed(1)} s\n`,
    );
    console.log(
      table(
        ["from POST to", "p50", "p95", "max"],
        [
          ["the first stream's event", ms(percentile(first, 50)), ms(percentile(first, 95)), ms(first.at(-1)!)],
          [`the last (${CLIENTS}th) stream's event`, ms(percentile(last, 50)), ms(percentile(last, 95)), ms(last.at(-1)!)],
        ],
      ),
    );
    console.log("\nServer memory (resident set):\n");
    console.log(
      table(
        ["moment", "RSS"],
        [
          ["started, signed in, no streams", `${idle.rss.toFixed(0)} MB`],
          [`${CLIENTS} streams open`, `${connected.rss.toFixed(0)} MB`],
          [`after ${POSTS} posts`, `${after.rss.toFixed(0)} MB`],
          ["per stream", `${(((connected.rss - idle.rss) * 1024) / CLIENTS).toFixed(1)} KB`],
        ],
      ),
    );
  } finally {
    for (const s of streams) s.req.destroy();
    await server.stop();
    if (adminUrl) await pgAdmin(adminUrl, `drop database if exists ${dbName} with (force)`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
