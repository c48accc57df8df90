const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  ndash: "–",
  mdash: "—",
  euro: "€",
  pound: "£",
  yen: "¥",
  reg: "®",
  trade: "™",
  copy: "©",
  hellip: "…",
  rsquo: "’",
  lsquo: "‘",
  rdquo: "”",
  ldquo: "“",
  eacute: "é",
  egrave: "è",
  agrave: "à",
  uuml: "ü",
  ouml: "ö",
  auml: "ä",
  szlig: "ß",
  deg: "°",
  times: "×",
  frac12: "½",
  frac14: "¼",
  frac34: "¾",
};

/** Decode HTML entities left in structured data ("Black &amp; Silver"). */
export function decodeEntities(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z][a-z0-9]*);/gi, (whole, name: string) => {
    if (name.startsWith("#x") || name.startsWith("#X")) return safeCodePoint(parseInt(name.slice(2), 16), whole);
    if (name.startsWith("#")) return safeCodePoint(parseInt(name.slice(1), 10), whole);
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

function safeCodePoint(code: number, fallback: string): string {
  return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : fallback;
}

/** Collapse whitespace (including no-break and thin spaces) and trim. */
export function cleanText(text: string): string {
  return text.replace(/[\s\u00a0\u200b\u202f\u2009]+/g, " ").trim();
}

/** Text from an HTML fragment that arrived inside JSON (descriptions often do). */
export function htmlToText(fragment: string): string {
  const withBreaks = decodeEntities(fragment)
    .replace(/<(?:br|\/p|\/li|\/div|\/h\d)\s*\/?>/gi, "\n")
    .replace(/<[^>]*>/g, " ");
  return decodeEntities(withBreaks)
    .split("\n")
    .map((line) => cleanText(line))
    .filter((line) => line !== "")
    .join("\n");
}

/** An absolute http(s) URL, or null when the value cannot be one. */
export function absoluteUrl(value: unknown, base: string): string | null {
  if (typeof value !== "string") return null;
  const trimmed = decodeEntities(value.trim());
  if (trimmed === "" || trimmed.startsWith("data:") || trimmed.startsWith("javascript:")) return null;
  try {
    const url = new URL(trimmed.startsWith("//") ? `https:${trimmed}` : trimmed, base);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    return url.href;
  } catch {
    return null;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function asArray(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

/** A scalar as trimmed text, or null for objects, empty strings and non-values. */
export function asText(value: unknown): string | null {
  if (typeof value === "string") {
    const text = cleanText(decodeEntities(value));
    return text === "" ? null : text;
  }
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return null;
}

/** First non-empty text among candidates, looking inside {name}/{@value} objects too. */
export function firstText(...values: unknown[]): string | null {
  for (const value of values) {
    for (const item of asArray(value)) {
      const text = asText(item) ?? (isRecord(item) ? (asText(item["name"]) ?? asText(item["@value"])) : null);
      if (text !== null) return text;
    }
  }
  return null;
}

export function uniqueStrings(values: Iterable<string>): string[] {
  return [...new Set(values)];
}
