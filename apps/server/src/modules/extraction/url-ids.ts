const ID_PARAMS =
  /^(?:sku|childsku|variant_?sku|skuid|sku_id|itemid|item_id|item|productid|product_id|product|pid|prod_?id|articleid|article|art|artnr|id)$/i;
const ID_PATH_KEYS =
  /^(?:dp|gp|product|products|produkt|produit|prodotto|producto|p|pd|prod|item|items|itm|artikel|article|a|i|sku|id|products_id|offer|listing|ad|annonce)$/i;
const EXTENSION = /\.(?:html?|php|aspx?|jsp|htm|do|cfm)$/i;

function idLike(token: string): boolean {
  if (token.length < 4 || token.length > 32) return false;
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(token)) return false;
  const digits = token.replace(/\D/g, "").length;
  if (digits === 0) return false;
  // A slug word with a number ("t15", "2020") is not an identifier; an id is mostly digits or a code.
  if (/^\d+$/.test(token)) return token.length >= 5 && !/^(?:19|20)\d{2}$/.test(token);
  return digits >= 3 && /[A-Za-z]/.test(token) && (token.match(/-/g)?.length ?? 0) <= 1;
}

/**
 * A product identifier carried by the URL: `?sku=`, `/dp/<id>`, `/item/<id>`, a last path
 * segment that is an id, or a numeric id ending a slug (`...-12185160.html`, `..._36029524`).
 */
export function productIdFromUrl(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  for (const [key, value] of parsed.searchParams) {
    if (ID_PARAMS.test(key) && idLike(value)) return value;
  }
  const segments = parsed.pathname
    .split("/")
    .filter(Boolean)
    .map((s) => decodeURIComponentSafe(s).replace(EXTENSION, ""));
  for (let i = 0; i < segments.length - 1; i++) {
    const key = segments[i];
    const next = segments[i + 1];
    if (key !== undefined && next !== undefined && ID_PATH_KEYS.test(key)) {
      const head = next.split(/[_]/)[0] ?? next;
      if (idLike(head)) return head;
    }
  }
  const last = segments[segments.length - 1];
  if (last === undefined) return null;
  if (idLike(last) && !/[a-z]{4,}/i.test(last.replace(/^[A-Za-z]{1,3}(?=\d)/, ""))) return last;
  const tail = /(?:^|[-_.,])(?:[a-z]{1,3})?(\d{5,})$/i.exec(last);
  if (tail?.[1]) return tail[1];
  // "/c5780a200532255/some-slug": a code segment before the slug that ends in a long number.
  const previous = segments[segments.length - 2];
  const previousId = previous === undefined ? null : /^(?:[a-z0-9]*[a-z])?(\d{6,})$/i.exec(previous);
  if (previousId?.[1]) return previousId[1];
  return null;
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
