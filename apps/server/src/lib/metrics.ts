import crypto from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { LevelWithSilent } from "pino";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { Database, PoolStats } from "../db/client.ts";

/**
 * The process's own metrics (CPU, memory, event loop lag, GC, handles) in one registry made once
 * per process: collecting them twice would double every series, and tests build many apps.
 */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export interface MetricsOptions {
  database: Database;
  /** Bearer token `/metrics` asks for; unset: open, unless `production`. */
  token: string | undefined;
  production: boolean;
}

/** What the job queue's gauges read (the durable queue's `health()`). */
export interface QueueHealthSource {
  health(): Promise<{ pending: number; running: number; retrying: number; failed: number; oldestPendingAt: Date | null; now: Date }>;
}

export interface Metrics {
  /** Adds the durable job queue's depth, failures and oldest wait (read at each scrape). */
  watchQueue(queue: QueueHealthSource): void;
}

/** Latency buckets in seconds: the API's answers are mostly tens of milliseconds; uploads take seconds. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * Prometheus metrics at GET /metrics: requests by method, route pattern (never the raw URL, so
 * ids do not multiply series) and status; their latency; the database pool; the process.
 * With METRICS_TOKEN set it asks for `Authorization: Bearer <token>`; in production without one
 * it is not served at all (404), so that it is never public by mistake.
 */
export function installMetrics(app: FastifyInstance, options: MetricsOptions): Metrics {
  const enabled = options.token !== undefined || !options.production;
  const registry = new Registry();
  app.get("/metrics", { schema: { hide: true }, logLevel: quietLogLevel(app) }, async (req, reply) => {
    if (!enabled) return reply.code(404).send({ detail: "Not found." });
    if (options.token !== undefined && !bearerMatches(req.headers.authorization, options.token)) {
      return reply.code(401).header("www-authenticate", 'Bearer realm="metrics"').send({ detail: "A valid metrics token is required." });
    }
    const [own, proc] = await Promise.all([registry.metrics(), processMetrics().metrics()]);
    return reply.header("cache-control", "no-store").type(registry.contentType).send(`${own}\n${proc}`);
  });
  if (!enabled) return { watchQueue: () => undefined };

  const labelNames = ["method", "route", "status_code"] as const;
  const requests = new Counter({
    name: "http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status.",
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer an HTTP request, by method, route pattern and status.",
    labelNames,
    buckets: BUCKETS,
    registers: [registry],
  });
  const stats = options.database.poolStats?.bind(options.database);
  if (stats) {
    const gauge = (name: string, help: string, pick: (s: PoolStats) => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(pick(stats()));
        },
      });
    gauge("db_pool_connections", "Database connections open (idle and in use).", (s) => s.total);
    gauge("db_pool_idle_connections", "Database connections open and idle.", (s) => s.idle);
    gauge("db_pool_waiting_queries", "Queries waiting for a database connection.", (s) => s.waiting);
    gauge("db_pool_max_connections", "The pool's largest number of connections.", (s) => s.max);
  }

  app.addHook("onResponse", (req, reply, done) => {
    // The route's pattern (/api/orders/:id/); requests no route matched share one label.
    const route = req.routeOptions.url ?? "unmatched";
    const labels = { method: req.method, route, status_code: String(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
    done();
  });

  return {
    watchQueue(queue) {
      // One read of the queue per scrape, shared by its gauges.
      let reading: Promise<Awaited<ReturnType<QueueHealthSource["health"]>>> | undefined;
      const read = () => (reading ??= queue.health().finally(() => setImmediate(() => (reading = undefined))));
      const gauge = (name: string, help: string, pick: (h: Awaited<ReturnType<QueueHealthSource["health"]>>) => number) =>
        new Gauge({
          name,
          help,
          registers: [registry],
          async collect() {
            this.set(pick(await read()));
          },
        });
      gauge("jobs_pending", "Background jobs waiting to run (due, retrying later, or running).", (h) => h.pending);
      gauge("jobs_running", "Background jobs being run now.", (h) => h.running);
      gauge("jobs_retrying", "Background jobs waiting to be tried again after a failure.", (h) => h.retrying);
      gauge("jobs_failed", "Background jobs that failed for good (shown to admins with a Retry button).", (h) => h.failed);
      gauge("jobs_oldest_pending_age_seconds", "How long the oldest pending background job has waited.", (h) =>
        h.oldestPendingAt ? Math.max(0, (h.now.getTime() - h.oldestPendingAt.getTime()) / 1000) : 0,
      );
    },
  };
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? "");
  if (!match?.[1]) return false;
  const digest = (s: string) => crypto.createHash("sha256").update(s).digest();
  return crypto.timingSafeEqual(digest(match[1]), digest(token));
}

/**
 * The level for routes that probes and scrapers call every few seconds: their request lines are
 * left out at `info`, and never shown where the app's own level is quieter (tests run silent).
 */
export function quietLogLevel(app: FastifyInstance): LevelWithSilent {
  const values: Record<LevelWithSilent, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity };
  const current = app.log.level as LevelWithSilent;
  return (values[current] ?? 30) > 40 ? current : "warn";
}
