import type { DesignFromLink, DesignInput } from "@atelier/contract";
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

/**
 * A design the visitor priced on the instant quote before having an account: its details as the
 * save takes them (a link's JSON save, or the short form's fields), kept under the pending-design
 * key until the save succeeds, so it is neither lost (a failed save keeps it) nor saved twice
 * (`attempted` makes a later try look for the saved design first).
 */
export type PendingEstimate = {
  type: "estimate";
  /** The shop's link ("" for a described piece), for readers that only know `data`. */
  data: string;
  id: string;
  /** ISO time the visitor asked to save; the saved design is created after it. */
  started_at: string;
  attempted?: boolean;
  design: { source: "link"; payload: DesignFromLink } | { source: "custom"; payload: DesignInput };
};

export function storePendingEstimate(design: PendingEstimate["design"]): PendingEstimate {
  const pending: PendingEstimate = {
    type: "estimate",
    data: design.source === "link" ? (design.payload.inspiration_link ?? "") : "",
    id: crypto.randomUUID(),
    started_at: new Date().toISOString(),
    design,
  };
  sessionStorage.setItem(PENDING_DESIGN_KEY, JSON.stringify(pending));
  return pending;
}

/** The pending design in session storage: a link or file (handed to New design), a priced design, or null (unreadable ones are removed). */
export function readPendingDesign(): PendingDesign | PendingEstimate | null {
  const raw = sessionStorage.getItem(PENDING_DESIGN_KEY);
  if (raw === null) return null;
  try {
    const value = JSON.parse(raw) as Partial<PendingEstimate> | Partial<PendingDesign> | null;
    if (value?.type === "estimate") {
      const v = value;
      const source = v.design?.source;
      if (typeof v.id === "string" && typeof v.started_at === "string" && (source === "link" || source === "custom") && typeof v.design?.payload === "object")
        return v as PendingEstimate;
    } else if ((value?.type === "link" || value?.type === "file") && typeof value.data === "string") {
      return value as PendingDesign;
    }
  } catch {
    // fall through: discarded
  }
  sessionStorage.removeItem(PENDING_DESIGN_KEY);
  return null;
}

/** Marks the priced design as sent once (before the request), so a retry looks for it first. */
export function markPendingEstimateAttempted(pending: PendingEstimate): void {
  const current = readPendingDesign();
  if (current?.type === "estimate" && current.id === pending.id) sessionStorage.setItem(PENDING_DESIGN_KEY, JSON.stringify({ ...current, attempted: true }));
}

/** Removes the priced design once it is saved (only that one: a newer pending design stays). */
export function clearPendingEstimate(id: string): void {
  const current = readPendingDesign();
  if (current?.type === "estimate" && current.id === id) sessionStorage.removeItem(PENDING_DESIGN_KEY);
}
