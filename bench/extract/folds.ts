/**
 * Deterministic k-fold split of the corpus, grouped by shop: every page of one shop (Amazon in
 * five countries counts as one shop) lands in the same fold, so a held-out fold holds only shops
 * whose pages were not in the other folds. Rules fitted to a shop's template would otherwise
 * score on their own shop in "held-out" pages.
 */

/** Host tokens that name a country or a registry, not the shop. */
const NOT_A_SHOP = new Set(["www", "com", "co", "org", "net", "shop", "market"]);

/** "peb--amazon-de--b006v2op48" → "amazon"; "peb--ar-sa-namshi-com--x" → "namshi". */
export function shopOf(page: string): string {
  const host = page.split("--")[1] ?? page;
  const tokens = host.split("-").filter((t) => !NOT_A_SHOP.has(t) && t.length > 2);
  return tokens[tokens.length - 1] ?? host;
}

/** FNV-1a: a stable hash, the same on every machine and Node version. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/**
 * Page → fold (0 … k-1). Shops are taken in hash order, larger shops first, and each goes to the
 * fold with the fewest pages so far (ties: the lowest fold), so folds are balanced and the split
 * depends only on the page names.
 */
export function assignFolds(pages: readonly string[], k: number): Map<string, number> {
  const byShop = new Map<string, string[]>();
  for (const page of pages) {
    const shop = shopOf(page);
    byShop.set(shop, [...(byShop.get(shop) ?? []), page]);
  }
  const shops = [...byShop.entries()].sort((a, b) => b[1].length - a[1].length || fnv1a(a[0]) - fnv1a(b[0]) || a[0].localeCompare(b[0]));
  const sizes = Array.from({ length: k }, () => 0);
  const folds = new Map<string, number>();
  for (const [, shopPages] of shops) {
    const fold = sizes.indexOf(Math.min(...sizes));
    sizes[fold] = (sizes[fold] ?? 0) + shopPages.length;
    for (const page of shopPages) folds.set(page, fold);
  }
  return folds;
}

export function mean(values: number[]): number {
  return values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;
}

export function standardDeviation(values: number[]): number {
  if (values.length < 2) return 0;
  const m = mean(values);
  return Math.sqrt(values.reduce((a, v) => a + (v - m) ** 2, 0) / (values.length - 1));
}
