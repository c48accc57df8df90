import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type { AppInstance } from "../../app.ts";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import type { SafeFetcher } from "../../lib/safe-fetch.ts";
import { createFileUrlSigner, resolveFileUrlSecret } from "../../lib/signed-url.ts";
import { createLocalStorage, type Storage } from "../../lib/storage.ts";
import { registerUploadRoutes } from "../uploads/uploads.routes.ts";
import { createUploadsService } from "../uploads/uploads.service.ts";
import { registerDesignRoutes } from "./designs.routes.ts";
import { createDesignsService } from "./designs.service.ts";

export interface DesignModuleDeps {
  db: Db;
  config: Config;
  clock: Clock;
  /** Defaults to local disk under DATA_DIR/uploads. */
  storage?: Storage | undefined;
  /** Copies a link design's product photos. */
  fetcher: SafeFetcher;
  logger: FastifyBaseLogger;
}

/** Designs, uploads and the signed file route, wired from the configuration. */
export async function registerDesignModules(app: AppInstance, deps: DesignModuleDeps) {
  const { db, config, clock } = deps;
  const storage = deps.storage ?? createLocalStorage(path.join(config.dataDir, "uploads"));
  const signer = createFileUrlSigner({ secret: await resolveFileUrlSecret(config.fileUrlSecret, config.dataDir), clock });
  const tmpDir = path.join(config.dataDir, "tmp", "uploads");
  const uploads = createUploadsService({ db, storage, signer, clock, publicUrl: config.publicUrl, tmpDir });
  const designs = createDesignsService({ db, uploads, clock, publicUrl: config.publicUrl, fetcher: deps.fetcher, logger: deps.logger });
  await uploads.sweepAbandoned();
  registerUploadRoutes(app, uploads);
  registerDesignRoutes(app, designs, tmpDir);
  return { uploads, designs, storage };
}
