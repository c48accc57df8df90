/**
 * `npm run bench:web`: Lighthouse (mobile settings: simulated slow 4G and 4x CPU slowdown) on
 * the public pages, served by the production server this script starts itself on a free
 * port with a fresh data folder. Prints the four category scores with LCP, CLS and TBT, and
 * the JavaScript the landing page loads on first visit (gzip), which must stay within 100 kB.
 *
 * Builds the web app first when apps/web/dist is missing. Options:
 *   --runs=N     Lighthouse runs per page; the median performance run is reported (default 1)
 *   --pages=/,/faq   pages to measure (default /, /gallery, /how-it-works)
 *   --cad        instead: the CAD viewer's time to interactive for a 20 MB STL (see cad.ts)
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const ROOT = path.resolve(import.meta.dirname, "../..");
const DIST = path.join(ROOT, "apps/web/dist");
const JS_BUDGET_BYTES = 100 * 1024;
const TARGETS = { performance: 95, accessibility: 100, "best-practices": 100, seo: 100 } as const;

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
const RUNS = Math.max(1, Number(arg("runs") ?? 1));
const PAGES = (arg("pages") ?? "/,/gallery,/how-it-works").split(",");

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      srv.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer ${url} within ${timeoutMs} ms`);
}

function startServer(port: number, dataDir: string): ChildProcess {
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: path.join(ROOT, "apps/server"),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://localhost:${port}`,
      LOG_LEVEL: "warn",
      CONTACT_EMAIL: process.env.CONTACT_EMAIL ?? "atelier@example.com",
      CONTACT_PHONE: process.env.CONTACT_PHONE ?? "+91 22 4000 1234",
      DATABASE_URL: "",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  return child;
}

interface PageResult {
  page: string;
  scores: Record<keyof typeof TARGETS, number>;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  scripts: string[];
}

interface NetworkItem {
  url: string;
  resourceType?: string;
}

async function audit(url: string, port: number): Promise<Omit<PageResult, "page">> {
  const result = await lighthouse(url, { port, output: "json", logLevel: "error", onlyCategories: Object.keys(TARGETS) });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  const score = (k: keyof typeof TARGETS) => Math.round((lhr.categories[k]?.score ?? 0) * 100);
  const num = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const items = (lhr.audits["network-requests"]?.details as { items?: NetworkItem[] } | undefined)?.items ?? [];
  return {
    scores: { performance: score("performance"), accessibility: score("accessibility"), "best-practices": score("best-practices"), seo: score("seo") },
    lcpMs: num("largest-contentful-paint"),
    cls: num("cumulative-layout-shift"),
    tbtMs: num("total-blocking-time"),
    scripts: items.filter((i) => i.resourceType === "Script").map((i) => i.url),
  };
}

/** Sum of the gzipped size of every script `/` loads on a first visit (as Lighthouse saw them). */
async function gzippedBytes(urls: string[]): Promise<{ total: number; files: { url: string; gzip: number }[] }> {
  const files = await Promise.all(
    [...new Set(urls)].map(async (url) => {
      const body = Buffer.from(await (await fetch(url, { headers: { "accept-encoding": "identity" } })).arrayBuffer());
      return { url, gzip: zlib.gzipSync(body).length };
    }),
  );
  return { total: files.reduce((s, f) => s + f.gzip, 0), files };
}

function ensureBuilt(): void {
  if (!fs.existsSync(path.join(DIST, "app.html"))) {
    console.log("apps/web/dist is missing or not prerendered: building…");
    const built = spawnSync("npm", ["run", "build", "-w", "apps/web"], { cwd: ROOT, stdio: "inherit" });
    if (built.status !== 0) throw new Error("build failed");
  }
}

async function main(): Promise<void> {
  ensureBuilt();
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "atelier-bench-web-"));
  const server = startServer(port, dataDir);
  const base = `http://localhost:${port}`;
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    await waitFor(`${base}/api/health/`, 60_000);
    chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
    });
    // Warm the server (first reads of files, compression caches) so the first page is not penalised.
    for (const p of PAGES) await fetch(base + p);

    const results: PageResult[] = [];
    for (const page of PAGES) {
      const runs: Omit<PageResult, "page">[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await audit(base + page, chrome.port));
      runs.sort((a, b) => a.scores.performance - b.scores.performance);
      results.push({ page, ...runs[Math.floor(runs.length / 2)]! });
    }

    console.log(`\nLighthouse ${RUNS > 1 ? `(median of ${RUNS} runs) ` : ""}— mobile, simulated throttling — ${base}\n`);
    const row = (cells: (string | number)[]) => cells.map((c, i) => String(c).padEnd(i === 0 ? 15 : 15)).join("");
    console.log(row(["page", "performance", "accessibility", "best-pract.", "seo", "LCP", "CLS", "TBT"]));
    for (const r of results) {
      console.log(
        row([
          r.page,
          r.scores.performance,
          r.scores.accessibility,
          r.scores["best-practices"],
          r.scores.seo,
          `${(r.lcpMs / 1000).toFixed(2)} s`,
          r.cls.toFixed(3),
          `${Math.round(r.tbtMs)} ms`,
        ]),
      );
    }
    const misses = results.flatMap((r) =>
      (Object.keys(TARGETS) as (keyof typeof TARGETS)[]).filter((k) => r.scores[k] < TARGETS[k]).map((k) => `${r.page} ${k} ${r.scores[k]} < ${TARGETS[k]}`),
    );
    console.log(misses.length ? `\nbelow target: ${misses.join("; ")}` : "\nall pages meet the targets (performance ≥ 95, the others 100)");

    const home = results.find((r) => r.page === "/") ?? { scripts: (await audit(`${base}/`, chrome.port)).scripts };
    const js = await gzippedBytes(home.scripts);
    console.log(`\nJavaScript loaded by / on first visit: ${js.files.length} files, ${(js.total / 1024).toFixed(1)} kB gzip (budget ${JS_BUDGET_BYTES / 1024} kB)`);
    for (const f of js.files.sort((a, b) => b.gzip - a.gzip).slice(0, 5)) console.log(`  ${(f.gzip / 1024).toFixed(1).padStart(6)} kB  ${new URL(f.url).pathname}`);
    if (js.total > JS_BUDGET_BYTES) {
      console.log("JavaScript budget exceeded");
      process.exitCode = 1;
    }
  } finally {
    chrome?.kill();
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv.includes("--cad")) {
  ensureBuilt();
  const { runCadBench } = await import("./cad.ts");
  await runCadBench({ root: ROOT, freePort, startServer, waitFor });
} else {
  await main();
}
