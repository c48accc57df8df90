import { DESIGN_LIMITS, PURITIES, STONE_CUT_DEFAULT, type Currency, type FieldErrors, type MetalColor, type MetalType, type Purity, type Stone } from "@atelier/contract";

/**
 * The link save (spec §7) sends metal, stones and budget as free text. These readers take out
 * what can be read with confidence; the texts themselves are always kept as given. A figure
 * written with a minus keeps its sign ("-5 g" reads -5, never 5): `linkFigureErrors` refuses it,
 * as it refuses a figure beyond DESIGN_LIMITS.
 */

/** A minus sign written just before a figure (not a dash between words or a range: "5-6 g"). */
const MINUS = "(?:(?<![\\w.,])([-\u2212]))";

export interface MetalReading {
  metal_type: MetalType | "";
  metal_color: MetalColor | "";
  purity: Purity | "";
}

const METALS: { type: MetalType; pattern: RegExp }[] = [
  { type: "platinum", pattern: /\bplatinum\b|\bpt\s?-?(?:950|900|999)\b/i },
  { type: "silver", pattern: /\bsterling\b|\bsilver\b|\b925\b/i },
  { type: "gold", pattern: /\bgold\b|\b(?:9|10|14|18|20|22|24)\s?(?:k|kt|karat|carat)\b|\b(?:585|750|916|917)\b/i },
];
const FINENESS: Record<string, Purity> = { "585": "14K", "750": "18K", "916": "22K", "917": "22K", "999": "24K" };

/** "18K Rose Gold", "Sterling Silver 925", "Platinum PT950", "White Gold 14k", "Gold plated silver". */
export function parseMetalText(text: string): MetalReading {
  const reading: MetalReading = { metal_type: "", metal_color: "", purity: "" };
  const t = text.trim();
  if (!t) return reading;

  // The metal named first wins, except a plated surface ("gold plated silver" is silver).
  let best: { type: MetalType; index: number } | null = null;
  for (const metal of METALS) {
    const re = new RegExp(metal.pattern.source, "gi");
    for (const m of t.matchAll(re)) {
      const after = t.slice(m.index + m[0].length);
      if (/^\s*-?\s*(?:plated|plating|vermeil|filled|tone|toned)\b/i.test(after)) continue;
      if (!best || m.index < best.index) best = { type: metal.type, index: m.index };
      break;
    }
  }
  reading.metal_type = best?.type ?? "other";

  switch (reading.metal_type) {
    case "gold": {
      const karat = /\b(9|10|14|18|20|22|24)\s?(?:k|kt|karat|carat)\b/i.exec(t)?.[1];
      const fineness = /\b(585|750|916|917|999)\b/.exec(t)?.[1];
      const purity = karat ? `${karat}K` : fineness ? FINENESS[fineness] : undefined;
      if (purity && (PURITIES as readonly string[]).includes(purity)) reading.purity = purity as Purity;
      break;
    }
    case "silver":
      if (/\b925\b|\bsterling\b/i.test(t)) reading.purity = "925";
      break;
    case "platinum":
      if (/\b950\b|pt\s?-?950/i.test(t)) reading.purity = "950";
      break;
    case "other":
      break;
  }

  if (/\byellow\b/i.test(t)) reading.metal_color = "yellow";
  else if (/\bwhite\b/i.test(t)) reading.metal_color = "white";
  else if (/\b(?:rose|pink|red)\s+gold\b|\brose\b/i.test(t)) reading.metal_color = "rose";
  return reading;
}

export interface BudgetReading {
  amount: number | null;
  currency: Currency | null;
}

const CURRENCY_MARKS: { currency: Currency; pattern: RegExp }[] = [
  { currency: "INR", pattern: /₹|\binr\b|\brs\.?(?=\s|\d|$)|\brupees?\b/i },
  { currency: "EUR", pattern: /€|\beur\b|\beuros?\b/i },
  { currency: "GBP", pattern: /£|\bgbp\b|\bpounds?\b/i },
  { currency: "USD", pattern: /\bus\s?\$|\$|\busd\b|\bdollars?\b/i },
];
/** Dollars of other countries: the amount would be in a currency we do not offer. */
const OTHER_DOLLARS = /\b(?:c|ca|can|a|au|nz|hk|s|sg|nt|r|mx)\s?\$/i;
const ISO_CODE = /\b[A-Z]{3}\b/g;

