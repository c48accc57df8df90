import type { ExtractedStone } from "@atelier/contract";
import type { NameValue } from "./product-signals.ts";
import { cleanText } from "./text-utils.ts";

export interface JewelleryText {
  /** Shop host: decides the sizing system of a bare ring size ("14" in Italy is IT 14). */
  hostname?: string | undefined;
  title?: string | undefined;
  description?: string | undefined;
  category?: string | undefined;
  /** Specification pairs from tables, lists, schema.org additionalProperty, platform options. */
  attributes?: NameValue[] | undefined;
}

export interface JewelleryAttributes {
  jewelry_type?: string;
  style?: string;
  collection?: string;
  metal_type?: string;
  metal_color?: string;
  purity?: string;
  weight?: number;
  stones: ExtractedStone[];
  certificate_type?: string;
  certificate_number?: string;
  size?: string;
  width?: string;
  height?: string;
  length?: string;
  band_width?: string;
  setting_type?: string;
  design_features?: string;
}

// ---------------------------------------------------------------- metal

const METAL_WORDS: Array<{ pattern: RegExp; metal: string; color?: string }> = [
  {
    pattern:
      /\b(?:white\s*gold|weiß\s*gold|weiss\s*gold|weißgold|weissgold|or\s+blanc|oro\s+bianco|oro\s+blanco|witgoud|białe\s+złoto|białego\s+złota|ouro\s+branco|aur\s+alb|białym\s+złocie)\b|ホワイトゴールド|白金(?!台)|白色黄金/i,
    metal: "gold",
    color: "white",
  },
  {
    pattern:
      /\b(?:yellow\s*gold|gelb\s*gold|gelbgold|or\s+jaune|oro\s+giallo|oro\s+amarillo|geelgoud|żółte\s+złoto|żółtego\s+złota|ouro\s+amarelo|aur\s+galben|żółtym\s+złocie)\b|イエローゴールド|黄金色/i,
    metal: "gold",
    color: "yellow",
  },
  {
    pattern:
      /\b(?:rose\s*gold|pink\s*gold|red\s*gold|rosé\s*gold|roségold|rosegold|rotgold|or\s+rose|oro\s+rosa|oro\s+rosado|roségoud|rosé\s*goud|różowe\s+złoto|różowego\s+złota|ouro\s+rosa|aur\s+roz)\b|ピンクゴールド|ローズゴールド|玫瑰金/i,
    metal: "gold",
    color: "rose",
  },
  {
    pattern: /\b(?:platinum|platin|platine|platino|platyna|platină|pt\s?(?:950|900|999|850))\b|プラチナ|铂金|鉑金/i,
    metal: "platinum",
    color: "white",
  },
  { pattern: /\b(?:palladium|palladio)\b/i, metal: "palladium", color: "white" },
  {
    pattern:
      /\b(?:sterling\s+silver|silver|silber|sterlingsilber|argent|argento|plata|zilver|srebro|srebra|prata|argint)\b|シルバー|银|銀/i,
    metal: "silver",
    color: "white",
  },
  { pattern: /\btitanium\b|\btitan\b|\btitane\b|\btitanio\b/i, metal: "titanium" },
  { pattern: /\btungsten\b/i, metal: "tungsten" },
  { pattern: /\bstainless\s+steel\b|\bedelstahl\b|\bacier\s+inoxydable\b/i, metal: "stainless steel" },
  {
    pattern:
      /\b(?:gold|gelbgold|goud|złot[oa]|złocie|oro|ouro|aur|or\s+(?:18|14|9|22|24)\s*(?:k|carats?))\b|\b(?:9|10|14|18|20|22|24)\s?(?:k|kt|ct|karat|carat)\b(?!\s*(?:diamond|tw|t\.w|total|ruby|sapphire|emerald|moissanite))|\bK(?:9|10|14|18|22|24)\b|ゴールド|黄金|金(?=\s|$)/i,
    metal: "gold",
  },
];

export interface MetalReading {
  metal_type?: string;
  metal_color?: string;
}

/** Metal and its colour from phrases like "18K Rose Gold", "Gelbgold 585", "PT950", "925 Sterling Silver". */
export function parseMetal(text: string): MetalReading {
  const reading: MetalReading = {};
  let firstIndex = Number.POSITIVE_INFINITY;
  for (const word of METAL_WORDS) {
    const m = word.pattern.exec(text);
    if (m === null) continue;
    // Plating ("gold plated silver") describes the surface; the body metal is what a jeweller prices.
    const platedSurface = /^\s*(?:gold\s*)?-?\s*(?:plated|plating|vermeil|filled|tone|toned|finish|over)\b/i.test(
      text.slice(m.index + m[0].length),
    );
    if (platedSurface) continue;
    if (m.index < firstIndex) {
      firstIndex = m.index;
      reading.metal_type = word.metal;
      if (word.color) reading.metal_color = word.color;
      else delete reading.metal_color;
    }
  }
  if (reading.metal_type === "gold" && reading.metal_color === undefined) {
    if (/\b(?:yellow|gelb|jaune|giallo|amarillo|amarelo|galben|żółt\w*|geel)|イエロー|黄/i.test(text)) reading.metal_color = "yellow";
    else if (/\b(?:white|weiß|weiss|blanc|bianco|blanco|branco|alb|biał\w*|wit)\b|ホワイト|לבן/i.test(text)) reading.metal_color = "white";
    else if (/\b(?:rose|pink|rosé|rosa|roz|różow\w*|red)\b|ピンク|ローズ/i.test(text)) reading.metal_color = "rose";
  }
  return reading;
}

// ---------------------------------------------------------------- purity

const FINENESS_TO_KARAT: Record<string, string> = {
  "999": "24K",
  "9999": "24K",
  "916": "22K",
  "917": "22K",
  "875": "21K",
  "833": "20K",
  "750": "18K",
  "585": "14K",
  "583": "14K",
  "417": "10K",
  "416": "10K",
  "375": "9K",
};

/** Purity as the order form writes it: "18K", "22K", "925", "950". */
export function parsePurity(text: string, metalType?: string): string | undefined {
  const pt = /\bPt\s?-?(950|900|999|850)\b/i.exec(text) ?? /\b(950|900|999)\s*(?:platinum|platin|platine|platino)\b/i.exec(text);
  if (pt?.[1]) return pt[1];
  // "1.20 ct" is a stone's weight, not 20-karat gold: a karat number does not follow a decimal point.
  const karat =
    /(?<![\d.,])\b(9|10|12|14|15|18|20|21|22|24)\s?(?:k|kt|kts|karat|karats|carat|carats|ct)\b(?=\s*(?:solid\s+|real\s+)?(?:\w+\s+)?(?:gold|or|oro|gelb|weiß|weiss|rot|rosé|rose|white|yellow|pink|red|\/|$|,|\.|\)|-|\s))/i.exec(
      text,
    ) ??
    /(?<![\d.,])\b(9|10|14|18|22|24)\s?k\b/i.exec(text) ??
    /(?<![\d.,])\b(9|10|14|18|22|24)\s?(?:karat|carat|kt|ct)\s+(?:solid\s+)?(?:white\s+|yellow\s+|rose\s+)?gold\b/i.exec(text);
  const japanese = /\bK(9|10|14|18|22|24)\b/.exec(text);
  if (japanese?.[1] && !karat) return `${japanese[1]}K`;
  const plating = karat
    ? /^\s*(?:gold\s*)?-?\s*(?:plated|plating|vermeil|filled|over)\b/i.test(
        text.slice((karat.index ?? 0) + karat[0].length).replace(/^\s*(?:yellow|white|rose)\s+/i, ""),
      )
    : false;
  if (
    karat?.[1] &&
    !plating &&
    !/\b(?:9|10|12|14|15|18|20|21|22|24)\s?(?:ct|carat)s?\s*(?:t\.?w|tw|total|diamond|ruby|sapphire|emerald)/i.test(
      karat[0] + text.slice((karat.index ?? 0) + karat[0].length, (karat.index ?? 0) + karat[0].length + 12),
    )
  ) {
    return `${karat[1]}K`;
  }
  if (/\bsterling\b/i.test(text)) return "925";
  const fine = /\b(999\.9|9999|999|958|950|935|925|916|917|900|875|833|800|750|585|583|417|416|375)\b(?!\s*(?:mm|cm|g|gr|ct|carat|x))/.exec(
    text,
  );
  if (fine?.[1]) {
    const value = fine[1];
    const isSilver = metalType === "silver" || /silver|silber|argent|argento|plata|zilver|srebro|sterling/i.test(text);
    const isPlatinum = metalType === "platinum" || /platin/i.test(text);
    if (isSilver && ["999", "958", "935", "925", "900", "800"].includes(value)) return value;
    if (isPlatinum && ["950", "900", "999", "850"].includes(value)) return value;
    if (value === "999.9" || value === "9999") return "24K";
    const karatValue = FINENESS_TO_KARAT[value];
    if (karatValue && (metalType === "gold" || /gold|gelb|weiß|or\b|oro|hallmark|bis/i.test(text) || metalType === undefined)) {
      return metalType === "silver" || metalType === "platinum" ? undefined : karatValue;
    }
    if (value === "925") return "925";
    if (value === "950" && isPlatinum) return "950";
  }
  if (/\bfine\s+silver\b/i.test(text)) return "999";
  return undefined;
}

