import type { ExtractedProduct } from "@atelier/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { parseExtractedProduct } from "@/lib/extracted-product";

export { InvalidExtractionError } from "@/lib/extracted-product";

/** POST /api/scrape/ {url}: the product found behind a link. */
export async function scrapeProduct(url: string): Promise<ExtractedProduct> {
  return parseExtractedProduct(await api<unknown>("/scrape/", { method: "POST", body: { url } }));
}

export function useScrapeProduct() {
  return useMutation({ mutationFn: scrapeProduct });
}
