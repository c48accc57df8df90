import { z } from "zod";

/**
 * What the top-bar search finds: a customer's own orders, designs and conversations (by subject,
 * ticket number or a word of any message); staff find every one of them and the customers too. Groups come back in this order, each only when it has results.
 */
export const SEARCH_KINDS = ["order", "design", "conversation", "customer"] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export const SEARCH_KIND_LABELS: Record<SearchKind, string> = { order: "Orders", design: "Designs", conversation: "Messages", customer: "Customers" };

export const SEARCH_QUERY_MAX = 200;
/** Results per group: a few as you type, more on the results page. */
export const SEARCH_PREVIEW_LIMIT = 5;
export const SEARCH_PAGE_LIMIT = 20;

export const searchQuerySchema = z.object({
  q: z.string().max(SEARCH_QUERY_MAX).default(""),
  limit: z.coerce.number().int().min(1).max(SEARCH_PAGE_LIMIT).default(SEARCH_PREVIEW_LIMIT),
});

export const searchHitSchema = z.object({
  kind: z.enum(SEARCH_KINDS),
  id: z.string(),
  title: z.string(),
  subtitle: z.string(),
  /** A path in the web app (the order, the design, the staff workbench). */
  href: z.string(),
});
export type SearchHit = z.infer<typeof searchHitSchema>;

export const searchGroupSchema = z.object({ kind: z.enum(SEARCH_KINDS), label: z.string(), results: z.array(searchHitSchema) });
export type SearchGroup = z.infer<typeof searchGroupSchema>;

/** GET /api/search/?q=…&limit=…: newest first within each group. */
export const searchResponseSchema = z.object({ query: z.string(), groups: z.array(searchGroupSchema) });
export type SearchResponse = z.infer<typeof searchResponseSchema>;

/**
 * The words of a query as PostgreSQL prefix terms: lower-cased letters and digits only (every
 * operator and punctuation mark is a separator), so user input never reaches to_tsquery's syntax.
 * "JW-2026-000123" gives `jw:* & 2026:* & 000123:*`; nothing searchable gives "".
 */
export function searchTerms(query: string): string[] {
  return [
    ...new Set(
      query
        .normalize("NFC")
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter(Boolean)
        .map((w) => w.slice(0, 40)),
    ),
  ].slice(0, 8);
}
