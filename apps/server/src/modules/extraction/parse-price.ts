export interface Money {
  amount: number | null;
  currency: string | null;
}

export interface ParsePriceOptions {
  /** Currency to assume when the text names none (e.g. from priceCurrency or the shop's country). */
  currencyHint?: string | null;
  /** Page host name; resolves ambiguous symbols such as "$", "kr" and "Rs". */
  hostname?: string | null;
}

const ISO_CODES = new Set(
  (
    "AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BRL BSD BTN BWP BYN BZD " +
    "CAD CDF CHF CLP CNY COP CRC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD " +
    "GNF GTQ GYD HKD HNL HRK HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KRW KWD KYD KZT " +
    "LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN NIO NOK NPR " +
    "NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLL SOS SRD SSP " +
    "STN SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD UYU UZS VES VND VUV WST XAF XCD XOF XPF " +
    "YER ZAR ZMW"
  ).split(" "),
);

/** Codes that are also English words ("TOP 10", "ALL 3"): trusted only when they stand alone. */
const WORD_LIKE_CODES = new Set(["ALL", "TOP", "CUP", "MOP", "BAM", "SOS", "TRY", "PEN", "GEL", "MAD", "BOB", "TMT"]);

/** Currencies whose minor unit has three decimals: "1.500" there is one and a half, not 1500. */
const THREE_DECIMAL = new Set(["BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"]);
/** Currencies without a minor unit in Shopify-style cent amounts. */
const ZERO_DECIMAL = new Set(["JPY", "KRW", "VND", "CLP", "ISK", "UGX", "XAF", "XOF", "PYG"]);

/** Country-code top-level domain → local currency, used for ambiguous symbols and as a last resort. */
const TLD_CURRENCY: Record<string, string> = {
  us: "USD",
  ca: "CAD",
  au: "AUD",
  nz: "NZD",
  mx: "MXN",
  cl: "CLP",
  ar: "ARS",
  co: "COP",
  br: "BRL",
  pe: "PEN",
  uy: "UYU",
  sg: "SGD",
  hk: "HKD",
  tw: "TWD",
  cn: "CNY",
  jp: "JPY",
  kr: "KRW",
  in: "INR",
  pk: "PKR",
  lk: "LKR",
  np: "NPR",
  bd: "BDT",
  uk: "GBP",
  gb: "GBP",
  ie: "EUR",
  de: "EUR",
  at: "EUR",
  fr: "EUR",
  it: "EUR",
  es: "EUR",
  pt: "EUR",
  nl: "EUR",
  be: "EUR",
  lu: "EUR",
  fi: "EUR",
  gr: "EUR",
  sk: "EUR",
  si: "EUR",
  ee: "EUR",
  lv: "EUR",
  lt: "EUR",
  mt: "EUR",
  cy: "EUR",
  hr: "EUR",
  ch: "CHF",
  li: "CHF",
  se: "SEK",
  no: "NOK",
  dk: "DKK",
  is: "ISK",
  pl: "PLN",
  cz: "CZK",
  hu: "HUF",
  ro: "RON",
  bg: "BGN",
  rs: "RSD",
  ru: "RUB",
  ua: "UAH",
  by: "BYN",
  tr: "TRY",
  il: "ILS",
  sa: "SAR",
  ae: "AED",
  qa: "QAR",
  kw: "KWD",
  bh: "BHD",
  om: "OMR",
  eg: "EGP",
  ma: "MAD",
  za: "ZAR",
  ng: "NGN",
  ke: "KES",
  th: "THB",
  vn: "VND",
  my: "MYR",
  id: "IDR",
  ph: "PHP",
};

interface SymbolRule {
  pattern: RegExp;
  currency: string | ((hostCurrency: string | null) => string);
}

const dollarFor = (host: string | null): string =>
  host !== null && ["CAD", "AUD", "NZD", "MXN", "CLP", "ARS", "COP", "SGD", "HKD", "TWD", "UYU"].includes(host) ? host : "USD";

