/**
 * Tolerant JSON reading for what shops embed in pages: JSON-LD with CDATA wrappers, raw
 * newlines inside strings or trailing commas, and JSON object literals assigned in scripts.
 */
export function parseJsonLenient(text: string): unknown {
  const trimmed = text
    .trim()
    .replace(/^\s*(?:\/\*\s*)?<!\[CDATA\[(?:\s*\*\/)?/, "")
    .replace(/(?:\/\*\s*)?\]\]>(?:\s*\*\/)?\s*$/, "")
    .replace(/^\s*<!--/, "")
    .replace(/-->\s*$/, "")
    .replace(/;\s*$/, "")
    .trim();
  if (trimmed === "") return undefined;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    // Raw control characters inside strings and trailing commas are the usual breakages.
    const repaired = trimmed.replace(/\p{Cc}+/gu, " ").replace(/,\s*([}\]])/g, "$1");
    try {
      return JSON.parse(repaired) as unknown;
    } catch {
      return undefined;
    }
  }
}

/** End index (exclusive) of the balanced JSON value starting at `start` (`{` or `[`), or -1. */
export function balancedEnd(text: string, start: number, maxLength = 3_000_000): number {
  const open = text[start];
  if (open !== "{" && open !== "[") return -1;
  let depth = 0;
  let inString: string | null = null;
  const limit = Math.min(text.length, start + maxLength);
  for (let i = start; i < limit; i++) {
    const ch = text[i];
    if (inString !== null) {
      if (ch === "\\") i++;
      else if (ch === inString) inString = null;
      continue;
    }
    if (ch === '"' || ch === "'") inString = ch;
    else if (ch === "{" || ch === "[") depth++;
    else if (ch === "}" || ch === "]") {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

/** The JSON value that starts at the first `{`/`[` at or after `from`, if it parses. */
export function jsonValueAt(text: string, from: number): unknown {
  const brace = text.slice(from, from + 200).search(/[{[]/);
  if (brace < 0) return undefined;
  const start = from + brace;
  const end = balancedEnd(text, start);
  if (end < 0) return undefined;
  return parseJsonLenient(text.slice(start, end));
}

/** Every JSON value assigned right after a match of `pattern` (which must be global). */
export function jsonAfterPattern(text: string, pattern: RegExp): unknown[] {
  const found: unknown[] = [];
  for (const match of text.matchAll(pattern)) {
    const value = jsonValueAt(text, (match.index ?? 0) + match[0].length);
    if (value !== undefined) found.push(value);
    if (found.length >= 20) break;
  }
  return found;
}
