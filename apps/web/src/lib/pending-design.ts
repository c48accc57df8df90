import { authStorage, PENDING_DESIGN_KEY, type PendingDesign } from "./auth-storage";

/**
 * The query parameter that carries a product link to /signup when the quote form was sent by
 * the browser itself (before the page's script ran, or without JavaScript).
 */
export const PRODUCT_LINK_PARAM = "link";

/** A link as typed, with https:// added when only the address was pasted; null when it is not a web link. */
export function normaliseProductLink(raw: string): string | null {
  const value = raw.trim();
  const withScheme = /^[a-z][a-z\d+.-]*:\/\//i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(withScheme);
    if ((url.protocol !== "https:" && url.protocol !== "http:") || !url.hostname.includes(".")) return null;
    return withScheme;
  } catch {
    return null;
  }
}

/** Keeps a visitor's link for after sign-up or sign-in (spec: "Pending design"); the dashboard recovers it. */
export function storePendingLink(url: string): PendingDesign {
  const pending: PendingDesign = { type: "link", data: url };
  sessionStorage.setItem(PENDING_DESIGN_KEY, JSON.stringify(pending));
  return pending;
}

/**
 * /signup?link=...: the quote form sent without script. The link becomes the pending design
 * (as the quote dialog would have stored it) and leaves the address. Returns what to do next:
 * a signed-in customer goes to the dashboard, which hands the link to New design.
 */
export function takePendingLinkFromUrl(location: { search: string }): { stored: boolean; signedIn: boolean } {
  const raw = new URLSearchParams(location.search).get(PRODUCT_LINK_PARAM);
  const url = raw === null ? null : normaliseProductLink(raw);
  if (url) storePendingLink(url);
  return { stored: url !== null, signedIn: url !== null && authStorage.getToken() !== null };
}
