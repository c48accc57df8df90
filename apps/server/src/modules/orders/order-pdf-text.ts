// Text as the PDF's standard fonts can draw it (their WinAnsi encoding).

/** The characters of WinAnsiEncoding above Latin-1's printable range (0x80-0x9F). */
const WIN_ANSI_EXTRA = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");
const REPLACEMENTS: Record<string, string> = {
  "→": "->",
  "←": "<-",
  "≤": "<=",
  "≥": ">=",
  "−": "-",
  "‐": "-",
  "‑": "-",
  "′": "'",
  "″": '"',
  "₹": "INR ",
  Ł: "L",
  ł: "l",
  Đ: "D",
  đ: "d",
  ı: "i",
};

/**
 * Text as PDFKit's standard fonts can encode it (WinAnsi): accents are kept where Latin-1 has
 * them, dropped where it does not, other characters become "?". Control characters go, line
 * breaks stay.
 */
export function pdfText(input: string): string {
  let out = "";
  for (const ch of input.normalize("NFC")) {
    const code = ch.codePointAt(0) ?? 0;
    if (ch === "\n" || ch === "\t") out += ch === "\t" ? " " : ch;
    else if (ch === "\r") continue;
    else if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch)) out += ch;
    else if (/\s/.test(ch)) out += " ";
    else if (REPLACEMENTS[ch] !== undefined) out += REPLACEMENTS[ch];
    else if (code < 0x20 || (code >= 0x7f && code < 0xa0)) continue;
    else {
      const base = ch.normalize("NFKD").replace(/\p{M}/gu, "");
      out += base && [...base].every((c) => (c.codePointAt(0) ?? 0) <= 0xff) ? base : "?";
    }
  }
  return out;
}
