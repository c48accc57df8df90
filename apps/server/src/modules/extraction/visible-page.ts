import type { CheerioAPI } from "cheerio";
import type { AnyNode, Element } from "domhandler";
import { attributeHints, isElement, isHiddenElement, isText, textContent, treeDistance, visibleText } from "./dom.ts";
import { titleTokens, tokenOverlap } from "./embedded-state.ts";
import { type PageIndex, type TextEntry, hintsUpward } from "./page-index.ts";
import { detectCurrency, parseAmount } from "./parse-price.ts";
import type { NameValue } from "./product-signals.ts";
import { absoluteUrl, cleanText, uniqueStrings } from "./text-utils.ts";

export interface VisibleReading {
  title?: string;
  titleEl?: Element;
  price?: number;
  listPrice?: number;
  currency?: string;
  priceEl?: Element;
  /** How sure the price heuristics are: higher is better, around 0 is typical for a buy box. */
  priceScore?: number;
  available?: boolean;
  /** What the availability rests on: a written statement, or only the state of the buy button. */
  availabilityEvidence?: "statement" | "button" | "conflicting";
  /** Identifier printed beside a label such as "SKU:", "Art.-Nr." or "Item #"; rank 1 = sku-like, 2 = model-like. */
  labelledIds: Array<{ id: string; rank: number }>;
  images: string[];
  videoUrl?: string;
  description?: string;
  /** Visible text of the block holding the title, price and buy button (the product's own area). */
  zoneText?: string;
  attributes: NameValue[];
  /** The options the page shows as chosen ("Metal" → "14k Rose Gold"): the variant on offer. */
  selectedOptions: NameValue[];
}

const BUY_TEXT =
  /^(?:add(?:\s+it)?\s+to\s+(?:cart|bag|basket|trolley)|add\s+to\s+shopping\s+(?:cart|bag)|buy(?:\s+it)?\s+now|buy|purchase|order\s+now|add|in\s+den\s+(?:warenkorb|einkaufswagen)|(?:jetzt\s+)?kaufen|in\s+den\s+korb|ajouter\s+au\s+panier|ajouter|acheter(?:\s+maintenant)?|añadir\s+al\s+(?:carrito|cesta)|añadir|comprar(?:\s+ahora)?|agregar\s+al\s+carrito|aggiungi\s+al\s+carrello|aggiungi|acquista(?:\s+ora)?|in\s+winkel(?:wagen|mand)|toevoegen\s+aan\s+winkelwagen|bestellen|do\s+koszyka|dodaj\s+do\s+koszyka|kup\s+teraz|adaug[ăa]\s+[îi]n\s+co[șs]|adauga\s+in\s+cos|cump[ăa]r[ăa]|в\s+корзину|добавить\s+в\s+корзину|купить|カートに入れる|カートに追加|今すぐ購入|加入购物车|加入購物車|立即购买|立即購買|直接購買|přidat\s+do\s+košíku|do\s+košíku|vložit\s+do\s+košíku|pridať\s+do\s+košíka|do\s+košíka|kosárba|lägg\s+i\s+(?:varukorgen|kundvagnen)|köp|legg\s+i\s+handlekurv(?:en)?|læg\s+i\s+kurv(?:en)?|lisää\s+ostoskoriin|sepete\s+ekle|adicionar\s+ao\s+carrinho|adicionar|dodaj\s+u\s+košaricu|dodaj\s+v\s+košarico|v\s+košarico|în\s+coș|הוסף\s+לסל|הוספה\s+לסל|أضف\s+إلى\s+(?:السلة|الحقيبة)|أضف\s+للسلة|장바구니\s*담기|구매하기)$/i;
const BUY_HINT =
  /add-?to-?(?:cart|bag|basket)|addtocart|addtobag|addtobasket|add_to_cart|buy-?now|buynow|buy_now|btn-?cart|product-?addtocart|add-to-trolley|submit\.add-to-cart|atc-?button|button--addtocart|purchase-button|buy-?button|buybox|buy-box/i;

