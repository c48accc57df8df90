/**
 * The real server in its own process (so its memory is its own): buildApp + listen on an
 * ephemeral port, PGlite on disk in a temporary DATA_DIR (or PostgreSQL: BENCH_DATABASE_URL). The parent talks to it over HTTP and
 * sends it a few commands over IPC (seed rows, report memory, explain a query).
 */
import crypto from "node:crypto";
import { openBenchServer, serveBenchCommands } from "../lib/bench-server.ts";
import { eq, sql } from "drizzle-orm";
import { designs, designStones, uploads, users } from "../../apps/server/src/db/schema/index.ts";

export type Command =
  | { cmd: "memory" }
  | { cmd: "memory-reset" }
  | { cmd: "seed"; totalDesigns: number; users: number; measuredUserId: string; measuredDesigns: number }
  | { cmd: "explain"; userId: string }
  | { cmd: "stop" };

const server = await openBenchServer({ dbPrefix: "bench" });

const db = server.db;
const startupRss = process.memoryUsage.rss();

// maxRSS is the peak of the whole process life (PGlite's start-up dominates it), so the peak of
// one phase is sampled: every 2 ms, on the event loop that also serves the requests.
let sampledPeak = process.memoryUsage.rss();
setInterval(() => {
  sampledPeak = Math.max(sampledPeak, process.memoryUsage.rss());
}, 2).unref();
const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/** Users and designs inserted directly, in batches; the measured user gets `measuredDesigns` with stones and images. */
async function seed(c: Extract<Command, { cmd: "seed" }>): Promise<{ designs: number; seconds: number }> {
  const started = performance.now();
  const [{ n: existingUsers } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  const [{ n: existingDesigns } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(designs);
  const [{ n: mine } = { n: 0 }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(designs)
    .where(eq(designs.userId, c.measuredUserId));

  const userIds: string[] = (await db.select({ id: users.id }).from(users)).map((u) => u.id).filter((id) => id !== c.measuredUserId);
  const newUsers = Math.max(0, c.users - (existingUsers - 1));
  for (let i = 0; i < newUsers; i += 1000) {
    const batch = Array.from({ length: Math.min(1000, newUsers - i) }, () => {
      const tag = crypto.randomBytes(6).toString("hex");
      return { email: `bench-${tag}@example.com`, username: `bench-${tag}`, passwordHash: "x" };
    });
    const rows = await db.insert(users).values(batch).returning({ id: users.id });
    userIds.push(...rows.map((r) => r.id));
  }

  const yearMs = 365 * 24 * 3600 * 1000;
  const now = Date.now();
  const types = ["ring", "necklace", "earrings", "bracelet", "pendant", "nose_pin", "other"] as const;
  const design = (userId: string, i: number) => {
    const createdAt = new Date(now - Math.random() * yearMs);
    return {
      userId,
      name: `Design ${i}`,
      description: "A seeded design for the benchmark.",
      designType: types[i % types.length]!,
      createdAt,
      updatedAt: createdAt,
    };
  };

  // The measured user's own designs, each with 2 stones and 2 images.
  const toAddMine = Math.max(0, c.measuredDesigns - mine);
  if (toAddMine > 0) {
    const rows = await db
      .insert(designs)
      .values(Array.from({ length: toAddMine }, (_, i) => design(c.measuredUserId, i)))
      .returning({ id: designs.id });
    await db.insert(designStones).values(
      rows.flatMap((r) => [
        { designId: r.id, ordinal: 0, stoneType: "Diamond", stoneCarat: 0.5, quantity: 1 },
        { designId: r.id, ordinal: 1, stoneType: "Ruby", stoneCarat: 0.1, quantity: 6 },
      ]),
    );
    await db.insert(uploads).values(
      rows.flatMap((r) =>
        [0, 1].map((position) => {
          const base = `users/${c.measuredUserId}/designs/${crypto.randomUUID()}`;
          return {
            userId: c.measuredUserId,
            designId: r.id,
            fileName: `ref-${position}.jpg`,
            size: 1000,
            contentType: "image/jpeg",
            status: "completed" as const,
            storageKey: `${base}.jpg`,
            thumbnailKey: `${base}_320.webp`,
            previewKey: `${base}_1024.webp`,
            width: 800,
            height: 600,
            position,
          };
        }),
      ),
    );
  }

  const others = Math.max(0, c.totalDesigns - existingDesigns - toAddMine);
  const BATCH = 5000;
  for (let i = 0; i < others; i += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, others - i) }, (_, j) => design(userIds[(i + j) % userIds.length]!, i + j));
    await db.insert(designs).values(batch);
  }
  await db.execute(sql`analyze designs`);
  await db.execute(sql`analyze uploads`);
  await db.execute(sql`analyze design_stones`);
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(designs);
  return { designs: n, seconds: (performance.now() - started) / 1000 };
}

/** The plan of the list's main query, as the repository writes it. */
async function explain(userId: string): Promise<string[]> {
  const result = await db.execute(
    sql`explain analyze select * from designs where user_id = ${userId} order by created_at desc nulls last, id desc nulls last limit 10 offset 0`,
  );
  // node-postgres and PGlite both answer with `rows`.
  // node-postgres and PGlite both answer with `rows`.
  return (result as { rows: Record<string, unknown>[] }).rows.map((r) => {
    const line = Object.values(r)[0];
    return typeof line === "string" ? line : JSON.stringify(line);
  });
}

serveBenchCommands<Command>(server, {
  memory: () => {
    const usage = process.resourceUsage();
    return {
      rssMb: mb(process.memoryUsage.rss()),
      peakRssMb: mb(usage.maxRSS * 1024),
      sampledPeakMb: mb(sampledPeak),
      startupRssMb: mb(startupRss),
    };
  },
  "memory-reset": () => {
    sampledPeak = process.memoryUsage.rss();
    return { ok: true };
  },
  seed: (message) => seed(message),
  explain: (message) => explain(message.userId),
});
