import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { openRuntime } from "./runtime.ts";

async function main(): Promise<void> {
  const config = loadConfig();
  const runtime = await openRuntime(config);
  const { app, services } = await buildApp({ config, ...runtime });
  await app.listen({ port: config.port, host: config.host });
  runtime.logger.info(
    { url: `http://localhost:${config.port}`, database: runtime.database.kind },
    `serving on http://localhost:${config.port}`,
  );

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    runtime.logger.info({ signal }, "shutting down: finishing in-flight requests");
    const force = setTimeout(() => {
      runtime.logger.error("shutdown took too long; exiting");
      process.exit(1);
    }, 15_000);
    force.unref();
    // app.close() stops accepting, waits for in-flight requests, then the database closes.
    void app
      .close()
      .then(() => services.auth.drain())
      .then(() => runtime.close())
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        runtime.logger.error({ err }, "error during shutdown");
        process.exit(1);
      });
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});
