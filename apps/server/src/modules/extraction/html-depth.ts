/**
 * HTML parsers and selector engines slow down quadratically with nesting depth, so a hostile page
 * of a few hundred thousand nested <div>s would stall extraction for minutes. Real shop pages nest
 * a few dozen levels. This linear pre-pass drops the tags (not the text) beyond a depth limit.
 */

const VOID = new Set([
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "param",
  "source",
  "track",
  "wbr",
  "keygen",
  "command",
]);
// Often left unclosed in real pages; counting them would make honest pages look deep.
const LOOSE = new Set([
  "p",
  "li",
  "dt",
  "dd",
  "tr",
  "td",
  "th",
  "option",
  "optgroup",
  "thead",
  "tbody",
  "tfoot",
  "colgroup",
  "rb",
  "rt",
  "rp",
]);
const RAW_TEXT = new Set(["script", "style", "textarea", "title", "xmp", "noscript", "template"]);
const TAG = /<!--[\s\S]*?(?:-->|$)|<(\/?)([a-zA-Z][\w:-]*)\b[^>]*?(\/?)>/g;

export const MAX_NESTING = 400;

export function limitNesting(html: string, maxDepth = MAX_NESTING): string {
  if (!exceedsDepth(html, maxDepth)) return html;
  const out: string[] = [];
  const stack: string[] = [];
  let skipped = 0;
  let last = 0;
  TAG.lastIndex = 0;
  for (let m = TAG.exec(html); m !== null; m = TAG.exec(html)) {
    const [whole, closing, rawName, selfClosing] = m;
    if (rawName === undefined) continue;
    const name = rawName.toLowerCase();
    const start = m.index;
    if (!closing && RAW_TEXT.has(name)) {
      // Keep the element with its raw body; do not read tags inside scripts.
      TAG.lastIndex = closeOf(html, name, start + whole.length);
      continue;
    }
    if (VOID.has(name) || LOOSE.has(name) || selfClosing) continue;
    if (!closing) {
      if (stack.length >= maxDepth) {
        out.push(html.slice(last, start));
        last = start + whole.length;
        skipped++;
      } else {
        stack.push(name);
      }
      continue;
    }
    if (skipped > 0) {
      // The innermost open tags were the skipped ones, so the next closings are theirs.
      out.push(html.slice(last, start));
      last = start + whole.length;
      skipped--;
      continue;
    }
    const at = stack.lastIndexOf(name);
    if (at >= 0) stack.length = at;
  }
  out.push(html.slice(last));
  return out.join("");
}

function exceedsDepth(html: string, maxDepth: number): boolean {
  let depth = 0;
  TAG.lastIndex = 0;
  for (let m = TAG.exec(html); m !== null; m = TAG.exec(html)) {
    const [whole, closing, rawName, selfClosing] = m;
    if (rawName === undefined) continue;
    const name = rawName.toLowerCase();
    if (!closing && RAW_TEXT.has(name)) {
      TAG.lastIndex = closeOf(html, name, m.index + whole.length);
      continue;
    }
    if (VOID.has(name) || LOOSE.has(name) || selfClosing) continue;
    depth += closing ? -1 : 1;
    if (depth < 0) depth = 0;
    if (depth > maxDepth) return true;
  }
  return false;
}

/** Index just past `</name ...>` at or after `from`, or the end of the text. */
function closeOf(html: string, name: string, from: number): number {
  const close = new RegExp(`</${name}\\s*>`, "gi");
  close.lastIndex = from;
  const m = close.exec(html);
  return m === null ? html.length : m.index + m[0].length;
}
