import type { CheerioAPI } from "cheerio";
import type { AnyNode, Element } from "domhandler";
import { attributeHints, isElement, isHiddenElement, isText, textContent } from "./dom.ts";

/** One visible text node with what the walk learnt about where it sits. */
export interface TextEntry {
  text: string;
  el: Element;
  index: number;
  chrome: boolean;
  related: boolean;
  hidden: boolean;
  struck: boolean;
}

const SKIP_TAGS = new Set([
  "script",
  "style",
  "noscript",
  "template",
  "svg",
  "head",
  "iframe",
  "object",
  "canvas",
  "option",
  "select",
  "textarea",
]);
const STRUCK_TAGS = new Set(["del", "s", "strike"]);

// Where other products, menus and page furniture live. Token-bounded so "also" is not "false".
const RELATED_HINT =
  /(?:^|[\s_-])(?:related|recommend\w*|recs?|reco|similar|upsell\w*|up-sell|cross-?sell\w*|crosssell|also-?bought|also-?viewed|recently|recent|viewed|sponsored|sponsor\w*|bundle\w*|accessories|complete-the-look|you-?may|frequently|more-?from|other-?products|product-?list|product-?grid|productlist|productgrid|carousel\w*|slider|swiper\w*|slick\w*|owl-\w*|minicart|mini-cart|cart-?drawer|megamenu|mega-menu|newsletter|cookie\w*|search-?results|shelf|ads?|advert\w*|widget-products|pdp-?reco\w*|p13n\w*|comparison\w*|compare-?table|sims?|product-?(?:thumb|card|tile|miniature|teaser|items)|productcard|producttile|card-?product|grid-?item)(?:$|[\s_-])|relatedproducts|recommendations|similarproducts|sims-|_sims|rhf|purchase-sims|session-sims/;
/** Headings of blocks about other products, for blocks whose markup does not say so. */
const RELATED_HEADING =
  /^(?:you\s+(?:may|might|will)\s+(?:also\s+)?(?:like|love|enjoy)|related\s+(?:products|items|pieces)|recommended(?:\s+(?:for\s+you|products))?|customers\s+(?:also|who)\b|(?:frequently|often)\s+bought\s+together|complete\s+the\s+(?:look|set)|pairs?\s+(?:well\s+)?with|shop\s+the\s+(?:look|set)|similar\s+(?:items|products|styles|pieces)|more\s+(?:from|like\s+this|to\s+(?:love|explore))|recently\s+viewed|wear\s+it\s+with|style\s+it\s+with|das\s+könnte\s+(?:ihnen|dir)\s+auch\s+gefallen|ähnliche\s+(?:artikel|produkte)|vous\s+(?:aimerez|aimeriez)\s+aussi|produits\s+similaires|ti\s+potrebbe(?:ro)?\s+(?:anche\s+)?piacere|prodotti\s+correlati|también\s+te\s+(?:puede|podría)n?\s+gustar|productos\s+relacionados)/i;
const HEADING_TAGS = new Set(["h2", "h3", "h4", "h5", "h6"]);

function isRelatedHeading(el: AnyNode): boolean {
  if (
    !isElement(el) ||
    !(HEADING_TAGS.has(el.name) || /(?:^|[\s_-])(?:title|heading|headline)(?:$|[\s_-])/i.test(el.attribs["class"] ?? ""))
  )
    return false;
  const text = textContent(el).replace(/\s+/g, " ").trim();
  return text.length <= 60 && RELATED_HEADING.test(text);
}

const CHROME_HINT =
  /(?:^|[\s_-])(?:header|footer|navbar|nav|navigation|menu|breadcrumbs?|site-header|site-footer|masthead|topbar|top-bar|sidebar-nav|global-nav)(?:$|[\s_-])/;

/** Visible text of the body in document order, tagged with its surroundings. */
export class PageIndex {
  readonly entries: TextEntry[] = [];
  readonly body: AnyNode;
  /** Ancestors of the page's h1 headings: never "related", whatever their class says. */
  private readonly holdsHeading = new Set<AnyNode>();
  /** Blocks under a "You may also like" heading (the heading's block, or what follows it). */
  private readonly relatedByHeading = new Set<AnyNode>();

