import type { AnyNode, Element, Text } from "domhandler";

/** Small DOM helpers over cheerio's domhandler tree; faster than wrapping every node in cheerio. */
export function isElement(node: AnyNode | null | undefined): node is Element {
  if (node === null || node === undefined) return false;
  const type: string = node.type;
  return type === "tag" || type === "script" || type === "style";
}

export function isText(node: AnyNode): node is Text {
  const type: string = node.type;
  return type === "text";
}

const HIDDEN_TAGS = new Set(["script", "style", "noscript", "template", "svg", "head", "iframe", "select", "option"]);

/** Visible text inside an element (skips scripts, styles, templates and hidden descendants). */
export function visibleText(node: AnyNode, limit = 20_000): string {
  const parts: string[] = [];
  let length = 0;
  const walk = (n: AnyNode): void => {
    if (length > limit) return;
    if (isText(n)) {
      parts.push(n.data);
      length += n.data.length;
      return;
    }
    if (!isElement(n)) return;
    if (HIDDEN_TAGS.has(n.name) || (n !== node && isHiddenElement(n))) return;
    const block = BLOCK_TAGS.has(n.name);
    if (block) parts.push("\n");
    for (const child of n.children) walk(child);
    if (block) parts.push("\n");
  };
  walk(node);
  return parts.join(" ");
}

const HIDDEN_CLASS =
  /(?:^|\s)(?:hidden|d-none|is-hidden|a-hidden|g-hdn|hide|invisible|visually-hidden|visuallyhidden|sr-only|screen-reader-text|screenreader-only|u-hidden|js-hidden|display-none|offscreen|a-offscreen)(?:\s|$)/i;

export function isHiddenElement(el: Element): boolean {
  const attribs = el.attribs;
  if ("hidden" in attribs || attribs["aria-hidden"] === "true") return true;
  const style = attribs["style"];
  if (style !== undefined && /display\s*:\s*none|visibility\s*:\s*hidden/i.test(style)) return true;
  if (el.name === "input" && attribs["type"] === "hidden") return true;
  const cls = attribs["class"];
  return cls !== undefined && HIDDEN_CLASS.test(cls);
}

const BLOCK_TAGS = new Set([
  "p",
  "div",
  "li",
  "ul",
  "ol",
  "tr",
  "td",
  "th",
  "table",
  "dl",
  "dt",
  "dd",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "section",
  "article",
  "br",
  "header",
  "footer",
  "form",
  "label",
  "button",
]);

/** Raw character data of an element's direct text children (script and style bodies). */
export function rawText(el: Element): string {
  let out = "";
  for (const child of el.children) if (isText(child)) out += child.data;
  return out;
}

/** All text (including hidden), like textContent, without script and style bodies. */
export function textContent(node: AnyNode): string {
  if (isText(node)) return node.data;
  if (!isElement(node) || node.name === "script" || node.name === "style") return "";
  let out = "";
  for (const child of node.children) out += textContent(child);
  return out;
}

/** Number of edges between two nodes in the tree. */
export function treeDistance(a: AnyNode, b: AnyNode): number {
  const seen = new Map<AnyNode, number>();
  let d = 0;
  for (let p: AnyNode | null = a; p !== null; p = p.parent) seen.set(p, d++);
  d = 0;
  for (let p: AnyNode | null = b; p !== null; p = p.parent) {
    const other = seen.get(p);
    if (other !== undefined) return other + d;
    d++;
  }
  return Number.POSITIVE_INFINITY;
}

/** id + class + a few data-* names of an element, lower-cased, for cheap semantic matching. */
export function attributeHints(el: Element): string {
  const a = el.attribs;
  return `${a["id"] ?? ""} ${a["class"] ?? ""} ${a["itemprop"] ?? ""} ${a["data-testid"] ?? ""} ${a["data-test"] ?? ""} ${a["data-qa"] ?? ""} ${a["data-automation"] ?? ""} ${a["data-cy"] ?? ""} ${a["data-hook"] ?? ""}`.toLowerCase();
}
