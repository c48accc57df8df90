import zlib from "node:zlib";

/** WinAnsi's 0x80-0x9F, which Latin-1 leaves to control characters. */
const WIN_ANSI_HIGH = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ";
function decodeWinAnsi(bytes: Buffer): string {
  return [...bytes].map((b) => (b >= 0x80 && b <= 0x9f ? WIN_ANSI_HIGH[b - 0x80] : String.fromCharCode(b))).join("");
}

/**
 * The text a PDF shows, read back by a small parser: inflate every content stream, then decode
 * the hex strings of its TJ arrays (PDFKit writes standard-font text as WinAnsi hex).
 */
export function extractText(pdf: Buffer): string {
  const raw = pdf.toString("latin1");
  const out: string[] = [];
  // A stream follows its dictionary's closing ">>"; "endstream" does not match.
  const streamRe = />>\s*stream\r?\n/g;
  let m: RegExpExecArray | null;
  while ((m = streamRe.exec(raw))) {
    const start = m.index + m[0].length;
    const end = raw.indexOf("endstream", start);
    if (end < 0) break;
    const dict = raw.slice(raw.lastIndexOf("<<", m.index), m.index);
    let content = Buffer.from(raw.slice(start, end), "latin1");
    if (dict.includes("/FlateDecode")) {
      try {
        content = zlib.inflateSync(content);
      } catch {
        content = Buffer.alloc(0);
      }
    }
    for (const tj of content.toString("latin1").matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      out.push([...(tj[1] ?? "").matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => decodeWinAnsi(Buffer.from(h[1] ?? "", "hex"))).join(""));
    }
    streamRe.lastIndex = end;
  }
  return out.join("\n");
}
