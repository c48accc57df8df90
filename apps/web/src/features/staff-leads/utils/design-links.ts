/**
 * Web addresses in a message, with a scheme or starting "www." (as people paste them from an address
 * bar); trailing punctuation of the sentence is not part of them, unless it closes a bracket the
 * address opened (`.../Ring_(jewellery)`).
 */
const URL_PATTERN = /\b(?:https?:\/\/|www\.)[^\s<>"'`]+/gi;

function trimTrailing(raw: string): string {
  let url = raw;
  for (;;) {
    const last = url.at(-1) ?? "";
    if (/[.,;:!?]/.test(last)) url = url.slice(0, -1);
    else if (last === ")" && (url.match(/\(/g)?.length ?? 0) < (url.match(/\)/g)?.length ?? 0)) url = url.slice(0, -1);
    else if ((last === "]" || last === "}") && !url.includes(last === "]" ? "[" : "{")) url = url.slice(0, -1);
    else return url;
  }
}

export interface DesignLink {
  href: string;
  /** The host and path without the scheme, for showing ("pinterest.com/pin/123"). */
  label: string;
}

/** The links a lead's design idea mentions (Pinterest, Instagram, a shop), once each, in order. */
export function designLinks(text: string): DesignLink[] {
  const seen = new Set<string>();
  const links: DesignLink[] = [];
  for (const match of text.matchAll(URL_PATTERN)) {
    const raw = trimTrailing(match[0]);
    let url: URL;
    try {
      url = new URL(/^www\./i.test(raw) ? `https://${raw}` : raw);
    } catch {
      continue;
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") continue;
    if (seen.has(url.href)) continue;
    seen.add(url.href);
    const path = `${url.pathname === "/" ? "" : url.pathname}${url.search}`;
    links.push({ href: url.href, label: `${url.hostname.replace(/^www\./, "")}${path}` });
  }
  return links;
}
