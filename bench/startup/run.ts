/**
 * `npm run bench -- startup`: start to healthy and memory of the server, run through tsx (the
 * TypeScript sources with a loader, as `npm start` did) against the esbuild bundle (`node
 * dist/main.js`, as it does now). Each run is a fresh process on a data folder that was migrated
 * once beforehand (so the figures are a restart, not the first start); the two ways alternate.
 * Figures: time from spawn to the first 200 of /api/health/, resident memory (RSS) then, and the
 * process's peak RSS (VmHWM). BENCH_STARTUP_RUNS sets the runs per way (5).
 */
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const SERVER_DIR = path.resolve(import.meta.dirname, "../../apps/server");
const RUNS = Number(process.env.BENCH_STARTUP_RUNS ?? 5);

const WAYS = {
  tsx: ["--import", "tsx", "src/main.ts"],
  bundle: ["dist/main.js"],
} as const;
type Way = keyof typeof WAYS;

async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, "127.0.0.1", r));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise((r) => srv.close(r));
  return port;
}

function memoryKb(pid: number): { rss: number; hwm: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, "m").exec(status)?.[1] ?? NaN);
  return { rss: field("VmRSS"), hwm: field("VmHWM") };
}

async function once(way: Way, dataDir: string): Promise<{ ms: number; rssMb: number; peakMb: number }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [...WAYS[way]], {
    cwd: SERVER_DIR,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn", WEB_DIST_DIR: path.join(dataDir, "no-web") },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<void>((r) => child.on("exit", () => r()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${way}: the server exited with ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/health/`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    const ms = performance.now() - started;
    const { rss, hwm } = memoryKb(child.pid!);
    return { ms, rssMb: rss / 1024, peakMb: hwm / 1024 };
  } finally {
    child.kill("SIGTERM");
    await exited;
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const range = (xs: number[], digits = 0) => `${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)}`;

export async function run(): Promise<void> {
  execFileSync(process.execPath, ["scripts/build.mjs"], { cwd: SERVER_DIR, stdio: "inherit" });
  const dirs = Object.fromEntries(Object.keys(WAYS).map((w) => [w, fs.mkdtempSync(path.join(os.tmpdir(), `atelier-startup-${w}-`))])) as Record<Way, string>;
  try {
    // First start of each: migrations and seeding, not measured.
    for (const way of Object.keys(WAYS) as Way[]) await once(way, dirs[way]);
    const results: Record<Way, { ms: number; rssMb: number; peakMb: number }[]> = { tsx: [], bundle: [] };
    for (let i = 0; i < RUNS; i++) {
      for (const way of Object.keys(WAYS) as Way[]) results[way].push(await once(way, dirs[way]));
    }
    console.log(`${RUNS} restarts each, ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(1)} at the end\n`);
    console.log("way      start→healthy (median, range)   RSS when healthy (median)   peak RSS (median)");
    for (const way of Object.keys(WAYS) as Way[]) {
      const r = results[way];
      const ms = r.map((x) => x.ms);
      console.log(
        `${way.padEnd(8)} ${`${(median(ms) / 1000).toFixed(2)} s (${range(ms.map((x) => x / 1000), 2)} s)`.padEnd(31)} ${`${median(r.map((x) => x.rssMb)).toFixed(0)} MB`.padEnd(27)} ${median(r.map((x) => x.peakMb)).toFixed(0)} MB`,
      );
    }
  } finally {
    for (const dir of Object.values(dirs)) fs.rmSync(dir, { recursive: true, force: true });
  }
}
