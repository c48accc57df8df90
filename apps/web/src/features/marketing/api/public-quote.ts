import type { DesignEstimateRequest, Estimate, ExtractedProduct } from "@atelier/contract";
import { api } from "@/lib/api-client";
import { parseExtractedProduct } from "@/lib/extracted-product";

/** POST /api/public/scrape/ {url}: the product behind a shop's link, for a visitor without an account. */
export async function scrapeProductPublic(url: string, signal?: AbortSignal): Promise<ExtractedProduct> {
  return parseExtractedProduct(await api<unknown>("/public/scrape/", { method: "POST", body: { url }, anonymous: true, ...(signal && { signal }) }));
}

/** POST /api/public/estimate/: the instant estimate of design details that are not saved. */
export const estimateDetailsPublic = (details: DesignEstimateRequest, signal?: AbortSignal) =>
  api<Estimate>("/public/estimate/", { method: "POST", body: details, anonymous: true, ...(signal && { signal }) });