  constructor($: CheerioAPI, maxEntries = 60_000) {
    const body = $("body").get(0) ?? $.root().get(0);
    this.body = body as AnyNode;
    // A "card" or "slider" that holds a page heading is the product itself, not a related item.
    const holdsHeading = this.holdsHeading;
    $("h1").each((_, h) => {
      for (let p: AnyNode | null = h; p !== null; p = p.parent) holdsHeading.add(p);
    });
    interface Frame {
      node: AnyNode;
      chrome: boolean;
      related: boolean;
      hidden: boolean;
      struck: boolean;
      inMain: boolean;
    }
    const stack: Frame[] = [{ node: this.body, chrome: false, related: false, hidden: false, struck: false, inMain: false }];
    while (stack.length > 0 && this.entries.length < maxEntries) {
      const frame = stack.pop();
      if (frame === undefined) break;
      const { node } = frame;
      if (isText(node)) {
        const text = node.data.replace(/[\s\u00a0\u200b\u202f]+/g, " ").trim();
        if (text !== "" && node.parent !== null && isElement(node.parent)) {
          this.entries.push({
            text,
            el: node.parent,
            index: this.entries.length,
            chrome: frame.chrome,
            related: frame.related,
            hidden: frame.hidden,
            struck: frame.struck,
          });
        }
        continue;
      }
      if (!isElement(node) || SKIP_TAGS.has(node.name)) continue;
      const hints = attributeHints(node);
      const role = node.attribs["role"] ?? "";
      const inMain = frame.inMain || node.name === "main" || node.name === "article" || role === "main";
      const chrome =
        frame.chrome ||
        node.name === "nav" ||
        node.name === "footer" ||
        (node.name === "header" && !inMain) ||
        role === "navigation" ||
        role === "banner" ||
        role === "contentinfo" ||
        (!inMain && CHROME_HINT.test(hints) && !/product|price|buy/.test(hints));
      if (!frame.related) this.markRelatedByHeading(node);
      const related =
        frame.related ||
        ((RELATED_HINT.test(hints) || node.name === "aside" || this.relatedByHeading.has(node) || this.isCardInList(node)) &&
          !holdsHeading.has(node));
      const hidden = frame.hidden || isHiddenElement(node);
      const struck = frame.struck || STRUCK_TAGS.has(node.name) || /line-through/i.test(node.attribs["style"] ?? "");
      for (let i = node.children.length - 1; i >= 0; i--) {
        const child = node.children[i];
        if (child !== undefined) stack.push({ node: child, chrome, related, hidden, struck, inMain });
      }
    }
  }

  /**
   * A heading such as "You may also like" near the top of a block makes the block about other
   * products; in a block that also holds the page's h1, only what follows the heading is.
   */
  private markRelatedByHeading(node: Element): void {
    const kids = node.children.filter(isElement);
    const first = kids.slice(0, 2).find(isRelatedHeading);
    if (first !== undefined && !this.holdsHeading.has(node)) {
      this.relatedByHeading.add(node);
      return;
    }
    let after = false;
    for (const kid of kids.slice(0, 400)) {
      if (HEADING_TAGS.has(kid.name) || kid.name === "h1") after = isRelatedHeading(kid);
      else if (after && !this.holdsHeading.has(kid)) this.relatedByHeading.add(kid);
    }
  }

  /** Is the element inside a block about other products (carousel, recommendations, aside)? */
  isRelated(el: AnyNode): boolean {
    for (let p: AnyNode | null = el; p !== null; p = p.parent) {
      if (!isElement(p) || this.holdsHeading.has(p)) continue;
      if (p.name === "aside" || this.relatedByHeading.has(p) || RELATED_HINT.test(attributeHints(p)) || this.isCardInList(p)) return true;
    }
    return false;
  }

  /** Children found to be product cards, per parent already examined. */
  private readonly cards = new Map<AnyNode, Set<Element>>();

  /**
   * A tile in a row of other products, whatever its class names say: one of several siblings
   * built alike (same tag and class), each a link to another page holding a picture and a figure.
   * Carousels and "you may also like" rows without a heading or a telling class look like this.
   */
  private isCardInList(node: Element): boolean {
    const parent = node.parent;
    if (parent === null || !isElement(parent)) return false;
    let found = this.cards.get(parent);
    if (found === undefined) {
      found = new Set<Element>();
      this.cards.set(parent, found);
      const kids = parent.children.filter(isElement);
      if (kids.length >= 2 && kids.length <= 200) {
        const groups = new Map<string, Element[]>();
        for (const kid of kids) {
          const key = `${kid.name}.${kid.attribs["class"] ?? ""}`;
          groups.set(key, [...(groups.get(key) ?? []), kid]);
        }
        for (const group of groups.values()) {
          if (group.length < 2) continue;
          const links = group.map(cardLink);
          const targets = new Set(links.filter((l): l is string => l !== null));
          if (targets.size < 2) continue;
          group.forEach((kid, i) => {
            if (links[i] !== null) found?.add(kid);
          });
        }
      }
    }
    return found.has(node);
  }
}

/** Hints of an element and a few ancestors (class names often sit a level or two up). */
/**
 * The page a product card links to: the element is or holds one link to a page (not a picture,
 * an anchor or a script), with an image and some text with a digit (a price) inside it. Null otherwise.
 */
function cardLink(el: Element): string | null {
  let href: string | null = null;
  let image = false;
  let figure = false;
  let budget = 80;
  const stack: AnyNode[] = [el];
  while (stack.length > 0 && budget-- > 0) {
    const node = stack.pop();
    if (node === undefined) break;
    if (isText(node)) {
      if (/\d/.test(node.data)) figure = true;
      continue;
    }
    if (!isElement(node)) continue;
    if (node.name === "h1") return null;
    if (node.name === "img" || node.name === "picture") image = true;
    if (node.name === "a") {
      const target = (node.attribs["href"] ?? "").trim();
      if (target === "" || /^(?:#|javascript:|mailto:|tel:)/i.test(target) || /\.(?:jpe?g|png|gif|webp|avif|svg)(?:[?#]|$)/i.test(target))
        return null;
      if (href !== null && href !== target) return null;
      href = target;
    }
    for (let i = node.children.length - 1; i >= 0; i--) {
      const child = node.children[i];
      if (child !== undefined) stack.push(child);
    }
  }
  return href !== null && image && figure ? href : null;
}

export function hintsUpward(el: Element, levels: number): string {
  let out = "";
  let node: AnyNode | null = el;
  for (let i = 0; i <= levels && node !== null; i++) {
    if (isElement(node)) out += ` ${attributeHints(node)}`;
    node = node.parent;
  }
  return out;
}