// Phrases that on their own say the item cannot be bought now.
const OUT_OF_STOCK =
  /\b(?:out\s+of\s+stock|sold\s*out|currently\s+(?:unavailable|not\s+available)|temporarily\s+(?:unavailable|out\s+of\s+stock)|no\s+longer\s+available|item\s+is\s+no\s+longer\s+available|notify\s+me\s+when\s+(?:available|in\s+stock|back)|email\s+me\s+when\s+(?:available|back\s+in\s+stock)|not\s+(?:possible|available)\s+to\s+(?:buy|purchase|order)|cannot\s+be\s+(?:purchased|ordered|bought)|can['’]t\s+be\s+(?:purchased|ordered|bought)|unavailable\s+for\s+purchase)\b|nicht\s+(?:mehr\s+)?bestellbar|nie\s+je\s+možné\s+(?:\S+\s+){0,2}kúpiť|nelze\s+(?:\S+\s+){0,2}koupit|non\s+(?:è\s+)?(?:più\s+)?acquistabile|no\s+se\s+puede\s+comprar|niet\s+(?:meer\s+)?bestelbaar|nie\s+można\s+(?:\S+\s+){0,1}kupić|derzeit\s+nicht\s+(?:verfügbar|lieferbar|auf\s+lager)|nicht\s+mehr\s+(?:verfügbar|lieferbar)|nicht\s+auf\s+lager|ausverkauft|vergriffen|épuisé|epuisé|rupture\s+de\s+stock|actuellement\s+indisponible|(?:article|produit)\s+indisponible|plus\s+disponible|agotado|sin\s+stock|sem\s+stock|esgotado|esaurito|attualmente\s+non\s+disponibile|non\s+più\s+disponibile|niet\s+op\s+voorraad|uitverkocht|niet\s+leverbaar|brak\s+w\s+magazynie|wyprzedany|produkt\s+niedostępny|nu\s+este\s+[îi]n\s+stoc|stoc\s+epuizat|нет\s+в\s+наличии|распродано|немає\s+в\s+наявності|není\s+skladem|vyprodáno|nie\s+je\s+skladom|vypredané|nincs\s+raktáron|elfogyott|slutsåld|ej\s+i\s+lager|tillfälligt\s+slut|utsolgt|ikke\s+på\s+lager|udsolgt|loppuunmyyty|ei\s+varastossa|stokta\s+yok|tükendi|εξαντλήθηκε|缺货|無貨|无货|已售完|售完|已售罄|缺貨|在庫切れ|売り切れ|品切れ|재고\s*없음|품절|غير\s+متوفر|نفذت\s+الكمية|אזל\s+מהמלאי|לא\s+במלאי/i;
// Weaker words ("unavailable", "nicht verfügbar") count only as a short status line about the product.
const OUT_OF_STOCK_WEAK =
  /^(?:this\s+item\s+is\s+)?(?:unavailable|not\s+available|nicht\s+verfügbar|nicht\s+lieferbar|indisponible|non\s+disponibile|no\s+disponible|indisponível|niet\s+beschikbaar|niedostępny|indisponibil|nedostupné|nedostupný|nem\s+elérhető|ej\s+tillgänglig|ikke\s+tilgængelig|ei\s+saatavilla)\.?$/i;
const AVAILABILITY_LABEL =
  /^(?:availability|available|stock|in\s+stock|stock\s+status|verfügbarkeit|lieferbarkeit|lagerbestand|disponibilité|disponibilità|disponibilidad|disponibilidade|beschikbaarheid|dostępność|dostupnost|dostupnosť|razpoložljivost|elérhetőség|tillgänglighet|saatavuus|lagerstatus|pieejamība|prieinamumas|saadavus|наличие|наявність|在庫|库存|庫存|재고|stav|status)\s*[:：]?$/i;
const STOCK_NOISE =
  /\b(?:chat|pick\s*up|pickup|store|stores|shop\s+in|in-store|delivery|deliver|shipping|ship\s+to|select|size|colou?r|option|variant|region|country|payment|click\s*&\s*collect|collect|reserve|abholung|filiale|markt|retrait|magasin|ritiro|negozio|recogida|tienda)\b/i;
const IN_STOCK =
  /\b(?:in\s+stock|available\s+(?:now|to\s+ship|for\s+(?:delivery|shipping))|ready\s+to\s+ship|ships\s+(?:today|in|within)|only\s+\d+\s+left)\b|auf\s+lager|(?:sofort\s+)?lieferbar|vorrätig|en\s+stock|disponible|en\s+existencia|disponibile|op\s+voorraad|dostępny|w\s+magazynie|[îi]n\s+stoc|в\s+наличии|skladem|na\s+sklade|raktáron|i\s+lager|på\s+lager|varastossa|stokta|na\s+zalogi|dobavljivo|na\s+stanju|raktáron|pieejams|noliktavā|sandėlyje|laos|有货|有貨|現貨|在庫あり|재고\s*있음|متوفر|במלאי/i;

// "Available again", "not available" and friends: an in-stock word that does not say in stock.
const NEGATED =
  /\b(?:not|no|non|nicht|kein|keine|pas|niet|nie|nu|ne|sin|sem|nem|ei|ikke|inte|again|wieder|nuovo|nouveau|nuevamente|novamente|opnieuw|ponownie|soon|bald|bientôt|presto|pronto|when|wenn|quand|quando|cuando)\b|нет|не\s/i;

const LABEL_RANK1 =
  /(?:^|\b)(?:sku|asin|item\s*(?:#|no\.?|number|code|id)|product\s*(?:#|code|no\.?|number|id)|article\s*(?:no\.?|number|code)|art(?:ikel)?\.?\s*-?\s*(?:nr|nummer|no)\.?|artikelnummer|artikelnr\.?|bestellnummer|best\.?-?nr\.?|order\s*(?:code|number)|ref(?:erence)?\.?|réf(?:érence)?\.?|référence|rif\.?|código(?:\s+(?:de\s+)?(?:producto|artículo|produto))?|cod(?:ice)?\.?\s*(?:articolo|prodotto|produs)|codice|kod(?:\s+produktu)?|numer\s+(?:katalogowy|referencyjny|produktu)|nr\s+katalogowy|varenummer|varenr\.?|artikelnummer|tuotenumero|tuotekoodi|cikkszám|termékkód|katalogové\s+číslo|kód\s+produktu|produktkod|produktnummer|šifra(?:\s+(?:artikla|izdelka))?|sifra|produkta\s+kods|preces\s+kods|prekės\s+kodas|tootekood|stock\s*(?:code|number)|style\s*(?:#|no\.?|number|code)|design\s*(?:#|no\.?|number|code)|item|art\.|商品番号|品番|商品编号|货号|商品編號|артикул|код\s+товара|מק"ט|מק״ט|رمز\s+المنتج)\s*[:#.\-–]?\s*$/i;
const LABEL_RANK2 =
  /(?:^|\b)(?:model(?:\s*(?:#|no\.?|number|code))?|modell(?:nummer)?|modèle|modello|modelo|part\s*(?:#|no\.?|number)|mpn|manufacturer\s+(?:part\s+number|code|number)|hersteller(?:-?nr\.?|nummer|artikelnummer)|ražotāja\s+kods|kod\s+producenta|código\s+(?:del\s+)?fabricante|codice\s+produttore|référence\s+fabricant|型番|型号)\s*[:#.\-–]?\s*$/i;
const INLINE_LABEL_NAMES =
  /(sku|asin|item\s*(?:#|no\.?|number)|product\s*(?:code|no\.?|number|id)|article\s*(?:no\.?|number)|art(?:ikel)?\.?\s*-?\s*(?:nr|nummer)\.?|artikelnummer|artikelnr\.?|bestellnummer|ref(?:erence)?\.?|réf(?:érence)?\.?|referencia|referência|riferimento|código(?:\s+(?:de\s+)?(?:producto|artículo|produto))?|cod(?:ice)?\.?\s*(?:articolo|prodotto|produs)|kod\s+produktu|numer\s+(?:katalogowy|referencyjny)|varenummer|šifra|produkta\s+kods|stock\s*(?:no\.?|number|code)|style\s*(?:#|no\.?|code|number)|design\s*(?:#|no\.?)|model(?:\s*(?:#|no\.?|number))?|mpn|商品番号|品番|商品编号|货号|артикул|מק"ט|מק״ט)/
    .source;
const INLINE_LABEL = new RegExp(`(?:^|[\\s(|•·,;])${INLINE_LABEL_NAMES}\\s*[:#\\-–：]\\s*([A-Za-z0-9][A-Za-z0-9\\-./_]{1,40})`, "i");
/**
 * "Item no. CR-204", "Style # 88-1", "… 1.6 mm band. SKU ER-12": a label that ends in an abbreviation
 * (or the word SKU) and an id with a digit after it, inside a longer line.
 */
const ABBREVIATED_LABEL =
  /(?:^|[\s(|•·,;])((?:item|style|product|article|art|model|design|stock|part)\s*(?:no\.|nr\.|#)|sku)\s+([A-Z0-9][A-Za-z0-9\-./_]{1,40})/i;
/** "Ref. ADB-MG-3W", "SKU 4471-W": a short line of a label and an id with only a space between. */
const SPACED_LABEL = new RegExp(`^${INLINE_LABEL_NAMES}\\s+([A-Za-z0-9][A-Za-z0-9\\-./_]{1,40})$`, "i");

const ID_ATTRIBUTE_HINT =
  /(?:^|[\s_-])(?:sku|sku-?(?:value|number|code)|product-?ref(?:erence)?|reference|ref-?number|product-?code|productcode|product-?number|article-?(?:number|no|nr)|artikel-?(?:nr|nummer)|item-?(?:number|no|code)|style-?(?:number|no|code)|model-?number|part-?number|mpn)(?:$|[\s_-])/i;

function isIdLike(value: string): boolean {
  if (value.length < 2 || value.length > 40) return false;
  if (!/\d/.test(value) && !/^[A-Z]{2,}[A-Z-]*$/.test(value)) return false;
  if (/^\d{1,2}$/.test(value)) return false;
  return /^[A-Za-z0-9][A-Za-z0-9\-./_ ]*$/.test(value) && value.split(" ").length <= 4;
}

/** The text a button shows ("Add to cart", an input's value). */
function buttonLabel(el: Element): string {
  return cleanText(el.name === "input" ? (el.attribs["value"] ?? el.attribs["title"] ?? "") : textContent(el))
    .replace(/[+›»→]/g, "")
    .trim();
}

/** A button whose whole label is a sold-out statement ("Sold out", "Out of stock"): the buy button of a sold-out item. */
function isSoldOutButton(el: Element): boolean {
  if (el.name !== "button" && !(el.name === "input" && /^(?:submit|button)$/i.test(el.attribs["type"] ?? ""))) return false;
  const label = buttonLabel(el);
  const match = label.length > 0 && label.length < 40 ? OUT_OF_STOCK.exec(label) : null;
  return match !== null && label.replace(match[0], "").replace(/[\s.!–-]/g, "") === "";
}

function isBuyButton(el: Element): boolean {
  const tag = el.name;
  const a = el.attribs;
  const hints = `${a["id"] ?? ""} ${a["class"] ?? ""} ${a["name"] ?? ""} ${a["data-action"] ?? ""} ${a["data-testid"] ?? ""} ${a["data-qa"] ?? ""}`;
  if (isSoldOutButton(el)) return true;
  if (tag === "button" || tag === "a" || tag === "input" || a["role"] === "button") {
    const label = buttonLabel(el);
    if (label.length > 0 && label.length < 40 && BUY_TEXT.test(label)) return true;
    if (BUY_HINT.test(hints)) return true;
    const aria = a["aria-label"] ?? a["title"] ?? "";
    if (aria !== "" && BUY_TEXT.test(cleanText(aria))) return true;
  }
  if ((tag === "form" || tag === "div" || tag === "span") && /add-?to-?cart|addtocart|add_to_cart/i.test(hints)) return true;
  return false;
}

function isDisabled(el: Element): boolean {
  // Some themes only relabel the button of a sold-out item and leave it enabled.
  if (isSoldOutButton(el)) return true;
  for (let p: AnyNode | null = el, i = 0; p !== null && i < 3; p = p.parent, i++) {
    if (!isElement(p)) continue;
    if ("disabled" in p.attribs || p.attribs["aria-disabled"] === "true") return true;
    if (/(?:^|[\s_-])(?:disabled|is-disabled|sold-?out|soldout|out-?of-?stock|unavailable)(?:$|[\s_-])/i.test(p.attribs["class"] ?? ""))
      return true;
  }
  return false;
}

interface PriceCandidate {
  el: Element;
  amount: number;
  currency: string | null;
  score: number;
  listLike: boolean;
  entry: TextEntry;
}

const LIST_HINT =
  /(?:^|[\s_-])(?:old|was|compare|compare-?at|strike|striked|strikethrough|crossed|before|original|uvp|rrp|msrp|srp|previous|retail|list-?price|listprice|oldprice|wasprice|priceold|price-old|price-before|non-?sale|regular-?price)(?:$|[\s_-])|oldprice|listprice|wasprice|compareatprice|price--compare|strikethrough|line-through/i;
const SALE_HINT =
  /(?:^|[\s_-])(?:sale|special|final|current|now|our|actual|selling|offer|deal|promo|reduced|discounted|price--sale|ourprice|dealprice|saleprice|price-now|pricenow|primary-price|price-to-pay|buybox|apex|core-?price)(?:$|[\s_-])|ourprice|saleprice|dealprice|finalprice|specialprice|currentprice|priceblock|price-item--sale|corePrice/i;
const JUNK_HINT =
  /(?:^|[\s_-])(?:shipping|delivery|versand|postage|installments?|instalments?|monthly|per-?month|financ\w*|klarna|afterpay|affirm|paypal|credit|emi|unit-?price|unitprice|price-?per|baseprice|base-price|savings?|you-?save|discount-?(?:label|badge|amount|percent|tag|flag)|percent|coupon|voucher|points|loyalty|rating|review|stars?|tax|vat|deposit|shipping-?cost|fee|threshold|free-?shipping)(?:$|[\s_-])/i;
/** "List Price:", "MRP", "UVP", "Was" written just before a price. */
const LIST_LABEL =
  /(?:^|\b)(?:list(?:\s+price)?|was|rrp|uvp|msrp|mrp|m\.r\.p\.?|regular(?:\s+price)?|original(?:\s+price)?|statt|anstatt|avant|prima|antes|compare\s+at|prix\s+conseillé|unverb\.?\s+preisempf\.?|empf\.?\s+vk)\s*[:.]?\s*$/i;

function labelBefore(el: Element): string {
  const parent = el.parent;
  if (parent === null || !isElement(parent)) return "";
  let text = "";
  for (const child of parent.children) {
    if (child === el) break;
    text += isText(child) ? child.data : isElement(child) ? textContent(child) : "";
  }
  return cleanText(text).slice(-40);
}

function hasStrikeAttribute(el: Element, levels: number): boolean {
  let node: AnyNode | null = el;
  for (let i = 0; i <= levels && node !== null; i++, node = node.parent) {
    if (isElement(node) && Object.entries(node.attribs).some(([k, v]) => k.startsWith("data-") && /strike/i.test(k) && v !== "false"))
      return true;
  }
  return false;
}

const VARIANT_HINT = /swatch|twister|variant-?option|variation|option-?value|size-?option|(?:^|[\s_-])options?(?:$|[\s_-])/i;
const LIST_TEXT =
  /^(?:was|statt|anstatt|avant|prima|antes|before|regular(?:\s+price)?|list(?:\s+price)?|rrp|uvp|msrp|originally|original(?:\s+price)?|old\s+price|prix\s+barré|alter\s+preis|prezzo\s+di\s+listino|precio\s+anterior|de|van|zamiast|était|compare\s+at|m\.?r\.?p\.?)\b/i;
const JUNK_TEXT =
  /\d\s*(?:起|から|부터)|(?:\/\s*(?:mo|month|monat|mois|mes|mese|m|kg|g|l|m²|m2|100\s*g|100\s*ml|st(?:ück|k)?|piece|unit)\b)|\bper\s+(?:month|kg|unit|item)\b|\bx\s*\d+\s*(?:months|monate|mois|mesi|meses|rate)\b|\d+\s*x\s*[\d.,]|\b(?:shipping|delivery|versand|livraison|spedizione|envío|postage|save|saving|you\s+save|économisez|sparen|risparmi|ahorra|off|rabatt|remise|sconto|descuento|points|punkte|instalments?|installments?|cashback|emi|from|ab|dès|da|desde|od)\b|%/i;

const NUMBER_TOKENS = /\d(?:[\d.,'’\u00a0\u202f ]*\d)?/g;

function moneyFromText(text: string, hostname: string, currencyHint: string | null): { amount: number; currency: string | null } | null {
  if (text.length > 60 || !/\d/.test(text)) return null;
  const currency = detectCurrency(text, hostname);
  const stripped = text.replace(/[\d.,'\s\u00a0]/g, "");
  const letters = stripped.replace(/[^\p{L}]/gu, "");
  if (letters.length > 24) return null;
  let numberText = text;
  const tokens = [...text.matchAll(NUMBER_TOKENS)];
  if (tokens.length > 1) {
    // "8 options from 98,65 €": the amount is the number that touches the currency marker.
    const marked = tokens.find((t) => {
      const start = t.index ?? 0;
      const end = start + t[0].length;
      return (
        detectCurrency(text.slice(Math.max(0, start - 4), start), hostname) !== null ||
        detectCurrency(text.slice(end, end + 4), hostname) !== null
      );
    });
    if (marked === undefined) return null;
    numberText = marked[0];
  }
  const amount = parseAmount(numberText, currency ?? currencyHint);
  if (amount === null || amount <= 0 || amount > 50_000_000) return null;
  return { amount, currency };
}

function shortText(el: Element, max: number): string | null {
  let out = "";
  const walk = (n: AnyNode): boolean => {
    if (isText(n)) {
      const data = n.data;
      if (/\d\s*$/.test(out) && /^\s*\d/.test(data)) {
        // "$229" + "99" in a cents element is 229.99; any other digit run is a separate number.
        const lastNumber = /[\d.,]+\s*$/.exec(out)?.[0] ?? "";
        out += /^\s*\d{2}\s*$/.test(data) && !/[.,]\d{1,2}\s*$/.test(lastNumber) ? "." : " ";
      } else if (/[\p{L}\d]$/u.test(out) && /^[\p{L}]/u.test(data)) {
        out += " ";
      }
      out += data;
      return out.length <= max * 3;
    }
    if (!isElement(n) || n.name === "script" || n.name === "style") return true;
    // "139<sup>98</sup> Lei": superscript cents follow the units.
    for (const c of n.children) if (!walk(c)) return false;
    return true;
  };
  if (!walk(el)) return null;
  const text = cleanText(out);
  return text.length > max ? null : text;
}

/** Text of the element right after this one, skipping whitespace; null when there is none. */
function nextElementText(el: Element): string | null {
  let next = el.next;
  while (next !== null && isText(next) && next.data.trim() === "") next = next.next;
  return next !== null && isElement(next) ? cleanText(textContent(next)) : null;
}

export interface VisibleContext {
  pageUrl: string;
  hostname: string;
  currencyHint: string | null;
  /** Titles from structured data, to find the h1 that names the product. */
  knownTitle?: string | null;
}

export function readVisiblePage($: CheerioAPI, index: PageIndex, ctx: VisibleContext): VisibleReading {
  const reading: VisibleReading = { labelledIds: [], images: [], attributes: [], selectedOptions: [] };
  const documentTitle = cleanText($("title").first().text());
  const titleEl = findTitle($, index, [ctx.knownTitle ?? "", documentTitle, $('meta[property="og:title"]').attr("content") ?? ""]);
  if (titleEl) {
    reading.titleEl = titleEl;
    const text = cleanText(visibleText(titleEl));
    if (text) reading.title = text;
  }
  const buttons: Element[] = [];
  $("button, input[type=submit], input[type=button], input[type=image], a, [role=button], form, div[id], span[id]").each((_, el) => {
    if (buttons.length < 500 && isBuyButton(el)) buttons.push(el);
  });
  const mainButtons = buttons.filter((b) => !index.isRelated(b) && !isHiddenElement(b));
  const anchor: AnyNode | undefined = mainButtons[0] ?? buttons[0] ?? titleEl;

  const price = findPrice(index, ctx, anchor ?? null, titleEl ?? null);
  if (price) {
    reading.price = price.best.amount;
    reading.priceEl = price.best.el;
    reading.priceScore = price.best.score;
    if (price.best.currency) reading.currency = price.best.currency;
    if (price.list !== undefined) reading.listPrice = price.list;
  }

  const otherOptions = otherOptionLabels($, index);
  const pickerAnchors = [price?.best.el ?? null, titleEl ?? null, mainButtons[0] ?? null].filter((a): a is Element => a !== null);
  const stock = everyChoiceSoldOut($, index, pickerAnchors)
    ? { available: false, evidence: "statement" as const }
    : findAvailability(index, mainButtons, price?.best.el ?? null, titleEl ?? null, otherOptions);
  if (stock) {
    reading.available = stock.available;
    reading.availabilityEvidence = stock.evidence;
  }
  reading.labelledIds = findLabelledIds(index, anchor ?? null);
  reading.images = findImages($, index, ctx.pageUrl, titleEl ?? null);
  const video = $("video[src], video source[src], iframe[src*='youtube.com/embed'], iframe[src*='player.vimeo.com']")
    .toArray()
    .map((el) => absoluteUrl(el.attribs["src"], ctx.pageUrl))
    .find((u): u is string => u !== null);
  if (video) reading.videoUrl = video;
  reading.attributes = specificationPairs($);
  reading.selectedOptions = selectedOptionPairs($, index);
  const description = $(DESCRIPTION_SELECTOR)
    .toArray()
    .filter(isElement)
    .filter((el) => !index.isRelated(el))
    .map((el) => cleanText(visibleText(el)))
    .find((t) => t.length > 30);
  if (description) reading.description = description.slice(0, 5000);
  const zone = productZone([titleEl ?? null, price?.best.el ?? null, mainButtons[0] ?? null]);
  if (zone)
    reading.zoneText = visibleText(zone, 12_000)
      .replace(/[ \t]+/g, " ")
      .replace(/\s*\n\s*/g, "\n")
      .trim()
      .slice(0, 12_000);
  return reading;
}

const DESCRIPTION_SELECTOR = [
  '[itemprop="description"]',
  "#description",
  "#product-description",
  ".product-description",
  ".product__description",
  '[class*="product-description" i]',
  '[class*="product_description" i]',
  '[id*="description" i]',
  '[class*="beschreibung" i]',
  '[class*="descri" i]',
  '[class*="descriz" i]',
  '[class*="opis" i]',
  '[class*="descriere" i]',
  '[class*="beschrijving" i]',
].join(", ");

/** Smallest ancestor holding all anchors, widened no further than a product-sized block. */
function productZone(anchors: Array<Element | null>): Element | null {
  const present = anchors.filter((a): a is Element => a !== null);
  const first = present[0];
  if (first === undefined) return null;
  let zone: AnyNode | null = first;
  while (zone !== null && !present.every((a) => isInside(a, zone as AnyNode))) zone = zone.parent;
  // Too large (the whole page) means the anchors are far apart: fall back to the title's block.
  let candidate: AnyNode | null = zone;
  if (candidate === null || !isElement(candidate) || textLength(candidate) > 15_000) {
    candidate = first.parent;
    while (
      candidate !== null &&
      isElement(candidate) &&
      candidate.parent !== null &&
      isElement(candidate.parent) &&
      textLength(candidate.parent) < 6_000
    ) {
      candidate = candidate.parent;
    }
  }
  return candidate !== null && isElement(candidate) ? candidate : null;
}

function textLength(el: Element): number {
  return visibleText(el, 20_000).length;
}

function findTitle($: CheerioAPI, index: PageIndex, knownTitles: string[]): Element | undefined {
  const h1s = $("h1").toArray();
  const known = knownTitles.map(titleTokens).filter((t) => t.size > 0);
  const scored = h1s
    .map((h, order) => {
      const text = cleanText(visibleText(h));
      if (text.length < 2 || text.length > 400) return null;
      const entry = index.entries.find((e) => e.el === h || isInside(e.el, h));
      if (entry === undefined || entry.hidden) return null;
      const overlap = known.length === 0 ? 0 : Math.max(...known.map((k) => tokenOverlap(titleTokens(text), k)));
      const score = overlap * 10 - (entry.chrome ? 5 : 0) - (entry.related ? 5 : 0) - order * 0.1;
      return { h, score };
    })
    .filter((x): x is { h: Element; score: number } => x !== null)
    .sort((a, b) => b.score - a.score);
  if (scored[0] && scored[0].score > -3) return scored[0].h;
  const itemprop = $('[itemprop="name"]')
    .toArray()
    .find((el) => el.name !== "meta" && cleanText(textContent(el)).length > 2);
  if (itemprop) return itemprop;
  return scored[0]?.h ?? h1s.find((h) => cleanText(textContent(h)).length > 1);
}

function isInside(node: AnyNode, container: AnyNode): boolean {
  for (let p: AnyNode | null = node; p !== null; p = p.parent) if (p === container) return true;
  return false;
}

function findPrice(
  index: PageIndex,
  ctx: VisibleContext,
  anchor: AnyNode | null,
  titleEl: Element | null,
): { best: PriceCandidate; list?: number } | null {
  const candidates: PriceCandidate[] = [];
  const seen = new Set<Element>();
  const total = Math.max(1, index.entries.length);
  for (const entry of index.entries) {
    if (!/\d/.test(entry.text) || entry.text.length > 80) continue;
    // Climb while the text stays short: "87" + "," + "11" + "€" split across spans is one price.
    let best: { el: Element; money: { amount: number; currency: string | null }; level: number } | null = null;
    let el: AnyNode | null = entry.el;
    for (let level = 0; level < 4 && el !== null && isElement(el); level++) {
      const text = shortText(el, 50);
      if (text === null) break;
      // A parent that adds other numbers ("(7) from 99,12 €") is no longer one price.
      if (level > 0 && [...text.matchAll(NUMBER_TOKENS)].length > 1) break;
      let money = moneyFromText(text, ctx.hostname, ctx.currencyHint);
      if (money !== null && money.currency === null && level === 0) {
        // "<span>2320</span><span> 元 </span>": the currency word is the next element.
        const unit = nextElementText(el);
        const currency = unit !== null && unit.length <= 6 ? detectCurrency(unit, ctx.hostname) : null;
        if (currency !== null && !/\d/.test(unit ?? "")) money = { amount: money.amount, currency };
      }
      if (money !== null && (money.currency !== null || /price|preis|prix|prezzo|precio|cena|pris|amount/i.test(attributeHints(el)))) {
        best = { el, money, level };
        if (money.currency !== null && level > 0) break;
      }
      el = el.parent;
    }
    if (best === null || seen.has(best.el)) continue;
    seen.add(best.el);
    const hints = hintsUpward(entry.el, best.level + 3);
    const text = shortText(best.el, 50) ?? "";
    let score = 0;
    const priceHint = /price|preis|prix|prezzo|precio|cena|pris|amount|cost/i.test(hints);
    const anchorDistance = anchor === null ? 40 : treeDistance(best.el, anchor);
    const titleDistance = titleEl === null ? 40 : treeDistance(best.el, titleEl);
    // Money-looking text with no price markup far from the product is an ad, a banner or a promo.
    if (!priceHint && Math.min(anchorDistance, titleDistance) > 10) continue;
    if (priceHint) score += 3;
    if (/itemprop="?price|(?:^|\s)price(?:\s|$)/.test(hints)) score += 1;
    if (best.money.currency !== null) score += 2;
    if (SALE_HINT.test(hints)) score += 2;
    const label = labelBefore(best.el);
    const listLike =
      entry.struck ||
      LIST_HINT.test(hints) ||
      LIST_TEXT.test(text) ||
      LIST_LABEL.test(label) ||
      hasStrikeAttribute(entry.el, best.level + 2);
    if (listLike) score -= 6;
    if (JUNK_HINT.test(hints) || JUNK_TEXT.test(text)) score -= 7;
    if (VARIANT_HINT.test(hints)) score -= 5;
    if (entry.related) score -= 12;
    if (entry.chrome) score -= 10;
    if (entry.hidden) score -= 1.5;
    score -= Math.min(anchorDistance, 40) * 0.35;
    score -= Math.min(titleDistance, 40) * 0.15;
    score -= (entry.index / total) * 2;
    candidates.push({ el: best.el, amount: best.money.amount, currency: best.money.currency, score, listLike, entry });
    if (candidates.length > 3000) break;
  }
  // List-like prices already carry a penalty; they win only when nothing better is near.
  const ranked = [...candidates].sort((a, b) => b.score - a.score);
  const best = ranked[0];
  if (best === undefined || best.score < -14) return null;
  const result: { best: PriceCandidate; list?: number } = { best };
  // The struck price sits beside our price, which pages often print twice (headline and buy box).
  const twins = candidates.filter((c) => !c.listLike && !c.entry.related && Math.abs(c.amount - best.amount) < 0.005);
  const distanceToTwins = (c: PriceCandidate): number => Math.min(...twins.map((t) => treeDistance(c.el, t.el)));
  const list = candidates
    .filter((c) => c !== best && c.listLike && c.amount > best.amount && !c.entry.related && distanceToTwins(c) <= 8)
    .sort((a, b) => distanceToTwins(a) - distanceToTwins(b))[0];
  if (list) result.list = list.amount;
  return result;
}

// Back-in-stock sign-ups: shops render them for every product and show them for sold-out sizes.
const NOTIFY_HINT =
  /notify|restock|back-?in-?stock|stock-?(?:alert|notif\w*)|waitlist|wait-?list|cwg|(?:^|[\s_-])bis(?:$|[\s_-])|subscribe|email-?me|alert-?me/i;
const NOTIFY_TEXT =
  /\b(?:notify\s+me|email\s+me|e-mail\s+me|alert\s+me|let\s+me\s+know|get\s+notified|tell\s+me\s+when|join\s+the\s+waitlist)\b|benachrichtig|m['’]avertir|avvisami|avísame|avise-me/i;
/** Size and colour pickers: what their labels say about stock is about that option. */
const PICKER_HINT = /swatch|variant|variation|variable-item|option|size-?(?:selector|picker|list)|colou?r-?(?:selector|picker|list)/i;
const SELECTED_CLASS = /(?:^|[\s_-])(?:is-)?(?:active|selected|current|checked|chosen)(?:$|[\s_-])/i;

function isSelectedOption(el: Element): boolean {
  const a = el.attribs;
  return (
    SELECTED_CLASS.test(a["class"] ?? "") ||
    a["aria-checked"] === "true" ||
    a["aria-selected"] === "true" ||
    a["aria-current"] === "true" ||
    a["aria-current"] === "page" ||
    "checked" in a ||
    "selected" in a
  );
}

/** Elements of option pickers, gathered in one walk (selector queries cost a pass each on big pages). */
interface OptionElements {
  /** Marked chosen: a selected/active class, aria-checked/selected/current, checked, selected. */
  selected: Element[];
  selects: Element[];
}

const optionCache = new WeakMap<PageIndex, OptionElements>();

function optionElements(index: PageIndex): OptionElements {
  const cached = optionCache.get(index);
  if (cached) return cached;
  const found: OptionElements = { selected: [], selects: [] };
  const stack: AnyNode[] = [index.body];
  let visited = 0;
  while (stack.length > 0 && visited++ < 200_000) {
    const node = stack.pop();
    if (node === undefined || !isElement(node)) continue;
    if (node.name === "script" || node.name === "style" || node.name === "svg" || node.name === "template") continue;
    if (node.name === "select") found.selects.push(node);
    else if (found.selected.length < 2_000 && isSelectedOption(node)) found.selected.push(node);
    for (let i = node.children.length - 1; i >= 0; i--) {
      const child = node.children[i];
      if (child !== undefined && isElement(child)) stack.push(child);
    }
  }
  optionCache.set(index, found);
  return found;
}

/**
 * Labels of the options a picker offers besides the selected one ("Gold vermeil" beside the
 * active "Sterling silver"): a stock line that names one speaks about that option.
 */
export function otherOptionLabels($: CheerioAPI, index: PageIndex): string[] {
  const labels = new Set<string>();
  const labelOf = (el: Element): string => {
    if (el.name === "input") {
      const label = el.parent !== null && isElement(el.parent) && el.parent.name === "label" ? el.parent : null;
      return cleanText(label !== null ? textContent(label) : (el.attribs["value"] ?? ""));
    }
    return cleanText(el.attribs["data-option-label"] ?? el.attribs["title"] ?? textContent(el));
  };
  for (const el of optionElements(index).selected) {
    if (labels.size > 200) break;
    if (index.isRelated(el)) continue;
    const parent = el.parent;
    if (
      parent === null ||
      !isElement(parent) ||
      parent.name === "nav" ||
      (parent.name === "ul" && /menu|nav/i.test(attributeHints(parent)))
    )
      continue;
    // Radios sit in labels: their siblings are the other labels' inputs.
    const group = el.name === "input" && parent.name === "label" ? parent.parent : parent;
    if (group === null || !isElement(group)) continue;
    const selected = labelOf(el).toLowerCase();
    const siblings = group.children
      .filter(isElement)
      .flatMap((c) =>
        el.name === "input" && parent.name === "label"
          ? c.children.filter((i): i is Element => isElement(i) && i.name === "input")
          : c.name === el.name
            ? [c]
            : [],
      );
    for (const sibling of siblings.slice(0, 40)) {
      if (sibling === el || isSelectedOption(sibling)) continue;
      const label = labelOf(sibling).toLowerCase();
      if (label.length >= 3 && label.length <= 40 && label !== selected && !selected.includes(label)) labels.add(label);
    }
  }
  return [...labels];
}

function findAvailability(
  index: PageIndex,
  buttons: Element[],
  priceEl: Element | null,
  titleEl: Element | null,
  otherOptions: string[] = [],
): { available: boolean; evidence: "statement" | "button" | "conflicting" } | undefined {
  const anchors = [priceEl, titleEl, buttons[0] ?? null].filter((a): a is Element => a !== null);
  const title = titleEl === null ? "" : cleanText(textContent(titleEl)).toLowerCase();
  const aboutOtherOption = (text: string): boolean => {
    const lower = text.toLowerCase();
    return otherOptions.some((o) => lower.includes(o) && !title.includes(o));
  };
  // Statements of stock near the product (not in carousels, menus or size pickers).
  let nearestOut = Number.POSITIVE_INFINITY;
  let nearestIn = Number.POSITIVE_INFINITY;
  const liveButtons = buttons.filter((b) => !isDisabled(b));
  for (const entry of index.entries) {
    if (entry.related || entry.chrome || entry.text.length > 140) continue;
    // Labels inside a live buy button ("add to cart" / "unavailable" spans) are a template.
    if (liveButtons.some((b) => isInside(entry.el, b))) continue;
    const cjk = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/.test(entry.text);
    const out =
      !STOCK_NOISE.test(entry.text) &&
      ((OUT_OF_STOCK.test(entry.text) && entry.text.length <= (cjk ? 24 : 90)) || OUT_OF_STOCK_WEAK.test(entry.text));
    const inStock = !out && IN_STOCK.test(entry.text) && !NEGATED.test(entry.text);
    if (!out && !inStock) continue;
    const hints = hintsUpward(entry.el, 3);
    // Stock of another size or colour, or a sign-up form for when something returns.
    if (PICKER_HINT.test(hints) || inPicker(entry.el)) continue;
    if (out && (NOTIFY_HINT.test(hintsUpward(entry.el, 6)) || (NOTIFY_TEXT.test(entry.text) && liveButtons.length > 0))) continue;
    // A "Sold out" badge beside a live buy button: themes render every badge and let CSS show one.
    if (out && liveButtons.length > 0 && BADGE_HINT.test(hintsUpward(entry.el, 1))) continue;
    if (aboutOtherOption(entry.text)) continue;
    const stockContext = /stock|availab|inventory|lager|dispon|verfüg|status|delivery|shipping/i.test(hints);
    const distance = anchors.length === 0 ? 30 : Math.min(...anchors.map((a) => treeDistance(entry.el, a)));
    const effective = stockContext ? distance - 6 : distance;
    if (entry.hidden && !stockContext) continue;
    if (out) nearestOut = Math.min(nearestOut, effective);
    else nearestIn = Math.min(nearestIn, effective);
  }
  // "Availability: Dobavljivo" — a labelled status that does not say sold out says in stock.
  for (let i = 0; i + 1 < index.entries.length; i++) {
    const entry = index.entries[i];
    const next = index.entries[i + 1];
    if (entry === undefined || next === undefined || entry.related || entry.chrome || entry.text.length > 30) continue;
    if (!AVAILABILITY_LABEL.test(entry.text) || treeDistance(entry.el, next.el) > 4 || next.text.length > 80) continue;
    const distance = anchors.length === 0 ? 30 : Math.min(...anchors.map((a) => treeDistance(entry.el, a))) - 6;
    const saysOut =
      OUT_OF_STOCK.test(next.text) ||
      OUT_OF_STOCK_WEAK.test(next.text) ||
      /^(?:0|no|nein|non|none|keine?|nicht|não|nie|ne)\b/i.test(next.text);
    if (saysOut) nearestOut = Math.min(nearestOut, distance);
    else nearestIn = Math.min(nearestIn, distance);
  }
  const enabledButton = buttons.find((b) => !isDisabled(b));
  if (nearestOut <= 14 && (enabledButton === undefined || nearestOut <= nearestIn)) {
    // A sold-out line next to a live buy button is often a template the page's CSS hides.
    return { available: false, evidence: enabledButton === undefined ? "statement" : "conflicting" };
  }
  if (nearestIn <= 14) return { available: true, evidence: "statement" };
  if (buttons.length > 0 && enabledButton === undefined) return { available: false, evidence: "button" };
  if (enabledButton !== undefined) return { available: true, evidence: "button" };
  if (nearestOut <= 20) return { available: false, evidence: "statement" };
  return undefined;
}

const BADGE_HINT = /(?:^|[\s_-])(?:badge|badges|flag|sticker|ribbon)(?:$|[\s_-])/i;
/** "Choose an Option...", "Select size", "--": a picker's prompt, not a choice. */
const PICKER_PROMPT = /^(?:please\s+)?(?:select|choose|pick)\b|^[-–—.\s]*$/i;

/**
 * Every choice of a picker near the buy box is disabled or says sold out ("L - Out of stock"):
 * no variant can be bought, whatever the button says. One choice left on offer is in stock.
 */
function everyChoiceSoldOut($: CheerioAPI, index: PageIndex, anchors: Element[]): boolean {
  const near = (el: Element): boolean =>
    !index.isRelated(el) && !isHiddenElement(el) && (anchors.length === 0 || Math.min(...anchors.map((a) => treeDistance(el, a))) <= 14);
  const soldOut = (el: Element, label: string): boolean => "disabled" in el.attribs || OUT_OF_STOCK.test(label);
  const groups: Array<Array<{ el: Element; label: string }>> = [];
  for (const select of $("select").toArray().slice(0, 50)) {
    if (!near(select)) continue;
    const choices = select.children
      .filter(isElement)
      .flatMap((c) => (c.name === "optgroup" ? c.children.filter(isElement) : [c]))
      .filter((o) => o.name === "option")
      .map((o) => ({ el: o, label: cleanText(textContent(o)) }))
      .filter(({ el, label }) => el.attribs["value"] !== "" && !PICKER_PROMPT.test(label));
    groups.push(choices);
  }
  const radios = new Map<string, Array<{ el: Element; label: string }>>();
  for (const radio of $("input[type=radio][name]").toArray().slice(0, 500)) {
    const name = radio.attribs["name"] ?? "";
    if (!near(radio)) continue;
    const label = radio.parent !== null && isElement(radio.parent) && radio.parent.name === "label" ? textContent(radio.parent) : "";
    radios.set(name, [...(radios.get(name) ?? []), { el: radio, label: cleanText(label) }]);
  }
  groups.push(...radios.values());
  return groups.some((choices) => choices.length > 0 && choices.length <= 200 && choices.every(({ el, label }) => soldOut(el, label)));
}

const OPTION_NAME_PREFIX = /^(?:please\s+)?(?:select|choose|pick)\s+(?:a\s+|an\s+|the\s+|your\s+)?/i;

/**
 * The chosen value of each option picker that is not about another product: a checked radio
 * (named by its fieldset's legend), a selected <option> (named by its label), a swatch marked
 * selected (named by its group). Server-rendered pages mark the variant the URL selects.
 */
export function selectedOptionPairs($: CheerioAPI, index: PageIndex): NameValue[] {
  const pairs: NameValue[] = [];
  const add = (name: string | undefined, value: string | undefined): void => {
    const n = cleanText(name ?? "")
      .replace(/[:：*]\s*$/, "")
      .replace(OPTION_NAME_PREFIX, "")
      .trim();
    const v = cleanText(value ?? "");
    if (n.length > 0 && n.length <= 40 && v.length > 0 && v.length <= 80 && pairs.length < 20) pairs.push({ name: n, value: v });
  };
  const labelFor = (el: Element): string | undefined => {
    const id = el.attribs["id"];
    if (id === undefined || !/^[\w-]+$/.test(id)) return undefined;
    const text = $(`label[for="${id}"]`).first().text();
    return text === "" ? undefined : text;
  };
  const closest = (el: Element, tag: string): Element | null => {
    for (let p: AnyNode | null = el.parent, i = 0; p !== null && i < 8; p = p.parent, i++) if (isElement(p) && p.name === tag) return p;
    return null;
  };
  const { selected, selects } = optionElements(index);
  for (const el of selected) {
    if (el.name !== "input" || el.attribs["type"] !== "radio" || index.isRelated(el)) continue;
    const label = el.parent !== null && isElement(el.parent) && el.parent.name === "label" ? textContent(el.parent) : labelFor(el);
    const fieldset = closest(el, "fieldset");
    const legend = fieldset === null ? undefined : $(fieldset).children("legend").first().text();
    add(legend || el.attribs["name"], label || el.attribs["value"]);
  }
  for (const el of selects.slice(0, 40)) {
    if (index.isRelated(el)) continue;
    const option = el.children.find((o): o is Element => isElement(o) && o.name === "option" && "selected" in o.attribs);
    if (option === undefined) continue;
    add(labelFor(el) ?? el.attribs["aria-label"] ?? el.attribs["data-option-name"] ?? el.attribs["name"], textContent(option));
  }
  for (const el of selected) {
    if (el.name === "input" || el.name === "option" || index.isRelated(el)) continue;
    // Swatches: an element of a picker, marked chosen, naming its value.
    const a = el.attribs;
    if (a["data-option-label"] === undefined && a["data-value"] === undefined && !/swatch/i.test(a["class"] ?? "")) continue;
    const group = el.parent;
    if (group === null || !isElement(group)) continue;
    const g = group.attribs;
    let name = g["data-option-name"] ?? g["aria-label"] ?? g["data-attribute-name"] ?? g["data-attribute-code"];
    if (name === undefined) {
      // The label is the group's previous sibling ("Metal" above the swatches) or a span inside it.
      const before = group.prev;
      const labelEl =
        before !== null && isElement(before) ? before : group.children.find((c) => isElement(c) && c !== el && c.name === "span");
      if (labelEl !== undefined && isElement(labelEl)) name = textContent(labelEl);
    }
    add(name?.replace(/^attribute_(?:pa_)?/, "").replace(/[-_]/g, " "), a["data-option-label"] ?? a["title"] ?? textContent(el));
  }
  return pairs;
}

/** Inside a <label>, <option> or <fieldset> of a form: an option's own text. */
function inPicker(el: Element): boolean {
  for (let p: AnyNode | null = el, i = 0; p !== null && i < 4; p = p.parent, i++) {
    if (isElement(p) && (p.name === "label" || p.name === "fieldset" || p.name === "legend")) return true;
  }
  return false;
}

function findLabelledIds(index: PageIndex, anchor: AnyNode | null): Array<{ id: string; rank: number }> {
  const found: Array<{ id: string; rank: number; score: number }> = [];
  const entries = index.entries;
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i];
    if (entry === undefined || entry.related || entry.text.length > 200) continue;
    const distance = anchor === null ? 0 : Math.min(treeDistance(entry.el, anchor), 60);
    const push = (id: string, rank: number): void => {
      const clean = id.replace(/[.,;:]+$/, "").trim();
      if (rank === 1 && /\s/.test(clean)) return;
      if (isIdLike(clean)) found.push({ id: clean, rank, score: rank * 100 + distance + (entry.chrome ? 50 : 0) });
    };
    const spaced = entry.text.length <= 56 ? SPACED_LABEL.exec(entry.text) : null;
    // Without a colon the id must hold a digit: "Ref. ADB-MG-3W", not "Item details".
    const abbreviated = ABBREVIATED_LABEL.exec(entry.text);
    const inline =
      INLINE_LABEL.exec(entry.text) ??
      (spaced?.[2] !== undefined && /\d/.test(spaced[2]) ? spaced : null) ??
      (abbreviated?.[2] !== undefined && /\d/.test(abbreviated[2]) ? abbreviated : null);
    if (inline?.[1] && inline[2]) {
      push(inline[2], /model|mpn/i.test(inline[1]) ? 2 : 1);
      continue;
    }
    const rank = LABEL_RANK1.test(entry.text) ? 1 : LABEL_RANK2.test(entry.text) ? 2 : 0;
    if (rank === 0 || entry.text.length > 40) continue;
    const next = entries[i + 1];
    if (next !== undefined && next.text.length <= 40 && treeDistance(next.el, entry.el) <= 6) {
      push(next.text.replace(/^[:#\-–]\s*/, ""), rank);
    }
  }
  // Ids marked up rather than labelled: <span class="sku">…</span>, data-qa="product-reference".
  for (const entry of entries) {
    if (entry.related || entry.text.length > 40 || !isIdLike(entry.text) || /\s/.test(entry.text)) continue;
    const el = entry.el;
    const marked = Object.values(el.attribs).some((v) => ID_ATTRIBUTE_HINT.test(v));
    if (!marked) continue;
    const distance = anchor === null ? 0 : Math.min(treeDistance(el, anchor), 60);
    found.push({ id: entry.text, rank: 1, score: 100 + distance + 15 + (entry.chrome ? 50 : 0) });
  }
  found.sort((a, b) => a.score - b.score);
  const unique = new Map<string, number>();
  for (const f of found) if (!unique.has(f.id)) unique.set(f.id, f.rank);
  return [...unique].slice(0, 5).map(([id, rank]) => ({ id, rank }));
}

function findImages($: CheerioAPI, index: PageIndex, pageUrl: string, titleEl: Element | null): string[] {
  const scored: Array<{ url: string; score: number }> = [];
  $("img").each((i, el) => {
    if (scored.length > 400) return false;
    const a = el.attribs;
    const src =
      a["data-zoom-image"] ??
      a["data-large_image"] ??
      a["data-old-hires"] ??
      a["data-src-zoom-image"] ??
      a["data-src"] ??
      a["data-lazy-src"] ??
      a["data-original"] ??
      a["src"] ??
      "";
    const url = absoluteUrl(src, pageUrl);
    if (
      url === null ||
      /\.svg(?:\?|$)|sprite|logo|icon|pixel|spacer|blank\.gif|placeholder|badge|flag|avatar|rating|star|payment|loader/i.test(url)
    )
      return;
    const hints = hintsUpward(el, 4);
    if (index.isRelated(el) || /logo|icon|header|footer|nav/.test(hints)) return;
    let score = 0;
    if (/product|gallery|main|primary|zoom|hero|media|featured|photo|image/i.test(hints)) score += 3;
    const width = Number(a["width"] ?? 0);
    if (width > 0 && width < 80) score -= 5;
    if (titleEl !== null) score -= Math.min(treeDistance(el, titleEl), 30) * 0.1;
    score -= i * 0.01;
    scored.push({ url, score });
    return;
  });
  return uniqueStrings(
    scored
      .filter((s) => s.score > 0)
      .sort((a, b) => b.score - a.score)
      .map((s) => s.url),
  ).slice(0, 12);
}

/** Name/value pairs from specification tables, definition lists and "Label: value" list items. */
export function specificationPairs($: CheerioAPI): NameValue[] {
  const pairs: NameValue[] = [];
  const add = (name: string, value: string): void => {
    const n = cleanText(name).replace(/[:：]\s*$/, "");
    const v = cleanText(value);
    if (n.length > 0 && n.length <= 60 && v.length > 0 && v.length <= 200 && pairs.length < 400) pairs.push({ name: n, value: v });
  };
  $("tr").each((_, row) => {
    // Two cells are one pair; eBay-style spec tables put two pairs in a row.
    const cells = $(row).children("th, td").toArray();
    if (cells.length !== 2 && cells.length !== 4) return;
    for (let i = 0; i + 1 < cells.length; i += 2) {
      const name = cells[i];
      const value = cells[i + 1];
      if (name && value) add(visibleText(name), visibleText(value));
    }
  });
  $("dl").each((_, dl) => {
    const kids = $(dl).children("dt, dd, div").toArray();
    let pendingName: string | null = null;
    for (const kid of kids) {
      if (kid.name === "div") {
        const dt = $(kid).children("dt").first().text();
        const dd = $(kid).children("dd").first().text();
        if (dt && dd) add(dt, dd);
      } else if (kid.name === "dt") pendingName = textContent(kid);
      else if (pendingName !== null) {
        add(pendingName, textContent(kid));
        pendingName = null;
      }
    }
  });
  $("li, p, div.spec, span.spec").each((_, el) => {
    if (el.name === "div" || el.name === "p") {
      if ($(el).children().length > 3) return;
    }
    const text = cleanText(textContent(el));
    if (text.length > 160) return;
    const m = /^([^:|：]{2,40})\s*[:|：]\s*(.+)$/.exec(text) ?? /^([^–-]{2,30})\s+[–-]\s+(.+)$/.exec(text);
    if (m?.[1] && m[2]) add(m[1], m[2]);
  });
  return pairs;
}