// ---------------------------------------------------------------- weight

const DWT_TO_GRAMS = 1.55517384;

/** Metal weight in grams from "3.5 g", "4.21 gms", "2 grams", "3 dwt", "Gross Wt: 5.6g". Carats are not weight. */
export function parseWeightGrams(text: string): number | undefined {
  const m = /(\d+(?:[.,]\d+)?)\s*(grams?|gms?|gm|grs?|gr\.|g|gramm|grammes?|grammi|gramos|dwt|pennyweights?|mg|oz|ounces?)(?![a-z])/i.exec(
    text,
  );
  if (!m?.[1] || !m[2]) return undefined;
  const value = Number(m[1].replace(",", "."));
  if (!Number.isFinite(value) || value <= 0) return undefined;
  const unit = m[2].toLowerCase();
  let grams = value;
  if (unit.startsWith("dwt") || unit.startsWith("penny")) grams = value * DWT_TO_GRAMS;
  else if (unit === "mg") grams = value / 1000;
  else if (unit === "oz" || unit.startsWith("ounce")) grams = value * 31.1034768;
  if (grams > 5000) return undefined;
  return Math.round(grams * 1000) / 1000;
}

// ---------------------------------------------------------------- stones

const STONE_TYPES: Array<{ pattern: RegExp; type: string }> = [
  {
    pattern:
      /\b(?:lab[\s-]*(?:grown|created|made)|laboratory[\s-]*grown|man[\s-]*made|cvd|hpht)\s+diamonds?\b|\blab[\s-]*diamonds?\b|\blabor(?:gezüchtete[rn]?)?\s*diamant/i,
    type: "Lab-Grown Diamond",
  },
  { pattern: /\bmoissanite\b|\bmoissanit\b/i, type: "Moissanite" },
  { pattern: /\b(?:cubic\s+zirconi[aa]|cz|zirconia|zirkonia|zircone|circonita)\b/i, type: "Cubic Zirconia" },
  {
    pattern:
      /\b(?:diamonds?|diamant(?:e|en|s|i)?|diamante?s?|diamanti|brillant(?:en|s|i|e)?|brilliant[\s-]cut\s+diamonds?|diament(?:y|ów|ami)?|brylant\w*)\b|ダイヤモンド|ダイヤ|钻石|鑽石|יהלום\S*/i,
    type: "Diamond",
  },
  { pattern: /\b(?:ruby|rubies|rubin(?:e|en|em|ami)?|rubis|rubin[oi]|rubí|rubi)\b|ルビー|红宝石/i, type: "Ruby" },
  { pattern: /\b(?:sapphires?|saphir(?:e|s|en)?|zaffir[oi]|zafir(?:o|os)|szafir\w*|safir\w*)\b|サファイア|蓝宝石/i, type: "Sapphire" },
  {
    pattern:
      /\b(?:emeralds?|smaragd(?:e)?|émeraudes?|smerald[oi]|esmeraldas?|szmaragd(?:y)?)\b(?![\s-]*(?:cut|shape|shaped|schliff|taille|forme))/i,
    type: "Emerald",
  },
  { pattern: /\b(?:pearls?|perlen?|perles?|perlas?|perl[ae]|perły|pérolas?)\b|パール|真珠|珍珠/i, type: "Pearl" },
  { pattern: /\btanzanites?\b/i, type: "Tanzanite" },
  { pattern: /\bamethysts?\b|\bamethyst(?:e|en)?\b|\baméthyste\b|\bametista\b/i, type: "Amethyst" },
  { pattern: /\b(?:blue\s+)?topaz(?:es)?\b|\btopas\b/i, type: "Topaz" },
  { pattern: /\baquamarines?\b|\baquamarin\b|\baigue-marine\b/i, type: "Aquamarine" },
  { pattern: /\bgarnets?\b|\bgranat\b|\bgrenat\b/i, type: "Garnet" },
  { pattern: /\bopals?\b|\bopale\b/i, type: "Opal" },
  { pattern: /\bperidots?\b/i, type: "Peridot" },
  { pattern: /\bcitrines?\b|\bcitrin\b/i, type: "Citrine" },
  { pattern: /\bmorganites?\b/i, type: "Morganite" },
  { pattern: /\btourmalines?\b|\bturmalin\b/i, type: "Tourmaline" },
  { pattern: /\bspinels?\b/i, type: "Spinel" },
  { pattern: /\balexandrites?\b/i, type: "Alexandrite" },
  { pattern: /\bonyx\b/i, type: "Onyx" },
  { pattern: /\bturquoise\b|\btürkis\b/i, type: "Turquoise" },
  { pattern: /\bjade\b/i, type: "Jade" },
  { pattern: /\bcoral\b|\bkoralle\b/i, type: "Coral" },
  { pattern: /\blapis(?:\s+lazuli)?\b/i, type: "Lapis Lazuli" },
  { pattern: /\bmoonstones?\b|\bmondstein\b/i, type: "Moonstone" },
  { pattern: /\b(?:rose\s+|smoky\s+|clear\s+)?quartz\b/i, type: "Quartz" },
  { pattern: /\bkunzite\b/i, type: "Kunzite" },
  { pattern: /\biolite\b/i, type: "Iolite" },
];

/** Stone types mentioned in a text, in order of first mention. */
export function parseStoneTypes(text: string): string[] {
  const found: Array<{ type: string; index: number }> = [];
  for (const stone of STONE_TYPES) {
    const m = stone.pattern.exec(text);
    if (m === null) continue;
    if (stone.type === "Diamond" && found.some((f) => f.type === "Lab-Grown Diamond")) {
      // "Lab-grown diamond" must not also count as a mined diamond unless mentioned apart.
      const rest = text.replace(
        /\b(?:lab[\s-]*(?:grown|created|made)|laboratory[\s-]*grown|man[\s-]*made|cvd|hpht)\s+diamonds?\b|\blab[\s-]*diamonds?\b/gi,
        "",
      );
      if (!stone.pattern.test(rest)) continue;
    }
    if (stone.type === "Quartz" && /\bquartz\s+(?:movement|watch|uhr)/i.test(text)) continue;
    found.push({ type: stone.type, index: m.index });
  }
  return found.sort((a, b) => a.index - b.index).map((f) => f.type);
}

const FRACTION: Record<string, number> = {
  "½": 0.5,
  "¼": 0.25,
  "¾": 0.75,
  "⅓": 1 / 3,
  "⅔": 2 / 3,
  "⅛": 0.125,
  "⅜": 0.375,
  "⅝": 0.625,
  "⅞": 0.875,
};

function fractionalNumber(raw: string): number | undefined {
  const text = raw.trim();
  const uni = /^(\d+)?\s*([½¼¾⅓⅔⅛⅜⅝⅞])$/.exec(text);
  if (uni) return Number(uni[1] ?? 0) + (FRACTION[uni[2] ?? ""] ?? 0);
  const mixed = /^(?:(\d+)[\s-]+)?(\d+)\/(\d+)$/.exec(text);
  if (mixed?.[2] && mixed[3]) {
    const denominator = Number(mixed[3]);
    if (denominator === 0) return undefined;
    return Number(mixed[1] ?? 0) + Number(mixed[2]) / denominator;
  }
  const plain = Number(text.replace(",", "."));
  return Number.isFinite(plain) ? plain : undefined;
}

const CARAT_NUMBER = String.raw`(\d+[\s-]+\d+\/\d+|\d+\/\d+|\d*\s*[½¼¾⅓⅔⅛⅜⅝⅞]|\d+(?:[.,]\d+)?|\.\d+)`;
const CARAT_UNIT = String.raw`(?:ct\.?\s*t\.?\s*w\.?|cttw|ctw|tcw|ct\.?|cts\.?|carats?|karaat|karat(?:e)?|quilates?|carati)`;
const CARAT_RE = new RegExp(`${CARAT_NUMBER}\\s*${CARAT_UNIT}(?![a-z])`, "i");

