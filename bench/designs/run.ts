/**
 * Designs bench:
 *  1. end-to-end time and the server's peak RSS for one design with 5 noisy JPEGs of ~5 MB,
 *     sent as real multipart over HTTP to the real server (its own process, PGlite on disk);
 *  2. p50/p95 of GET /api/designs/?page=1 for one user (~50 designs) while the table holds
 *     1 000 and then 100 000 designs of many users.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { json, percentile, startBenchServer, table } from "../lib/harness.ts";
import { noisyJpeg } from "../../apps/server/src/modules/uploads/test-support.ts";
import type { Command } from "./server.ts";

const IMAGES = 5;
const IMAGE_BYTES = 5 * 1024 * 1024;
const UPLOAD_RUNS = 3;
const LIST_WARMUP = 30;
const LIST_SAMPLES = 300;
const MEASURED_USER_DESIGNS = 50;

interface Memory {
  rssMb: number;
  peakRssMb: number;
  sampledPeakMb: number;
  startupRssMb: number;
}

export async function run(): Promise<void> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "atelier-bench-designs-"));
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

    // ---- 1. one design with 5 images of ~5 MB
    const images = await Promise.all(Array.from({ length: IMAGES }, () => noisyJpeg(IMAGE_BYTES)));
    const totalMb = images.reduce((n, b) => n + b.length, 0) / 1024 / 1024;
    const form = (files: Buffer[]) => {
      const fd = new FormData();
      fd.append("data", JSON.stringify({ name: "Bench ring", description: "Five large reference photos." }));
      files.forEach((b, i) => fd.append("images", new Blob([new Uint8Array(b)], { type: "image/jpeg" }), `photo-${i + 1}.jpg`));
      return fd;
    };
    // Warm-up: the first request loads sharp and compiles the routes.
    await json(await fetch(`${server.base}/api/designs/`, { method: "POST", headers, body: form([await noisyJpeg(200_000)]) }));
    await server.send({ cmd: "memory-reset" });
    const before = await server.send<Memory>({ cmd: "memory" });

    const runs: number[] = [];
    for (let i = 0; i < UPLOAD_RUNS; i++) {
      const started = performance.now();
      const created = await json<{ images: unknown[] }>(
        await fetch(`${server.base}/api/designs/`, { method: "POST", headers, body: form(images) }),
      );
      runs.push(performance.now() - started);
      if (created.images.length !== IMAGES) throw new Error("images missing from the created design");
    }
    const after = await server.send<Memory>({ cmd: "memory" });
    const sortedRuns = [...runs].sort((a, b) => a - b);

    console.log(
      `Create one design with ${IMAGES} JPEGs (${images.map((b) => (b.length / 1024 / 1024).toFixed(1)).join(", ")} MB; ${totalMb.toFixed(1)} MB in all), multipart over HTTP:\n`,
    );
    console.log(
      table(
        ["measure", "value"],
        [
          ["end-to-end time, median of " + UPLOAD_RUNS, `${Math.round(percentile(sortedRuns, 50))} ms`],
          ["end-to-end time, each run", runs.map((r) => `${Math.round(r)} ms`).join(", ")],
          [
            `server RSS after start-up (${process.env.BENCH_DATABASE_URL ? "PostgreSQL" : "PGlite in process"})`,
            `${before.startupRssMb} MB`,
          ],
          ["server RSS before the uploads (after warm-up)", `${before.rssMb} MB`],
          ["server peak RSS during the uploads (sampled every 2 ms)", `${after.sampledPeakMb} MB`],
          ["peak above the pre-upload RSS", `${Math.round((after.sampledPeakMb - before.rssMb) * 10) / 10} MB`],
          ["process-lifetime peak RSS (getrusage maxRSS)", `${after.peakRssMb} MB`],
        ],
      ),
    );

    // ---- 2. list latency while the table grows
    const rows: (string | number)[][] = [];
    let plan: string[] = [];
    for (const total of [1_000, 100_000]) {
      const seeded = await server.send<{ designs: number; seconds: number }>({
        cmd: "seed",
        totalDesigns: total,
        users: Math.max(100, total / 50),
        measuredUserId: auth.user.id,
        measuredDesigns: MEASURED_USER_DESIGNS,
      });
      const get = async () => {
        const started = performance.now();
        const page = await json<{ count: number; results: unknown[] }>(await fetch(`${server.base}/api/designs/?page=1`, { headers }));
        if (page.results.length !== 10) throw new Error("expected a full first page");
        return { ms: performance.now() - started, count: page.count };
      };
      for (let i = 0; i < LIST_WARMUP; i++) await get();
      const samples: number[] = [];
      let count = 0;
      for (let i = 0; i < LIST_SAMPLES; i++) {
        const r = await get();
        samples.push(r.ms);
        count = r.count;
      }
      samples.sort((a, b) => a - b);
      rows.push([
        seeded.designs.toLocaleString("en-US"),
        count,
        `${percentile(samples, 50).toFixed(2)} ms`,
        `${percentile(samples, 95).toFixed(2)} ms`,
        `${seeded.seconds.toFixed(1)} s`,
      ]);
      plan = await server.send<string[]>({ cmd: "explain", userId: auth.user.id });
    }
    console.log(
      `\nGET /api/designs/?page=1 for one user, ${LIST_SAMPLES} sequential requests after ${LIST_WARMUP} warm-up (10 designs with stones and signed image URLs per page):\n`,
    );
    console.log(table(["designs in table", "user's designs", "p50", "p95", "seeding took"], rows));
    console.log(`\nPlan of the page query at 100 000 rows:\n${plan.map((l) => `  ${l}`).join("\n")}`);
  } finally {
    await server.send({ cmd: "stop" }).catch(() => undefined);
    server.child.kill();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