// Longest and most specific tokens first: "US$" must win over "$", "Rs." over "R".
const SYMBOL_RULES: SymbolRule[] = [
  { pattern: /\bUS\s?\$|\bU\.S\.\s?\$/, currency: "USD" },
  { pattern: /\b(?:C|CA|CAN)\s?\$/, currency: "CAD" },
  { pattern: /\b(?:A|AU)\s?\$/, currency: "AUD" },
  { pattern: /\bNZ\s?\$/, currency: "NZD" },
  { pattern: /\bHK\s?\$/, currency: "HKD" },
  { pattern: /\bS\s?\$|\bSG\s?\$/, currency: "SGD" },
  { pattern: /\bNT\s?\$/, currency: "TWD" },
  { pattern: /\bR\s?\$/, currency: "BRL" },
  { pattern: /\bMX\s?\$/, currency: "MXN" },
  { pattern: /CN\s?¥|RMB|元/, currency: "CNY" },
  { pattern: /₹|\bRs\.?(?=[\s\d])|\bRs\b|रु/, currency: (h) => (h === "PKR" || h === "LKR" || h === "NPR" ? h : "INR") },
  { pattern: /€/, currency: "EUR" },
  { pattern: /£/, currency: "GBP" },
  { pattern: /¥|円|￥/, currency: (h) => (h === "CNY" ? "CNY" : "JPY") },
  { pattern: /₩/, currency: "KRW" },
  { pattern: /₪/, currency: "ILS" },
  { pattern: /₽|\bруб\b|\bр\.(?=\s|$)/i, currency: "RUB" },
  { pattern: /₴|грн/, currency: "UAH" },
  { pattern: /₺/, currency: "TRY" },
  { pattern: /฿/, currency: "THB" },
  { pattern: /₫/, currency: "VND" },
  { pattern: /₱/, currency: "PHP" },
  { pattern: /zł/i, currency: "PLN" },
  { pattern: /Kč/, currency: "CZK" },
  { pattern: /\bFt\b/, currency: "HUF" },
  { pattern: /\blei\b/i, currency: "RON" },
  { pattern: /лв/, currency: "BGN" },
  { pattern: /\bkn\b/, currency: "HRK" },
  { pattern: /\bRM(?=\s?\d)/, currency: "MYR" },
  { pattern: /\bRp\.?(?=\s?\d)/, currency: "IDR" },
  { pattern: /ر\.?\s?س|﷼/, currency: "SAR" },
  { pattern: /د\.?\s?إ/, currency: "AED" },
  { pattern: /\b(?:Fr\.|SFr\.?)/, currency: "CHF" },
  {
    pattern: /\bkr\.?(?=[\s\d]|$)|:-/i,
    currency: (h) => (h === "NOK" || h === "DKK" || h === "ISK" ? h : "SEK"),
  },
  { pattern: /\$/, currency: dollarFor },
];

export function currencyForHost(hostname: string | null | undefined): string | null {
  if (!hostname) return null;
  const labels = hostname.toLowerCase().split(".");
  const tld = labels[labels.length - 1] ?? "";
  return TLD_CURRENCY[tld] ?? null;
}

/** The currency named in a piece of text (symbol or ISO code), or null. */
export function detectCurrency(text: string, hostname?: string | null): string | null {
  // A bare upper-case word ("ALL", "TOP") is only a currency code beside a number or on its own.
  const trimmed = text.trim();
  if (ISO_CODES.has(trimmed)) return trimmed;
  const codeMatch = /(?<![A-Za-z])([A-Z]{3})\s?(?=\d)|(?<=\d[\d.,]*)\s?([A-Z]{3})(?![A-Za-z])/g;
  for (const m of text.matchAll(codeMatch)) {
    const code = m[1] ?? m[2];
    if (code !== undefined && ISO_CODES.has(code) && !WORD_LIKE_CODES.has(code)) return code;
  }
  const hostCurrency = currencyForHost(hostname);
  for (const rule of SYMBOL_RULES) {
    if (rule.pattern.test(text)) {
      return typeof rule.currency === "string" ? rule.currency : rule.currency(hostCurrency);
    }
  }
  return null;
}

/** Normalise a structured-data currency value ("EUR", "eur", "€", "Rs.") to an ISO code. */
export function normaliseCurrency(value: unknown, hostname?: string | null): string | null {
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  if (trimmed === "") return null;
  const upper = trimmed.toUpperCase();
  if (ISO_CODES.has(upper)) return upper;
  return detectCurrency(trimmed, hostname);
}

