/** Web addresses in a message; trailing punctuation of the sentence is not part of them. */
const URL_PATTERN = /\bhttps?:\/\/[^\s<>"'`]+/gi;

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
    const raw = match[0].replace(/[.,;:!?)\]}]+$/, "");
    let url: URL;
    try {
      url = new URL(raw);
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