/** Carat weight from "1.5 ct", "1 1/4 ctw", "1/2 ct. t.w.", "0.75 cttw", "2 carat". Never gold karat ("18ct gold"). */
export function parseCarat(text: string): number | undefined {
  const re = new RegExp(CARAT_RE.source, "gi");
  for (const m of text.matchAll(re)) {
    const after = text.slice((m.index ?? 0) + m[0].length, (m.index ?? 0) + m[0].length + 24);
    if (/^\s*(?:solid\s+)?(?:white\s+|yellow\s+|rose\s+|pink\s+|red\s+)?(?:gold|or\b|oro\b|gelb|weiß|weiss|rosé)/i.test(after)) continue;
    const raw = m[1];
    if (raw === undefined) continue;
    const lead = text.slice(Math.max(0, (m.index ?? 0) - 22), m.index ?? 0);
    if (
      /^\s*(?:9|10|14|18|22|24)\s*$/.test(raw) &&
      /(?:gold|\bor\b|\boro\b|ouro|\baur\b|złot|goud|gelbgold|weißgold|rotgold|platin)\w*\s*(?:\w+\s+)?(?:de\s+|di\s+|in\s+)?$/i.test(lead)
    )
      continue;
    const value = fractionalNumber(raw.startsWith(".") ? `0${raw}` : raw);
    if (value === undefined || value <= 0 || value > 200) continue;
    if (/^(?:9|10|14|18|22|24)$/.test(raw.trim()) && /^\s*(?:gold)/i.test(after)) continue;
    return Math.round(value * 1000) / 1000;
  }
  return undefined;
}

const COLOR_GRADE = String.raw`([D-Z](?:\s*[-/–]\s*[D-Z]|[D-Z](?![A-Za-z0-9]))?)`;
const CLARITY_GRADE = String.raw`(FL|IF|VVS1|VVS2|VVS|VS1|VS2|VS|SI1|SI2|SI3|SI|I1|I2|I3)`;
const COLOR_LABEL = /(?:\b(?:diamond\s+)?(?:colou?re?(?:\s+grade)?|couleur|farbe|culoare|kolor|barwa|cor|kleur)|色)\s*[:：-]?\s*/gi;
const CLARITY_LABEL =
  /(?:\b(?:diamond\s+)?(?:clarity(?:\s+grade)?|reinheit|pureté|purezza|pureza|claritate|czystość|clarté|zuiverheid)|透明度|净度)\s*[:：-]?\s*/gi;

/** Grade text right after a label, read case-sensitively ("colore F" is F, not the "e" of "colore"). */
function afterLabel(text: string, label: RegExp, grade: RegExp): string | undefined {
  label.lastIndex = 0;
  for (const m of text.matchAll(label)) {
    const rest = text.slice((m.index ?? 0) + m[0].length);
    const g = grade.exec(rest);
    if (g?.[1]) return g[2] ? `${g[1]}-${g[2]}` : g[1];
  }
  return undefined;
}

/** Diamond colour grade: "G", "G-H", from "Color: G", "colore F", "G color", "F VS1", "IJ-SI". */
export function parseStoneColor(text: string): string | undefined {
  const labelled = afterLabel(text, COLOR_LABEL, new RegExp(`^${COLOR_GRADE}(?![A-Za-z0-9])`));
  if (labelled) return normaliseColor(labelled);
  const before = new RegExp(`(?<![A-Za-z0-9])${COLOR_GRADE}\\s*(?:colou?r|farbe|couleur|colore)\\b`, "").exec(text);
  if (before?.[1]) return normaliseColor(before[1]);
  const combo = new RegExp(
    `(?<![A-Za-z0-9])${COLOR_GRADE}\\s*[,/ -]\\s*${CLARITY_GRADE}(?:\\s*[-/–]\\s*${CLARITY_GRADE})?(?![A-Za-z0-9])`,
  ).exec(text);
  if (combo?.[1]) return normaliseColor(combo[1]);
  return undefined;
}

/** Clarity grade or range: "VS1", "VS1-VS2", "SI", from "Clarity: VS2", "SI clarity" or "G VS1". */
export function parseClarity(text: string): string | undefined {
  const labelled = afterLabel(text, CLARITY_LABEL, new RegExp(`^${CLARITY_GRADE}(?:\\s*[-/–]\\s*${CLARITY_GRADE})?(?![A-Za-z0-9])`, "i"));
  if (labelled) return labelled.toUpperCase();
  const before = new RegExp(`(?<![A-Za-z0-9])${CLARITY_GRADE}(?:\\s*[-/–]\\s*${CLARITY_GRADE})?\\s+clarity\\b`).exec(text);
  if (before?.[1]) return before[2] ? `${before[1]}-${before[2]}` : before[1];
  const strong =
    /(?<![A-Za-z0-9])(VVS1|VVS2|VS1|VS2|SI1|SI2|SI3|I1|I2|I3|VVS)(?:\s*[-/–]\s*(VVS1|VVS2|VS1|VS2|SI1|SI2|SI3|I1|I2|I3|VVS|VS|SI))?(?![A-Za-z0-9])/.exec(
      text,
    );
  if (strong?.[1]) return strong[2] ? `${strong[1]}-${strong[2]}` : strong[1];
  const combo = new RegExp(`(?<![A-Za-z0-9])[D-Z](?:\\s*[-/–]\\s*[D-Z]|[D-Z])?\\s*[,/ -]\\s*${CLARITY_GRADE}(?![A-Za-z0-9])`).exec(text);
  if (combo?.[1]) return combo[1];
  if (/\binternally\s+flawless\b/i.test(text)) return "IF";
  if (/\bflawless\b/i.test(text)) return "FL";
  return undefined;
}

function normaliseColor(value: string): string {
  const upper = value.replace(/\s*[-/–]\s*/, "-").toUpperCase();
  return /^[D-Z]{2}$/.test(upper) ? `${upper[0]}-${upper[1]}` : upper;
}

const SHAPES: Array<{ pattern: RegExp; shape: string }> = [
  {
    pattern:
      /\bround(?:[\s-]+brilliant)?\b|\brund(?:schliff)?\b|\bronde?s?\b|\bredond[oa]s?\b|\brotond[oi]\b|\brotund\w*|\bokrągł\w*|\bbrilliant[\s-]cut\b|\b(?:taglio|talla|taille|lapidação)\s+brillante?\b|ラウンド/i,
    shape: "Round",
  },
  { pattern: /\bprincess\b|\bprinzess\b|\bprincesse\b|\bprincipessa\b/i, shape: "Princess" },
  { pattern: /\bcushion\b|\bkissen\b|\bcoussin\b/i, shape: "Cushion" },
  { pattern: /\boval\b|\bovale?s?\b|\bowal\w*|\boval\w*|オーバル/i, shape: "Oval" },
  { pattern: /\bemerald[\s-]*(?:cut|shape|shaped)\b|\bsmaragd[\s-]*schliff\b|\btaille\s+émeraude\b/i, shape: "Emerald" },
  { pattern: /\bpear\b|\bpear[\s-]shaped\b|\bteardrop\b|\btropfen\b|\bpoire\b|\bgoccia\b/i, shape: "Pear" },
  { pattern: /\bmarquise\b|\bnavette\b/i, shape: "Marquise" },
  { pattern: /\bradiant\b/i, shape: "Radiant" },
  { pattern: /\basscher\b/i, shape: "Asscher" },
  {
    pattern:
      /\bheart[\s-]*(?:shape|shaped|cut)\b|\bheart\b(?=\s+(?:diamond|stone|ruby|sapphire|moissanite|gem))|\bherz(?:form)?\b|\bcœur\b/i,
    shape: "Heart",
  },
  { pattern: /\bbaguette\b/i, shape: "Baguette" },
  { pattern: /\btrillion\b|\btrilliant\b/i, shape: "Trillion" },
  { pattern: /\bold[\s-]mine\b|\bold[\s-]european\b/i, shape: "Old Cut" },
  { pattern: /\brose[\s-]cut\b/i, shape: "Rose Cut" },
];

/** Stone shape / cut: "round brilliant", "princess", "emerald-cut" (not the gemstone). */
export function parseShape(text: string): string | undefined {
  let best: { shape: string; index: number } | undefined;
  for (const s of SHAPES) {
    const m = s.pattern.exec(text);
    if (m && (best === undefined || m.index < best.index)) best = { shape: s.shape, index: m.index };
  }
  return best?.shape;
}

const CUT_GRADE =
  /\b(?:cut(?:\s+grade)?\s*[:-]?\s*)?(ideal|excellent|very\s+good|super\s+ideal|signature\s+ideal|hearts\s+and\s+arrows)\s*(?:cut)?\b/i;

