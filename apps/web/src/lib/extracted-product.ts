import { extractedProductSchema, type ExtractedProduct } from "@atelier/contract";

/** The server answered 2xx with something that is not an extracted product. */
export class InvalidExtractionError extends Error {
  constructor() {
    super("The extraction returned an unexpected response.");
  }
}

/** Whether a text is an absolute http(s) address (a product link, an image URL). */
export function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return u.protocol === "http:" || u.protocol === "https:";
  } catch {
    return false;
  }
}

/** Spec §3: image_urls may arrive as a comma-separated string; unusable entries are dropped, not fatal. */
function normalize(body: unknown): unknown {
  if (!body || typeof body !== "object" || Array.isArray(body)) return body;
  const b = body as Record<string, unknown>;
  const media = b.media;
  if (!media || typeof media !== "object") return body;
  const raw = (media as Record<string, unknown>).image_urls;
  const list = typeof raw === "string" ? raw.split(",") : Array.isArray(raw) ? raw : [];
  const image_urls = list.filter((u): u is string => typeof u === "string").map((u) => u.trim()).filter(isHttpUrl);
  return { ...b, media: { ...(media as Record<string, unknown>), image_urls } };
}

/**
 * The answer of an extraction (POST /api/scrape/ or, before sign-up, /api/public/scrape/) read as
 * an extracted product; throws InvalidExtractionError for anything else.
 */
export function parseExtractedProduct(body: unknown): ExtractedProduct {
  const parsed = extractedProductSchema.safeParse(normalize(body));
  if (!parsed.success) throw new InvalidExtractionError();
  return parsed.data;
}