/** "₹45,000", "USD 1,299.00", "1.299,00 €", "$850", "45k", "1.5 lakh". */
export function parseBudgetText(text: string): BudgetReading {
  const t = text.trim();
  if (!t || OTHER_DOLLARS.test(t)) return { amount: null, currency: null };
  const currency = CURRENCY_MARKS.find((c) => c.pattern.test(t))?.currency ?? null;
  // "CHF 900" names a currency we do not offer; reading 900 in another currency would be wrong.
  if (!currency && (t.match(ISO_CODE) ?? []).length > 0) return { amount: null, currency: null };

  const token = /\d[\d.,'\u00a0\u202f ]*\d|\d/.exec(t);
  if (!token) return { amount: null, currency };
  let amount = parseNumberToken(token[0]);
  if (amount === null) return { amount: null, currency };
  const rest = t.slice(token.index + token[0].length);
  if (/^\s*k\b/i.test(rest)) amount *= 1_000;
  else if (/^\s*(?:lakhs?|lacs?)\b/i.test(rest)) amount *= 100_000;
  else if (/^\s*(?:crores?|cr)\b/i.test(rest)) amount *= 10_000_000;
  // "-450 USD", "USD -450", "-$450": a negative price keeps its sign (and is refused), never read as 450.
  const before = t.slice(0, token.index);
  if (/(?:^|\s)[-\u2212]\s?(?:[^\d\s-]{1,3}\.?\s?)?$/.test(before)) amount = -amount;
  amount = Math.round(amount * 100) / 100;
  return { amount: Number.isFinite(amount) ? amount : null, currency };
}

/** A number written with any usual grouping: "45,000", "1,23,456", "1.299,00", "1 299.50", "12.5". */
export function parseNumberToken(token: string): number | null {
  let s = token.replace(/['\u00a0\u202f ]/g, "");
  const lastDot = s.lastIndexOf(".");
  const lastComma = s.lastIndexOf(",");
  if (lastDot >= 0 && lastComma >= 0) {
    const decimal = lastDot > lastComma ? "." : ",";
    const group = decimal === "." ? "," : ".";
    s = s.split(group).join("").replace(decimal, ".");
  } else if (lastDot >= 0 || lastComma >= 0) {
    const sep = lastDot >= 0 ? "." : ",";
    const parts = s.split(sep);
    const tail = parts[parts.length - 1] ?? "";
    // One separator followed by anything but three digits is a decimal point; otherwise grouping.
    s = parts.length === 2 && tail.length !== 3 ? parts.join(".") : parts.join("");
  }
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

/** Grams per unit of a written metal weight; an unknown unit is not guessed. Ounces are troy ounces. */
const GRAMS_PER_UNIT: Record<string, number> = {
  "": 1,
  g: 1,
  gm: 1,
  gms: 1,
  gr: 1,
  grs: 1,
  gram: 1,
  grams: 1,
  gramm: 1,
  mg: 0.001,
  kg: 1000,
  dwt: 1.55517384,
  oz: 31.1034768,
  ozt: 31.1034768,
  tola: 11.6638038,
};
/** Millimetres per unit of a written length; a bare number is in millimetres. */
const MM_PER_UNIT: Record<string, number> = { "": 1, mm: 1, cm: 10, in: 25.4, inch: 25.4, inches: 25.4, '"': 25.4 };

/** The first number of a text, with its sign, and the unit word after it: "3,5 grams" → [3.5, "grams"], "-5 g" → [-5, "g"]. */
function amountAndUnit(text: string): [number, string] | null {
  const m = new RegExp(`${MINUS}?(\\d+(?:[.,]\\d+)*)\\s*([a-z]+\\.?|")?`, "i").exec(text.trim());
  const n = m?.[2] ? parseNumberToken(m[2]) : null;
  if (n === null || !m) return null;
  // "-5", and "- 5 g" when the text starts with the minus.
  const negative = Boolean(m[1]) || /^[-\u2212]\s*$/.test(text.trim().slice(0, m.index));
  return [negative ? -n : n, (m[3] ?? "").replace(/\.$/, "").toLowerCase()];
}

/** Two decimal places; zero means "not given". The sign is kept, the range is checked by `linkFigureErrors`. */
const toMeasure = (n: number): number | null => {
  const rounded = Math.round(n * 100) / 100;
  return Number.isFinite(rounded) && rounded !== 0 ? rounded : null;
};

/** "3.2 g", "2 dwt", "3,5 grams", "4.1" (grams) → grams; "NA", "" or an unknown unit → null; "-5 g" → -5. */
export function parseWeightText(text: string): number | null {
  const reading = amountAndUnit(text);
  const factor = reading ? GRAMS_PER_UNIT[reading[1]] : undefined;
  return reading && factor !== undefined ? toMeasure(reading[0] * factor) : null;
}

/** "2 mm", "2.5mm", "1.8 cm", "0.5 in", "18" (mm) → millimetres; "NA", "" or an unknown unit → null. */
export function parseLengthText(text: string): number | null {
  const reading = amountAndUnit(text);
  const factor = reading ? MM_PER_UNIT[reading[1]] : undefined;
  return reading && factor !== undefined ? toMeasure(reading[0] * factor) : null;
}

const STONE_NAMES = [
  "lab[\\s-]?grown diamond",
  "cubic zirconia",
  "lapis lazuli",
  "diamond",
  "ruby",
  "rubies",
  "sapphire",
  "emerald(?![\\s-]cut)",
  "pearl",
  "moissanite",
  "topaz",
  "amethyst",
  "opal",
  "garnet",
  "tanzanite",
  "aquamarine",
  "citrine",
  "peridot",
  "onyx",
  "morganite",
  "tourmaline",
  "spinel",
  "zircon",
  "turquoise",
  "jade",
  "coral",
  "alexandrite",
  "moonstone",
  "tsavorite",
  "kunzite",
  "iolite",
  "cz",
];
const STONE_NAME = new RegExp(`\\b(${STONE_NAMES.join("|")})(?:e?s)?\\b`, "i");
const SHAPE = /\b(round brilliant|round|princess|oval|cushion|pear|marquise|radiant|asscher|heart|baguette|trillion|emerald[\s-]cut)(?:[\s-]cut)?\b/i;
const CARAT = new RegExp(`${MINUS}?(\\d+(?:[.,]\\d+)?)\\s*(?:ct\\.?\\s?t\\.?w\\.?|ctw|tcw|cts?\\.?|carats?)(?![a-z])`, "i");
const CLARITY = /\b(FL|IF)\b|\b(VVS1|VVS2|VS1|VS2|SI1|SI2|SI3|I1|I2|I3)\b/i;
const GRADE = /(?:^|[\s,(])([D-Z](?:\s?-\s?[D-Z])?)(?=$|[\s,)])/;
const COLOUR_WORD = /\b(colou?rless|white|black|blue|pink|yellow|green|red|purple|violet|champagne|brown|orange|grey|gray)\b/i;

const titleCase = (s: string) => s.toLowerCase().replace(/(^|[\s-])([a-z])/g, (_m, p: string, c: string) => p + c.toUpperCase());

/** "2 x Diamond 0.50ct G VS1; 1 x Ruby 1.2ct": one stone per part that names a gem or a carat weight. */
export function parseStonesText(text: string): Stone[] {
  const stones: Stone[] = [];
  const segments = text
    .split(/[;\n|]+/)
    .flatMap((s) => s.split(/,(?=\s*\d{1,4}\s*(?:x|×)\s)/i))
    .map((s) => s.trim())
    .filter(Boolean);
  for (const segment of segments.slice(0, 50)) {
    let s = ` ${segment} `;
    const take = (re: RegExp): RegExpExecArray | null => {
      const m = re.exec(s);
      if (m) s = s.slice(0, m.index) + " " + s.slice(m.index + m[0].length);
      return m;
    };

    let quantity = 1;
    const lead = take(/^\s*(\d{1,4})\s*(?:x|×|pcs?\.?|pieces?)\s+/i) ?? take(/\s[x×]\s?(\d{1,4})\s*$/i);
    if (lead?.[1]) quantity = Math.max(1, Number(lead[1]));

    const caratMatch = take(CARAT);
    const caratFigure = caratMatch?.[2] ? Math.round(Number(caratMatch[2].replace(",", ".")) * 100) / 100 : null;
    const carat = caratFigure !== null && caratMatch?.[1] ? -caratFigure : caratFigure;
    const clarityMatch = take(CLARITY);
    const clarity = (clarityMatch?.[1] ?? clarityMatch?.[2] ?? "").toUpperCase();
    const shape = take(SHAPE)?.[1];
    const typeMatch = take(STONE_NAME);
    const grade = take(GRADE)?.[1];
    const colourWord = grade ? undefined : take(COLOUR_WORD)?.[1];

    let type = "";
    if (typeMatch?.[1]) {
      const name = typeMatch[1].toLowerCase();
      type = name === "cz" ? "Cubic Zirconia" : name === "rubies" ? "Ruby" : titleCase(name.replace(/\s+/g, " "));
    }
    if (!type && carat === null) continue;

    stones.push({
      stone_type: type,
      stone_cut: shape ? titleCase(shape.replace(/[\s-]cut$/i, "")) : STONE_CUT_DEFAULT,
      stone_carat: carat !== null && Number.isFinite(carat) ? carat : null,
      stone_color: grade ? grade.replace(/\s/g, "").toUpperCase() : colourWord ? titleCase(colourWord) : "",
      stone_clarity: clarity,
      position: "",
      quantity,
    });
  }
  return stones;
}

export interface LinkFigures {
  weight: number | null;
  band_width: number | null;
  length: number | null;
  width: number | null;
  height: number | null;
  budget: number | null;
  stones: Stone[];
}

/**
 * The figures read from a link save's texts, held to what the custom form takes (DESIGN_LIMITS):
 * a negative figure or one beyond its limit is refused with a message that names it, since the
 * review form shows only the first message.
 */
export function linkFigureErrors(f: LinkFigures): FieldErrors {
  const errors: FieldErrors = {};
  const check = (field: string, label: string, value: number | null, max: number, unit: string) => {
    if (value === null) return;
    if (value < 0) errors[field] = [`${label} cannot be negative.`];
    else if (value > max) errors[field] = [`${label} can be at most ${max.toLocaleString("en-US")}${unit}.`];
  };
  check("weight", "The weight", f.weight, DESIGN_LIMITS.weight, " g");
  check("band_width", "The band width", f.band_width, DESIGN_LIMITS.band_width, " mm");
  check("length", "The length", f.length, DESIGN_LIMITS.length, " mm");
  check("width", "The width", f.width, DESIGN_LIMITS.width, " mm");
  check("height", "The height", f.height, DESIGN_LIMITS.height, " mm");
  check("budget", "The price", f.budget, DESIGN_LIMITS.budget, "");
  const stoneErrors: string[] = [];
  f.stones.forEach((stone, i) => {
    const carat = stone.stone_carat;
    if (carat !== null && carat < 0) stoneErrors.push(`Stone ${i + 1}: a carat weight cannot be negative.`);
    else if (carat !== null && carat > DESIGN_LIMITS.stone_carat) stoneErrors.push(`Stone ${i + 1}: a stone can weigh at most ${DESIGN_LIMITS.stone_carat} ct.`);
    if (stone.quantity > DESIGN_LIMITS.quantity) stoneErrors.push(`Stone ${i + 1}: at most ${DESIGN_LIMITS.quantity.toLocaleString("en-US")} stones of a kind.`);
  });
  if (stoneErrors.length > 0) errors.stones = stoneErrors;
  return errors;
}