export function parseCutGrade(text: string): string | undefined {
  const m = /\bcut(?:\s+grade)?\s*[:-]?\s*(ideal|excellent|very\s+good|good|fair|poor|super\s+ideal)\b/i.exec(text) ?? CUT_GRADE.exec(text);
  return m?.[1] ? titleCase(m[1]) : undefined;
}

const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
};

/** Number of stones: "12 diamonds", "set with 36 round diamonds", "No. of Diamonds: 24", "three-stone". */
export function parseStoneCount(text: string): number | undefined {
  const labelled =
    /\b(?:no\.?\s+of|number\s+of|total\s+(?:no\.?\s+of\s+)?|count\s+of)\s*(?:diamonds?|stones?|gems(?:tones)?|pearls?|rubies|sapphires?|emeralds?)\s*[:-]?\s*(\d{1,4})\b/i.exec(
      text,
    ) ?? /\b(?:diamonds?|stones?)\s+(?:count|qty|quantity|pieces|pcs)\s*[:-]?\s*(\d{1,4})\b/i.exec(text);
  if (labelled?.[1]) return Number(labelled[1]);
  const counted =
    /(?:^|[\s(])\(?(\d{1,4})\)?\s*(?:x\s*)?((?:[\p{L}-]+\s+){0,2}?)(?:diamonds|stones|gemstones|rubies|sapphires|emeralds|pearls|moissanites|brillanten|diamanten|pcs\s+diamonds?)\b/iu.exec(
      text,
    );
  if (counted?.[1] && !(counted[2] ?? "").split(/\s+/).some((w) => COUNT_STOP.test(w))) {
    const n = Number(counted[1]);
    if (n >= 1 && n <= 2000) return n;
  }
  const words = /\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty)[\s-]+(?:stone|diamond)s?\b/i.exec(text);
  if (words?.[1]) return NUMBER_WORDS[words[1].toLowerCase()];
  return undefined;
}

// ---------------------------------------------------------------- certificates, sizes, dimensions

const LABS = "GIA|IGI|HRD|SGL|AGS|AGSL|EGL|GCAL|GSI|IGL|GRS|Gübelin|Gubelin|SSEF|AGL|DGLA|IIGJ|GII";

export interface CertificateReading {
  certificate_type?: string;
  certificate_number?: string;
}