const NUMBER_TOKEN = /\d(?:[\d.,'’\u00a0\u202f\u2009 ]*\d)?/g;

/**
 * Turn a human-written number ("1.234,56", "1 234,56", "1,23,456.00", "12,99", "1'299.–")
 * into a number. `currency` resolves "1.500" for three-decimal currencies.
 */
export function parseAmount(text: string, currency?: string | null): number | null {
  const token = firstNumberToken(text);
  return token === null ? null : numberFromToken(token, currency ?? null);
}

function firstNumberToken(text: string): string | null {
  NUMBER_TOKEN.lastIndex = 0;
  for (const m of text.matchAll(NUMBER_TOKEN)) {
    return m[0];
  }
  return null;
}

function numberFromToken(raw: string, currency: string | null): number | null {
  // Spaces only group thousands when every group after them has three digits.
  let token = raw.replace(/[\u00a0\u202f\u2009 ]+(?=\d{3}(?!\d))/g, "");
  token = token.split(/[\u00a0\u202f\u2009 ]/)[0] ?? token;
  token = token.replace(/['’](?=\d{3})/g, "");
  token = token.replace(/[.,]+$/, "");
  if (token === "") return null;
  const lastDot = token.lastIndexOf(".");
  const lastComma = token.lastIndexOf(",");
  let normalised: string;
  if (lastDot >= 0 && lastComma >= 0) {
    const decimalSep = lastDot > lastComma ? "." : ",";
    const thousandsSep = decimalSep === "." ? "," : ".";
    const [intPart = "", fraction = ""] = splitLast(token, decimalSep);
    if (intPart.includes(decimalSep)) return null;
    normalised = `${intPart.split(thousandsSep).join("")}.${fraction}`;
  } else if (lastDot >= 0 || lastComma >= 0) {
    const sep = lastDot >= 0 ? "." : ",";
    const parts = token.split(sep);
    const fraction = parts[parts.length - 1] ?? "";
    if (parts.length > 2) {
      // "1.234.567" or Indian "1,23,456": several separators only ever group thousands.
      normalised = parts.join("");
    } else if (fraction.length === 3 && !(currency !== null && THREE_DECIMAL.has(currency)) && parts[0] !== "0") {
      normalised = parts.join("");
    } else {
      normalised = `${parts[0] ?? ""}.${fraction}`;
    }
  } else {
    normalised = token;
  }
  if (!/^\d+(?:\.\d+)?$/.test(normalised)) return null;
  const value = Number(normalised);
  return Number.isFinite(value) ? value : null;
}

function splitLast(text: string, sep: string): [string, string] {
  const index = text.lastIndexOf(sep);
  return [text.slice(0, index), text.slice(index + 1)];
}

/** Parse a price as written on a page: amount and the currency it names (or the hint). */
export function parsePrice(input: string | number | null | undefined, options: ParsePriceOptions = {}): Money {
  const hint = options.currencyHint ?? null;
  if (typeof input === "number") {
    return { amount: Number.isFinite(input) && input >= 0 ? input : null, currency: hint };
  }
  if (typeof input !== "string") return { amount: null, currency: hint };
  const text = input.replace(/\s+/g, " ").trim().slice(0, 200);
  if (text === "") return { amount: null, currency: hint };
  const currency = detectCurrency(text, options.hostname) ?? hint;
  return { amount: parseAmount(text, currency), currency };
}

/**
 * A price from structured data (JSON-LD, microdata, platform JSON in units): numbers are taken
 * as they are and "1599.00" is read in the machine format schema.org asks for; anything else
 * ("1.599,00 €") falls back to the human parser.
 */
export function parseMachineAmount(value: unknown, currency?: string | null): number | null {
  if (typeof value === "number") return Number.isFinite(value) && value >= 0 ? value : null;
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  if (/^\d+(?:\.\d+)?$/.test(trimmed)) return Number(trimmed);
  if (/^\d{1,3}(?:,\d{3})+(?:\.\d+)?$/.test(trimmed)) return Number(trimmed.replace(/,/g, ""));
  if (trimmed === "" || /^-/.test(trimmed)) return null;
  return parseAmount(trimmed, currency ?? null);
}

/** Shopify `/products/<handle>.js` and several state blobs give integer minor units. */
export function centsToAmount(value: unknown, currency?: string | null): number | null {
  const cents = typeof value === "number" ? value : typeof value === "string" && /^\d+$/.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isFinite(cents) || cents < 0) return null;
  if (currency && ZERO_DECIMAL.has(currency)) return cents;
  const divisor = currency && THREE_DECIMAL.has(currency) ? 1000 : 100;
  return Math.round((cents / divisor) * 1000) / 1000;
}
