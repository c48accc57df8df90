import crypto from "node:crypto";
import fsp from "node:fs/promises";
import path from "node:path";
import { MAX_IMAGE_BYTES } from "@atelier/contract";
import { sniffImageFormat, SNIFF_BYTES } from "../../lib/images.ts";
import type { SafeFetcher } from "../../lib/safe-fetch.ts";
import { cleanFileName } from "../../lib/multipart.ts";
import type { StagedImage } from "./multipart.ts";

export interface RemoteImageOptions {
  fetcher: SafeFetcher;
  tmpDir: string;
  /** The product page the photos belong to; sent as Referer, since some shop CDNs want one. */
  referer?: string | undefined;
  /** Told about each photo that is skipped, with the reason. */
  onSkip?: (url: string, reason: string) => void;
}

/** Photos fetched at once: enough to be quick, few enough not to hammer one shop. */
const CONCURRENCY = 4;

/** "https://cdn.shop/files/ring%20front.jpg?v=2" → "ring front.jpg". */
function fileNameOf(url: string): string {
  try {
    const last = new URL(url).pathname.split("/").filter(Boolean).pop() ?? "";
    return cleanFileName(decodeURIComponent(last) || "product-image");
  } catch {
    return "product-image";
  }
}

/**
 * Copies a shop's product photos into staged files, in the order given, through the same
 * address checks as the page fetch. A photo that cannot be fetched, is too large or is not a
 * PNG, JPEG, GIF or WebP is skipped: the shopper's design is saved with the photos we could keep.
 */
export async function stageRemoteImages(urls: readonly string[], options: RemoteImageOptions): Promise<StagedImage[]> {
  const { fetcher, tmpDir, referer, onSkip } = options;
  await fsp.mkdir(tmpDir, { recursive: true });
  const unique = [...new Set(urls)];
  const staged: Array<StagedImage | null> = Array.from({ length: unique.length }, () => null);

  async function stage(index: number): Promise<void> {
    const url = unique[index]!;
    try {
      const { bytes } = await fetcher.fetchImage(url, { referer });
      if (bytes.length === 0 || bytes.length > MAX_IMAGE_BYTES) throw new Error("empty or too large");
      const format = await sniffImageFormat(bytes.subarray(0, SNIFF_BYTES));
      if (format === null) throw new Error("not a PNG, JPEG, GIF or WebP image");
      const tmpPath = path.join(tmpDir, `${crypto.randomUUID()}.remote`);
      await fsp.writeFile(tmpPath, bytes, { mode: 0o600 });
      staged[index] = { tmpPath, fileName: fileNameOf(url), size: bytes.length, format };
    } catch (err) {
      onSkip?.(url, err instanceof Error ? err.message : String(err));
    }
  }

  let next = 0;
  const worker = async () => {
    while (next < unique.length) await stage(next++);
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, unique.length) }, worker));
  return staged.filter((s): s is StagedImage => s !== null);
}
