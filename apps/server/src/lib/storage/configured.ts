import path from "node:path";
import type { Config } from "../../config.ts";
import { createLocalStorage, type Storage } from "../storage.ts";

/**
 * The configured store: the S3 bucket when S3_BUCKET is set (the SDK is loaded only then), else
 * local disk under DATA_DIR/uploads.
 */
export async function openStorage(config: Pick<Config, "s3" | "dataDir">, logger?: { error(obj: object, msg: string): void }): Promise<Storage> {
  if (!config.s3) return createLocalStorage(localStorageRoot(config.dataDir));
  const { createS3Storage } = await import("./s3.ts");
  return createS3Storage({ ...config.s3, logger });
}

/** Where local files live (and where `storage migrate` reads them from). */
export const localStorageRoot = (dataDir: string) => path.join(dataDir, "uploads");
