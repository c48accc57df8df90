import fs from "node:fs";
import path from "node:path";
import { buildApp, type App } from "./app.ts";
import { runAdminRequest } from "./cli/admin-commands.ts";
import { ConfigError, loadConfig, type Config } from "./config.ts";
import { serveAdminSocket, type AdminSocketServer } from "./lib/admin-socket.ts";
import { holdBuildFolder } from "./lib/build-lease.ts";
import { DataDirLockedError } from "./lib/data-dir-lock.ts";
import { openRuntime, type Runtime } from "./runtime.ts";

/** In-flight requests get this long after SIGTERM; the process exits at the latest after SHUTDOWN_LIMIT_MS. */
const IN_FLIGHT_LIMIT_MS = 10_000;
const SHUTDOWN_LIMIT_MS = 15_000;

async function main(): Promise<void> {
  const loaded = loadConfig();
  // The web build served is the one current at start (its pages are kept in memory), read from its
  // real folder. That folder and this bundle's (whose chunks load on first use) are marked in use,
  // so rebuilding while this server runs removes neither (scripts/build-folders.mjs).
  const config: Config = { ...loaded, webDistDir: realFolder(loaded.webDistDir) };
  holdBuildFolder(import.meta.dirname);
  holdBuildFolder(config.webDistDir);
  const runtime = await openRuntime(config);
  const { app, services, readiness } = await buildApp({ config, ...runtime });
  await app.listen({ port: config.port, host: config.host });
  // The embedded database is this process's alone: the admin command asks it through a local socket.
  const adminSocket = runtime.database.kind === "pglite" ? await openAdminSocket(config, services, runtime) : undefined;
  runtime.logger.info(
    { url: `http://localhost:${config.port}`, database: runtime.database.kind },
    `serving on http://localhost:${config.port}`,
  );

  let closing = false;
  const exit = (code: number) => {
    // Log lines still buffered are written if standard output takes them quickly; never waited on longer.
    void runtime.flushLogs(500).finally(() => process.exit(code));
  };
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    // Readiness fails at once (the load balancer stops sending), and requests on kept-alive connections are sent away.
    readiness.draining = true;
    runtime.logger.info({ signal }, "shutting down: finishing in-flight requests");
    const force = setTimeout(() => {
      runtime.logger.error("shutdown took too long; exiting");
      exit(1);
    }, SHUTDOWN_LIMIT_MS);
    force.unref();
    const cut = setTimeout(() => {
      runtime.logger.warn("requests still in flight after 10 s; closing their connections");
      app.server.closeAllConnections();
    }, IN_FLIGHT_LIMIT_MS);
    cut.unref();
    // app.close() stops accepting connections, ends live event streams (with a reconnect hint),
    // waits for in-flight requests; then the database closes.
    void app
      .close()
      .then(() => clearTimeout(cut))
      .then(() => adminSocket?.close())
      .then(() => services.auth.drain())
      .then(() => runtime.close())
      .then(() => {
        runtime.logger.info("stopped");
        exit(0);
      })
      .catch((err: unknown) => {
        runtime.logger.error({ err }, "error during shutdown");
        exit(1);
      });
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

function realFolder(dir: string): string {
  try {
    return fs.realpathSync(dir);
  } catch {
    return dir; // not built: the server says so on every page
  }
}

async function openAdminSocket(config: Config, services: App["services"], runtime: Runtime): Promise<AdminSocketServer | undefined> {
  const socketPath = path.join(config.dataDir, "admin.sock");
  try {
    return await serveAdminSocket(socketPath, (request) => runAdminRequest(services.auth, request));
  } catch (err) {
    runtime.logger.warn({ err, socketPath }, "admin socket unavailable: `npm run admin` will ask to stop the server first");
    return undefined;
  }
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});