/** Grading lab or hallmark with its report number: "GIA 2141438171", "IGI certified", "BIS Hallmark". */
export function parseCertificate(text: string): CertificateReading {
  const reading: CertificateReading = {};
  const lab = new RegExp(`\\b(${LABS})\\b`, "i").exec(text);
  if (lab?.[1]) {
    reading.certificate_type = lab[1].toUpperCase().replace("GUBELIN", "Gübelin").replace("GÜBELIN", "Gübelin");
    const after = text.slice(lab.index, lab.index + 80);
    const num = /(?:#|no\.?|nr\.?|number|report|certificate|cert\.?)?\s*[:#]?\s*((?:LG)?\d{6,12})\b/i.exec(after.slice(lab[1].length));
    if (num?.[1]) reading.certificate_number = num[1];
  } else if (/\bBIS\b[\s-]*(?:hallmark(?:ed)?|certified|916|hallmarking)|\bhallmark(?:ed)?\b[^.]{0,20}\bBIS\b|\bHUID\b/i.test(text)) {
    reading.certificate_type = "BIS Hallmark";
  } else if (/\bhallmark(?:ed)?\b/i.test(text)) {
    reading.certificate_type = "Hallmark";
  }
  if (reading.certificate_number === undefined) {
    const num =
      /\b(?:certificate|report|cert\.?|grading\s+report|HUID)\s*(?:no\.?|number|#|id)?\s*[:#]?\s*([A-Z]{0,3}\d{5,12}|[A-Z0-9]{6})\b/i.exec(
        text,
      );
    if (num?.[1] && /\d/.test(num[1])) reading.certificate_number = num[1];
  }
  return reading;
}

/** Ring size with its system: "US 7", "UK N", "EU 54", "IN 14", "6.5" (taken as US), "54" (EU circumference). */
export function parseRingSize(text: string, labelled = false): string | undefined {
  const system =
    /\b(US|USA|UK|EU|FR|DE|IT|IN|IND|India|JP|AU)\s*(?:size)?\s*[:-]?\s*(\d{1,2}(?:[.,]\d{1,2})?(?:\s?1\/2|½)?|[A-Z](?:\s?1\/2|½)?)(?![\w.])/.exec(
      text,
    );
  const label =
    /\b(ring\s*size|ringgröße|ringgrösse|ringmaß|size|größe|grösse|taille|misura|talla|tamanho|maat|rozmiar|mărime)\s*[:-]?\s*(?:(US|UK|EU|FR|DE|IT|IN|JP|AU)\s*)?(\d{1,2}(?:[.,]\d{1,2})?(?:\s?1\/2|½)?|[A-Z](?:\s?1\/2|½)?)(?:\s*\(?(US|UK|EU|IN|AU)[/)\s])?(?![\w.])/i.exec(
      text,
    );
  if (label?.[3]) {
    const sys = (label[2] ?? label[4] ?? system?.[1] ?? "").toUpperCase();
    const value = label[3].replace(",", ".");
    if (/^[A-Z]/i.test(value)) {
      // Letter sizes are British/Australian ring sizes; S/M/L only count when a ring is meant.
      const ringContext = labelled || /ring/i.test(label[1] ?? "") || sys === "UK" || sys === "AU";
      if (/^[SML]$/i.test(value) && !ringContext) return undefined;
      return `UK ${value.toUpperCase()}`;
    }
    return `${sys ? normaliseSystem(sys) : Number(value) >= 38 ? "EU" : "US"} ${value}`;
  }
  if (system?.[1] && system[2]) return `${normaliseSystem(system[1].toUpperCase())} ${system[2].replace(",", ".")}`;
  return undefined;
}

const TLD_SIZE_SYSTEM: Record<string, string> = {
  it: "IT",
  fr: "FR",
  es: "ES",
  de: "EU",
  at: "EU",
  ch: "EU",
  nl: "EU",
  be: "EU",
  pl: "PL",
  in: "IN",
  jp: "JP",
  uk: "UK",
  au: "UK",
  nz: "UK",
  ie: "UK",
  za: "UK",
  us: "US",
  ca: "US",
};

/** "US 14" read from an unlabelled size becomes the shop country's system when it has its own. */
export function localiseRingSize(size: string, hostname: string | undefined): string {
  const m = /^(US|EU) (\d+(?:\.\d+)?)$/.exec(size);
  if (!m?.[2] || !hostname) return size;
  const tld = hostname.toLowerCase().split(".").pop() ?? "";
  const system = TLD_SIZE_SYSTEM[tld];
  if (system === undefined || system === "US" || (m[1] === "EU" && system === "EU")) return size;
  if (system === "UK" && Number(m[2]) < 38) return size;
  return `${system} ${m[2]}`;
}

function normaliseSystem(system: string): string {
  if (system === "USA") return "US";
  if (system === "IND" || system === "INDIA") return "IN";
  return system;
}

export interface Dimensions {
  length?: string;
  width?: string;
  height?: string;
}

function unitOf(raw: string | undefined): string {
  const unit = (raw ?? "mm").toLowerCase().replace(/\.$/, "");
  if (unit.startsWith("inch") || unit === "in" || unit === '"' || unit === "″") return "in";
  return unit;
}

/** "12 x 8 mm", "Length: 18 inches", "Width 2.5mm", "20 x 15 x 5 mm". */
export function parseDimensions(text: string): Dimensions {
  const dims: Dimensions = {};
  const triple =
    /(\d+(?:[.,]\d+)?)\s*(?:mm)?\s*[x×*]\s*(\d+(?:[.,]\d+)?)\s*(?:mm)?\s*[x×*]\s*(\d+(?:[.,]\d+)?)\s*(mm|cm|in|inch(?:es)?)\b/i.exec(text);
  const pair = /(\d+(?:[.,]\d+)?)\s*(?:mm|cm)?\s*[x×*]\s*(\d+(?:[.,]\d+)?)\s*(mm|cm|in|inch(?:es)?)\b/i.exec(text);
  if (triple?.[1] && triple[2] && triple[3]) {
    const u = unitOf(triple[4]);
    dims.length = `${num(triple[1])} ${u}`;
    dims.width = `${num(triple[2])} ${u}`;
    dims.height = `${num(triple[3])} ${u}`;
  } else if (pair?.[1] && pair[2]) {
    const u = unitOf(pair[3]);
    dims.length = `${num(pair[1])} ${u}`;
    dims.width = `${num(pair[2])} ${u}`;
  }
  const labelled = (names: string): string | undefined => {
    const m = new RegExp(`\\b(?:${names})\\s*[:\\-]?\\s*(?:approx\\.?\\s*)?(\\d+(?:[.,]\\d+)?)\\s*(mm|cm|in\\b|inch(?:es)?|"|″)`, "i").exec(
      text,
    );
    return m?.[1] ? `${num(m[1])} ${unitOf(m[2])}` : undefined;
  };
  const length = labelled("(?:chain\\s+|necklace\\s+|bracelet\\s+)?length|länge|longueur|lunghezza|longitud|length\\s+of\\s+chain");
  const width = labelled("(?:band\\s+|shank\\s+)?width|breite|largeur|larghezza|ancho|wide");
  const height = labelled("height|höhe|hauteur|altezza|alto|drop|thickness");
  if (length) dims.length = length;
  if (width) dims.width = width;
  if (height) dims.height = height;
  if (!dims.length) {
    const inches = /\b(\d{1,2}(?:\.\d{1,2})?)\s*(?:"|″|-?inch(?:es)?\b|in\.)/i.exec(text);
    if (inches?.[1]) dims.length = `${num(inches[1])} in`;
  }
  return dims;
}

function num(raw: string): string {
  return String(Number(raw.replace(",", ".")));
}

/** Band width: "2.5mm band", "band width: 2 mm", "3 mm wide band". */
export function parseBandWidth(text: string): string | undefined {
  const m =
    /\bband\s*(?:width)?\s*[:-]?\s*(?:of\s+)?(\d+(?:[.,]\d+)?)\s*(?:mm|millimet(?:er|re)s?)\b/i.exec(text) ??
    /(\d+(?:[.,]\d+)?)\s*mm\s*(?:wide\s+)?(?:band|shank|ring\s+band|wedding\s+band)\b/i.exec(text) ??
    /\bshank\s*(?:width)?\s*[:-]?\s*(\d+(?:[.,]\d+)?)\s*mm\b/i.exec(text);
  return m?.[1] ? `${num(m[1])} mm` : undefined;
}

const SETTINGS: Array<{ pattern: RegExp; setting: string }> = [
  { pattern: /\bhalo\b/i, setting: "Halo" },
  { pattern: /\bmicro[\s-]*pav(?:é|e)(?![a-z])/i, setting: "Micro Pavé" },
  { pattern: /\bpav(?:é|e)(?![a-z])|\bpavee\b/i, setting: "Pavé" },
  {
    pattern: /\b(?:\d|four|six|eight|double)?[\s-]*(?:prong|claw)s?(?:[\s-]set(?:ting)?)?\b|\bkrappen(?:fassung)?\b|\bgriffes?\b/i,
    setting: "Prong",
  },
  { pattern: /\bbezel\b|\bzargen(?:fassung)?\b|\bserti\s+clos\b/i, setting: "Bezel" },
  { pattern: /\bchannel[\s-]*(?:set|setting)?\b|\bkanal(?:fassung)?\b/i, setting: "Channel" },
  { pattern: /\btension[\s-]*(?:set|setting)\b|\bspann(?:ring|fassung)\b/i, setting: "Tension" },
  { pattern: /\bcathedral\b/i, setting: "Cathedral" },
  { pattern: /\bcluster\b/i, setting: "Cluster" },
  { pattern: /\b(?:three|3)[\s-]*stone\b|\btrilogy\b/i, setting: "Three-Stone" },
  { pattern: /\binvisible[\s-]*(?:set|setting)\b/i, setting: "Invisible" },
  { pattern: /\bflush[\s-]*(?:set|setting)\b|\bgypsy[\s-]*(?:set|setting)\b/i, setting: "Flush" },
  { pattern: /\bbar[\s-]*(?:set|setting)\b/i, setting: "Bar" },
  { pattern: /\bsolitaire\b|\bsolitär\b|\bsolitario\b/i, setting: "Solitaire" },
];

/** Setting types mentioned, most specific first: "Halo, Pavé, Prong". */
export function parseSettings(text: string): string[] {
  const found: string[] = [];
  for (const s of SETTINGS) {
    if (s.setting === "Pavé" && found.includes("Micro Pavé")) continue;
    if (s.pattern.test(text)) found.push(s.setting);
  }
  return found;
}

const TYPES: Array<{ pattern: RegExp; type: string }> = [
  { pattern: /\bnose[\s-]*(?:pin|ring|stud|screw)s?\b|\bnath\b|\bnathni\b|\bnose\s+jewel(?:le)?ry\b/gi, type: "Nose Pin" },
  { pattern: /\bmangalsutras?\b/gi, type: "Mangalsutra" },
  {
    pattern:
      /\bear[\s-]*rings?\b|\bstuds?\b|\bhoops?\b|\bhuggies?\b|\bjhumkas?\b|\bjhumki\b|\bear\s*cuffs?\b|\bdrops?\s+earrings?\b|\b\w*ohrringe?\b|\b\w*ohrstecker\b|\bcreolen\b|ピアス|イヤリング|耳环|耳環|\bcréoles?\b|\bboucles?\s+d['’]oreilles?\b|\bpendientes\b|\borecchini\b|\bbrincos\b|\boorbellen\b|\bkolczyki\b|\bcercei\b|\bserьги\b|\bсерьги\b/gi,
    type: "Earrings",
  },
  { pattern: /\bbangles?\b|バングル|\bkadas?\b|\bkangans?\b|\barmreifen?\b|\bjonc\b/gi, type: "Bangle" },
  { pattern: /\banklets?\b|\bpayals?\b|\bfußkettchen\b|\bfusskettchen\b|\bchevillère\b|\bcavigliera\b|\btobillera\b/gi, type: "Anklet" },
  {
    pattern:
      /\bbracelets?\b|\b\w*armbänder\b|\b\w*armband\b|\bbrățar\w*|ブレスレット|手链|手鏈|צמיד|\bpulseras?\b|\bbracciale(?:tto)?\b|\bpulseiras?\b|\bbransoletk[ai]\b|\btennis\s+bracelet\b/gi,
    type: "Bracelet",
  },
  {
    pattern:
      /\bpendants?\b|\banhänger\b|\bpendentifs?\b|\bcolgantes?\b|\bciondol[oi]\b|\bpingentes?\b|\bhangers?\b|\bwisiorki?\b|\blockets?\b|\bcharms?\b/gi,
    type: "Pendant",
  },
  {
    pattern:
      /\bnecklaces?\b|\bnecklet\b|\bchokers?\b|\b\w*halsketten?\b|\b\w*ketten?\b|\bcolier\w*|ネックレス|项链|項鍊|שרשר\S*|\bcolliers?\b|\bcol(?:l)?ar(?:es)?\b|\bcollan[ae]\b|\bnaszyjniki?\b|\bketting\b|\briviere\b|\blariat\b/gi,
    type: "Necklace",
  },
  { pattern: /\bchains?\b/gi, type: "Chain" },
  { pattern: /\bbrooch(?:es)?\b|\bbrosche\b|\bbroche\b|\bspilla\b/gi, type: "Brooch" },
  { pattern: /\bcuff\s*links?\b|\bcufflinks?\b|\bmanschettenknöpfe\b/gi, type: "Cufflinks" },
  {
    pattern:
      /\bengagement\s+rings?\b|\bwedding\s+(?:rings?|bands?)\b|\beternity\s+(?:rings?|bands?)\b|\brings?\b|\bbands?\b(?=\s*(?:$|[,|–-]|in\b|with\b|for\b))|\bringe?\b|\bbagues?\b|\banill(?:o|os)\b|\banell[oi]\b|\banéis\b|\banel\b|\bpierścion(?:ek|ki)\b|\bverlovingsring\b|\btrouwring\b|\binel\w*|\b(?:verlobungs|trau|ehe|diamant|brillant|solitär|memoire|vorsteck|damen|herren|gold|silber|siegel|beisteck)ringe?\b|リング|指輪|戒指|טבעת|\bsolitaire\b(?=\s*$)/gi,
    type: "Ring",
  },
];

/** Jewellery type named by a title: the head noun, i.e. the last type word before "with", "in", "for" or a separator. */
export function detectJewelryType(text: string): string | undefined {
  if (cleanText(text) === "") return undefined;
  const head = text.split(/\s(?:with|in|on|for|featuring|set\s+in|mit|avec|con|com|z|met)\s|\s[|–—]\s|\s-\s|,/i)[0] ?? text;
  return lastType(head) ?? lastType(text);
}

function lastType(text: string): string | undefined {
  let best: { type: string; start: number; end: number } | undefined;
  for (const t of TYPES) {
    t.pattern.lastIndex = 0;
    for (const m of text.matchAll(t.pattern)) {
      const start = m.index ?? 0;
      const end = start + m[0].length;
      // The head noun comes last ("pendant necklace" is a necklace); for matches ending together
      // the longer one wins ("nose ring" over "ring").
      if (best === undefined || end > best.end || (end === best.end && start < best.start)) best = { type: t.type, start, end };
    }
  }
  return best?.type;
}

const STYLES: Array<{ pattern: RegExp; style: string }> = [
  { pattern: /\bengagement\b|\bverlobung|\bfiançailles\b|\bcompromiso\b|\bfidanzamento\b/i, style: "Engagement" },
  { pattern: /\bwedding\b|\bhochzeit|\btrauring|\bmariage\b|\balliance\b/i, style: "Wedding" },
  { pattern: /\beternity\b|\bmemoire\b|\bmemory\b/i, style: "Eternity" },
  { pattern: /\btennis/i, style: "Tennis" },
  { pattern: /\bvintage\b|\bantique\b|\bart\s+deco\b|\bvictorian\b|\bretro\b/i, style: "Vintage" },
  { pattern: /\bcocktail\b|\bstatement\b/i, style: "Statement" },
  { pattern: /\bminimalist\b|\bminimal\b|\bdainty\b|\bdelicate\b/i, style: "Minimalist" },
  { pattern: /\btemple\b|\bkundan\b|\bpolki\b|\bmeenakari\b|\bjadau\b/i, style: "Traditional" },
  { pattern: /\bsolitaire\b/i, style: "Solitaire" },
  { pattern: /\bstackable\b|\bstacking\b/i, style: "Stackable" },
  { pattern: /\bsignet\b/i, style: "Signet" },
];

const FEATURES: Array<{ pattern: RegExp; feature: string }> = [
  { pattern: /\bmilgrain\b/i, feature: "Milgrain" },
  { pattern: /\bfiligree\b/i, feature: "Filigree" },
  { pattern: /\bengrav(?:ed|able|ing)\b|\bgravur\b/i, feature: "Engraving" },
  { pattern: /\bhidden\s+halo\b/i, feature: "Hidden halo" },
  { pattern: /\bsplit\s+shank\b/i, feature: "Split shank" },
  { pattern: /\btwist(?:ed)?\b/i, feature: "Twisted band" },
  { pattern: /\bcomfort[\s-]fit\b/i, feature: "Comfort fit" },
  { pattern: /\bside[\s-]stones?\b|\baccent\s+(?:diamonds|stones)\b/i, feature: "Side stones" },
  { pattern: /\btwo[\s-]tone\b|\bbicolou?r\b/i, feature: "Two-tone" },
  { pattern: /\bmatte\b|\bbrushed\b|\bsatin\s+finish\b/i, feature: "Matte finish" },
  { pattern: /\bhammered\b/i, feature: "Hammered" },
  { pattern: /\bopenwork\b|\bcut[\s-]?out\b/i, feature: "Openwork" },
  { pattern: /\badjustable\b|\bverstellbar\b/i, feature: "Adjustable" },
  { pattern: /\bscrew[\s-]back\b/i, feature: "Screw back" },
  { pattern: /\bpush[\s-]back\b|\bbutterfly\s+back\b/i, feature: "Push back" },
  { pattern: /\blobster\s+clasp\b/i, feature: "Lobster clasp" },
  { pattern: /\benamel\b|\bemaille\b/i, feature: "Enamel" },
  { pattern: /\bhigh\s+polish\b|\bpolished\b/i, feature: "Polished" },
  { pattern: /\brhodium[\s-]plat(?:ed|ing)\b/i, feature: "Rhodium plated" },
];

// ---------------------------------------------------------------- other variants

/**
 * Clauses naming the metals a design is "also offered in" describe other variants. Without them
 * the first metal in the text would be another variant's ("also available in yellow gold. Shown:
 * 18k white gold").
 */
const ALTERNATIVES = [
  /\b(?:also|additionally)\s+(?:(?:offered|available|comes|made|sold|crafted|shown|stocked)\s+)?in\b[^.;!\n]*/gi,
  /\b(?:available|offered|comes|made)\s+in\s+(?:other|several|multiple|different|more|\d+|two|three|four)\s+(?:metals?|colou?rs?|finishes|tones?|options?|variants?)\b[^.;!\n]*/gi,
  /\b(?:other|more)\s+(?:metals?|colou?rs?|finishes|tones?|options?)(?:\s+available)?\s*[:\-–][^.;!\n]*/gi,
  /\b(?:choose|select|pick)\s+(?:from|between)\b[^.;!\n]*/gi,
  /\b(?:auch|ebenfalls)\s+(?:erhältlich\s+)?in\b[^.;!\n]*/gi,
  /\b(?:également|aussi)\s+(?:disponible\s+)?en\b[^.;!\n]*/gi,
  /\b(?:disponibile|disponible)\s+(?:anche|también)\s+en?\b[^.;!\n]*/gi,
];

export function withoutAlternatives(text: string): string {
  let out = text;
  for (const pattern of ALTERNATIVES) out = out.replace(pattern, " ");
  return out;
}

// ---------------------------------------------------------------- labelled specification pairs

const LABEL = {
  metal:
    /^(?:metal(?:\s+type)?|material|materials|素材|材質|metall|metallo|metalen|metal\s*&\s*purity|metal\s+colou?r|gold\s+colou?r|colou?r\s+of\s+gold|legierung|métal|metallo|metal\s+name|base\s+metal|werkstoff|matériau|materiale|metal\s+purity|purity|karatage|karat|gold\s+purity|fineness|feingehalt|titre|caratura|variant|option|options|style)$/i,
  purity:
    /^(?:purity|karat(?:age)?|gold\s+purity|metal\s+purity|fineness|feingehalt|titre|caratura|pureza|metal\s*&\s*purity|karat\s+purity)$/i,
  weight:
    /^(?:(?:approx\.?\s+)?(?:metal|gold|silver|platinum|net|gross|total|product|item)?\s*(?:weight|wt\.?)(?:\s*\(.*\))?|gewicht|poids|peso|waga|greutate|重さ|重量|משקל|gold\s+weight\s*\(g\)|metal\s+weight\s*\(g\)|net\s+wt|gross\s+wt)$/i,
  stone:
    /^(?:(?:main|center|centre|primary|side|secondary|accent)?\s*(?:stone|gem(?:stone)?|stone\s+type|gemstone\s+type|diamond\s+type)s?|stein(?:art)?|pierre|pietra|piedra|edelstein)$/i,
  carat:
    /^(?:(?:total\s+)?(?:diamond|stone|gem(?:stone)?|center\s+stone|centre\s+stone)?\s*(?:carat(?:\s+weight)?|ct\.?\s*t\.?w\.?|ctw|weight\s*\(ct\)|carat\s+total\s+weight|total\s+carat\s+weight|diamond\s+weight|stone\s+weight|gemstone\s+weight)|karat(?:gewicht)?|caratage|carati)$/i,
  color: /^(?:(?:diamond|stone|center\s+stone)?\s*colou?r(?:\s+grade)?|farbe|couleur|colore)$/i,
  clarity: /^(?:(?:diamond|stone|center\s+stone)?\s*clarity(?:\s+grade)?|reinheit|pureté|purezza|pureza|clarté)$/i,
  cut: /^(?:(?:diamond|stone|center\s+stone)?\s*(?:cut|shape|cut\s*&\s*shape|shape\s*&\s*cut|cut\s+grade)|schliff|form|taille|forme|taglio|forma|talla)$/i,
  count:
    /^(?:(?:no\.?|number|total\s+number|count)\s+of\s+(?:diamonds?|stones?|gems?(?:tones)?|pearls?)|(?:diamond|stone)\s+(?:count|qty|quantity|pieces|pcs)|anzahl\s+(?:der\s+)?(?:steine|diamanten|brillanten)|nombre\s+de\s+pierres|quantity)$/i,
  certificate:
    /^(?:certificat(?:e|ion)|certified\s+by|grading(?:\s+lab)?|lab|report|zertifikat|certificat|certificado|certificato|hallmark(?:ing)?|diamond\s+certificate|gem\s+certificate)$/i,
  certificateNumber:
    /^(?:certificate\s*(?:no\.?|number|#)|report\s*(?:no\.?|number|#)|cert\.?\s*(?:no\.?|#)|gia\s*(?:report)?\s*(?:no\.?|number|#)|igi\s*(?:report)?\s*(?:no\.?|number|#)|huid)$/i,
  size: /^(?:(?:ring\s+)?size|ring\s+size\s*\(.*\)|größe|grösse|ringgröße|ringgrösse|taille|misura|talla|tamanho|maat|rozmiar|mărime|サイズ)$/i,
  length: /^(?:(?:chain|necklace|bracelet|total)?\s*length|länge|kettenlänge|longueur|lunghezza|longitud)$/i,
  width: /^(?:width|breite|largeur|larghezza|ancho)$/i,
  height: /^(?:height|höhe|hauteur|altezza|alto)$/i,
  dimensions: /^(?:dimensions?|size\s*\(mm\)|measurements?|abmessungen|maße|dimensioni|medidas)$/i,
  bandWidth: /^(?:band\s+width|shank\s+width|ring\s+width|width\s+of\s+band|ringbreite|bandbreite)$/i,
  setting: /^(?:setting(?:\s+type)?|setting\s+style|fassung|serti|incastonatura|engaste|stone\s+setting)$/i,
  style: /^(?:style|ring\s+style|design\s+style|occasion)$/i,
  collection: /^(?:collection|kollektion|collezione|colección|line|series)$/i,
  type: /^(?:type|product\s+type|jewel(?:le)?ry\s+type|category|item\s+type|kategorie|catégorie|artikelart)$/i,
};

function valuesFor(attributes: NameValue[], label: RegExp): string[] {
  return attributes.filter((a) => label.test(cleanText(a.name))).map((a) => a.value);
}

/** Everything a jeweller needs from the product's words: metal, purity, weight, stones, certificate, size, setting. */
export function extractJewelleryAttributes(input: JewelleryText): JewelleryAttributes {
  const attributes = input.attributes ?? [];
  const title = cleanText(input.title ?? "");
  const description = (input.description ?? "").slice(0, 20_000);
  const pairText = attributes.map((a) => `${a.name}: ${a.value}`).join("\n");
  const allText = `${title}\n${pairText}\n${description}`;
  const result: JewelleryAttributes = { stones: [] };

  const typeFromTitle = detectJewelryType(title);
  const typeFromPairs = valuesFor(attributes, LABEL.type)
    .map((v) => detectJewelryType(v))
    .find(Boolean);
  const jewelryType =
    typeFromTitle ?? typeFromPairs ?? detectJewelryType(input.category ?? "") ?? detectJewelryType(description.slice(0, 600));
  if (jewelryType) result.jewelry_type = jewelryType;

  // Metal: labelled pairs first, then the title (it names the piece), then the description.
  const ownDescription = withoutAlternatives(description);
  const metalTexts = [...valuesFor(attributes, LABEL.metal), title, ownDescription];
  for (const text of metalTexts) {
    const metal = parseMetal(text);
    if (metal.metal_type) {
      result.metal_type = metal.metal_type;
      if (metal.metal_color) result.metal_color = metal.metal_color;
      break;
    }
  }
  if (result.metal_type && !result.metal_color) {
    for (const text of [...valuesFor(attributes, /colou?r/i), title, ownDescription]) {
      const metal = parseMetal(`${text} ${result.metal_type}`);
      if (metal.metal_color) {
        result.metal_color = metal.metal_color;
        break;
      }
    }
  }
  for (const text of [...valuesFor(attributes, LABEL.purity), ...valuesFor(attributes, LABEL.metal), title, ownDescription]) {
    const purity = parsePurity(text, result.metal_type);
    if (purity) {
      result.purity = purity;
      if (!result.metal_type && /K$/.test(purity)) result.metal_type = "gold";
      break;
    }
  }

  const weightPairs = attributes.filter((a) => LABEL.weight.test(cleanText(a.name)) && !/carat|ct\b|diamond|stone|gem/i.test(a.name));
  const preferred = [
    ...weightPairs.filter((a) => /metal|gold|silver|platinum|net/i.test(a.name)),
    ...weightPairs.filter((a) => !/gross/i.test(a.name)),
    ...weightPairs,
  ];
  for (const pair of preferred) {
    const grams = parseWeightGrams(pair.value) ?? (/\(g\)|\bg\b|gram/i.test(pair.name) ? numberOnly(pair.value) : undefined);
    if (grams !== undefined) {
      result.weight = grams;
      break;
    }
  }
  if (result.weight === undefined) {
    const m =
      /(?:\b(?:metal|gold|silver|platinum|net|gross|total)?\s*(?:weight|wt\.?)|\bgewicht|\bpoids|\bpeso|\bwaga|\bgreutate|重さ|重量|משקל)\s*(?:\(approx\.?\)|approx\.?|ca\.?|env\.?|of|約)?\s*[:：-]?\s*(?:約|ca\.?\s*)?(\d+(?:[.,]\d+)?\s*(?:grams?|gms?|gm|gr|g|dwt)\b)/i.exec(
        allText,
      ) ?? /(\d+(?:[.,]\d+)?\s*(?:grams?|gms?|gm|dwt))\b/i.exec(`${title}\n${description}`);
    const grams = m?.[1] ? parseWeightGrams(m[1]) : undefined;
    if (grams !== undefined) result.weight = grams;
  }

  result.stones = readStones(attributes, title, description);

  const certificatePair = [...valuesFor(attributes, LABEL.certificate), ...valuesFor(attributes, LABEL.certificateNumber)].join(" ");
  const certificate = parseCertificate(certificatePair);
  const textCertificate = parseCertificate(allText);
  const certType = certificate.certificate_type ?? textCertificate.certificate_type;
  if (certType) result.certificate_type = certType;
  const certNumber =
    valuesFor(attributes, LABEL.certificateNumber)
      .map((v) => /([A-Z]{0,3}\d{5,12})/i.exec(v)?.[1])
      .find(Boolean) ??
    certificate.certificate_number ??
    textCertificate.certificate_number;
  if (certNumber) result.certificate_number = certNumber;
  if (
    result.certificate_type &&
    result.stones.length > 0 &&
    result.stones[0] &&
    result.certificate_type !== "Hallmark" &&
    result.certificate_type !== "BIS Hallmark"
  ) {
    result.stones[0].certificate = [result.certificate_type, result.certificate_number].filter(Boolean).join(" ");
  }

  const sizeValues = valuesFor(attributes, LABEL.size).filter((v) => !/\d\s*(?:mm|cm|in\b|inch|")/i.test(v));
  const sizeValue = sizeValues
    .map((v) => parseRingSize(`size ${v}`, true) ?? (/^\s*\d{1,2}(?:[.,]\d)?\s*$/.test(v) ? cleanText(v) : undefined))
    .find(Boolean);
  const size = sizeValue ?? parseRingSize(`${title}\n${pairText}\n${description.slice(0, 4000)}`);
  if (size && (jewelryType === undefined || jewelryType === "Ring" || !/^US \d/.test(size) || sizeValue)) {
    result.size = localiseRingSize(size, input.hostname);
  }

  const productPairs = attributes.filter(
    (a) => !/package|packaging|shipping|parcel|box|verpackung|emballage|imballo|embalaje|paquete/i.test(a.name),
  );
  const productPairText = productPairs.map((a) => `${a.name}: ${a.value}`).join("\n");
  const dims: Dimensions = parseDimensions([...valuesFor(productPairs, LABEL.dimensions)].join(" "));
  const textDims = parseDimensions(`${productPairText}\n${description}`);
  const withUnit = (values: string[]): string | undefined => {
    for (const v of values) {
      const m = /(\d+(?:[.,]\d+)?)\s*(mm|millimet(?:er|re)s?|cm|in\b|inch(?:es)?|"|″)?/i.exec(v);
      if (m?.[1]) return `${num(m[1])} ${unitOf(m[2]?.startsWith("millimet") ? "mm" : m[2])}`;
    }
    return undefined;
  };
  const length = withUnit(valuesFor(attributes, LABEL.length)) ?? dims.length ?? textDims.length;
  const width = withUnit(valuesFor(attributes, LABEL.width)) ?? dims.width ?? textDims.width;
  const height = withUnit(valuesFor(attributes, LABEL.height)) ?? dims.height ?? textDims.height;
  const chainLike =
    jewelryType !== undefined && ["Necklace", "Chain", "Bracelet", "Anklet", "Pendant", "Mangalsutra"].includes(jewelryType);
  const bareLength =
    chainLike && !length ? /(?<![\d.,x×] ?)\b(\d{2}(?:[.,]\d)?)\s*cm\b(?!\s*[x×])/i.exec(`${title}\n${description}`) : null;
  if (length) result.length = length;
  else if (bareLength?.[1]) result.length = `${num(bareLength[1])} cm`;
  if (width) result.width = width;
  if (height) result.height = height;

  const band = withUnit(valuesFor(attributes, LABEL.bandWidth)) ?? parseBandWidth(allText);
  if (band) result.band_width = band.replace(/ (?:in)$/, " in");
  else if (jewelryType === "Ring" && width && /mm$/.test(width)) result.band_width = width;

  const settingPairs = valuesFor(attributes, LABEL.setting);
  const settings = settingPairs.length > 0 ? parseSettings(settingPairs.join(" ")) : [];
  const settingsFromText = parseSettings(`${title}\n${description}`);
  const allSettings = [...new Set([...(settings.length > 0 ? settings : settingPairs.map(titleCase)), ...settingsFromText])];
  if (allSettings.length > 0) result.setting_type = allSettings.slice(0, 3).join(", ");

  const styleText = [...valuesFor(attributes, LABEL.style), title, description.slice(0, 2000)].join("\n");
  const style = STYLES.find((s) => s.pattern.test(styleText));
  if (style) result.style = style.style;
  const collection = valuesFor(attributes, LABEL.collection)[0];
  if (collection) result.collection = collection;

  const features = FEATURES.filter((f) => f.pattern.test(`${title}\n${pairText}\n${description}`)).map((f) => f.feature);
  if (features.length > 0) result.design_features = features.join(", ");
  return result;
}

function numberOnly(value: string): number | undefined {
  const m = /^\s*(\d+(?:[.,]\d+)?)\s*$/.exec(value);
  return m?.[1] ? Number(m[1].replace(",", ".")) : undefined;
}

function titleCase(value: string): string {
  return cleanText(value)
    .toLowerCase()
    .replace(/(^|[\s-])(\p{L})/gu, (_, sep: string, ch: string) => sep + ch.toUpperCase());
}

interface StoneWindow {
  before: string;
  after: string;
}

const CLAUSE_END = /[.;!?](?=\s|$)|\n/;

/** Text just around each mention of a stone: what precedes it up to a clause break, what follows up to the next stone. */
function stoneWindows(text: string, pattern: RegExp, otherStones: RegExp[]): StoneWindow[] {
  const windows: StoneWindow[] = [];
  const global = new RegExp(pattern.source, "gi");
  for (const m of text.matchAll(global)) {
    const start = m.index ?? 0;
    const end = start + m[0].length;
    let before = text.slice(Math.max(0, start - 40), start);
    const lastBreak = Math.max(before.lastIndexOf(")"), before.lastIndexOf("\n"), before.search(/[.;](?=\s)[^.;]*$/));
    if (lastBreak >= 0) before = before.slice(lastBreak + 1);
    for (const other of otherStones) {
      const o = [...before.matchAll(new RegExp(other.source, "gi"))].pop();
      if (o) before = before.slice((o.index ?? 0) + o[0].length);
    }
    let after = text.slice(end, end + 70);
    const stop = after.search(CLAUSE_END);
    if (stop >= 0) after = after.slice(0, stop);
    for (const other of otherStones) {
      const o = new RegExp(other.source, "i").exec(after);
      if (o) after = after.slice(0, o.index);
    }
    windows.push({ before, after });
    if (windows.length >= 12) break;
  }
  return windows;
}

const COUNT_STOP =
  /^(?:mit|einem|einer|with|and|in|of|the|a|an|de|du|des|et|en|con|y|di|e|z|i|cu|și|und|von|aus|set|sur|avec|gold|silver|or|oro|ouro|aur|platinum|k|kt|ct|mm|cm|g)$/i;

/** "28 diamants", "(24) round diamonds", "set with 36 round", "12 x": a count right before the stone word. */
function countBefore(before: string): number | undefined {
  const m = /(?:^|[\s(:])\(?(\d{1,4})\)?\s*(?:x\s*)?((?:[\p{L}-]+[\s-]+){0,3})$/u.exec(before);
  if (!m?.[1]) return undefined;
  const words = (m[2] ?? "")
    .trim()
    .split(/[\s-]+/)
    .filter(Boolean);
  if (words.some((w) => COUNT_STOP.test(w))) return undefined;
  const n = Number(m[1]);
  return n >= 1 && n <= 2000 ? n : undefined;
}

function firstDefined<T>(values: Array<T | undefined>): T | undefined {
  return values.find((v) => v !== undefined);
}

function readStones(attributes: NameValue[], title: string, description: string): ExtractedStone[] {
  const stonePairs = valuesFor(attributes, LABEL.stone);
  const pairTypes = stonePairs.flatMap((v) => parseStoneTypes(v));
  const titleTypes = parseStoneTypes(title);
  const textTypes = parseStoneTypes(description.slice(0, 8000));
  const types = [...new Set([...pairTypes, ...titleTypes, ...textTypes])];
  if (types.length === 0) {
    // Grades without a named stone still describe one (D–Z colour and VS clarity grade diamonds).
    const gradeText = attributes.map((a) => `${a.name}: ${a.value}`).join("\n");
    if (!(parseClarity(gradeText) || parseCarat(valuesFor(attributes, LABEL.carat).join(" ")))) return [];
    types.push("Diamond");
  }
  const pairsText = attributes.map((a) => `${a.name}: ${a.value}`).join("\n");
  const full = `${title}\n${pairsText}\n${description.slice(0, 8000)}`;
  const patterns = new Map(types.map((t) => [t, STONE_TYPES.find((s) => s.type === t)?.pattern]));
  const stones: ExtractedStone[] = [];
  types.slice(0, 4).forEach((type, i) => {
    const stone: ExtractedStone = {
      stone_type: type,
      stone_carat: null,
      stone_color: "",
      stone_clarity: "",
      stone_cut: "NA",
      quantity: 1,
      position: i === 0 ? (types.length > 1 ? "center" : "main") : "accent",
    };
    const pattern = patterns.get(type);
    const others = [...patterns.entries()].filter(([t, p]) => t !== type && p !== undefined).map(([, p]) => p as RegExp);
    const windows = pattern ? stoneWindows(full, pattern, others) : [];
    const near = windows.map((w) => `${w.before} ${w.after}`);
    // Labelled pairs ("Color: G", "Carat weight: 1.02") describe the main stone.
    const labelled = (label: RegExp): string => (i === 0 ? valuesFor(attributes, label).join(" ") : "");
    const caratText = labelled(LABEL.carat);
    const carat = firstDefined([
      caratText ? (parseCarat(caratText) ?? numberOnly(caratText)) : undefined,
      ...windows.map((w) => parseCarat(w.after) ?? parseCarat(w.before)),
      i === 0 && types.length === 1 ? parseCarat(full) : undefined,
    ]);
    if (carat !== undefined) stone.stone_carat = carat;
    const diamondLike = /diamond|moissanite|zirconia/i.test(type);
    const colorText = labelled(LABEL.color);
    const color = firstDefined([
      colorText ? parseStoneColor(`color ${colorText}`) : undefined,
      ...near.map((n) => parseStoneColor(n)),
      i === 0 && diamondLike ? parseStoneColor(full) : undefined,
    ]);
    if (color && diamondLike) stone.stone_color = color;
    else if (colorText && !diamondLike) stone.stone_color = titleCase(colorText);
    const clarityText = labelled(LABEL.clarity);
    const clarity = firstDefined([
      clarityText ? parseClarity(`clarity ${clarityText}`) : undefined,
      ...near.map((n) => parseClarity(n)),
      i === 0 && diamondLike ? parseClarity(full) : undefined,
    ]);
    if (clarity) stone.stone_clarity = clarity;
    const cutText = labelled(LABEL.cut);
    const shape = firstDefined([
      cutText ? parseShape(cutText) : undefined,
      ...windows.map((w) => parseShape(w.before) ?? parseShape(w.after)),
    ]);
    if (shape) {
      stone.shape = shape;
      stone.stone_cut = shape;
    } else {
      const grade = parseCutGrade(cutText || near.join(" "));
      if (grade) stone.stone_cut = grade;
    }
    const countText = i === 0 ? valuesFor(attributes, LABEL.count).join(" ") : "";
    const count = firstDefined([
      countText ? numberOnly(countText) : undefined,
      ...windows.map(
        (w) =>
          countBefore(w.before) ??
          (/^\s*\(\s*(\d{1,3})\s*[x×]/.exec(w.after)?.[1] ? Number(/^\s*\(\s*(\d{1,3})\s*[x×]/.exec(w.after)?.[1]) : undefined),
      ),
      i === 0 && types.length === 1 ? parseStoneCount(full) : undefined,
    ]);
    if (count !== undefined && count >= 1) stone.quantity = Math.round(count);
    stones.push(stone);
  });
  return stones;
}
