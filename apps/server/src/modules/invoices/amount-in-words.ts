import type { Currency } from "@atelier/contract";
import { toCents } from "../../lib/money.ts";

// An amount in words as printed on a tax invoice: "Rupees One Lakh Twenty Thousand and Fifty Paise Only".
// Indian numbering (thousand, lakh, crore) for rupees; short-scale (thousand, million, billion) for the rest.

const ONES = [
  "Zero",
  "One",
  "Two",
  "Three",
  "Four",
  "Five",
  "Six",
  "Seven",
  "Eight",
  "Nine",
  "Ten",
  "Eleven",
  "Twelve",
  "Thirteen",
  "Fourteen",
  "Fifteen",
  "Sixteen",
  "Seventeen",
  "Eighteen",
  "Nineteen",
];
const TENS = ["", "", "Twenty", "Thirty", "Forty", "Fifty", "Sixty", "Seventy", "Eighty", "Ninety"];

/** 1..999 */
function belowThousand(n: number): string[] {
  const words: string[] = [];
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (hundreds) words.push(ONES[hundreds] ?? "", "Hundred");
  if (rest >= 20) {
    words.push(TENS[Math.floor(rest / 10)] ?? "");
    if (rest % 10) words.push(ONES[rest % 10] ?? "");
  } else if (rest) words.push(ONES[rest] ?? "");
  return words;
}

/** Indian numbering: 1,23,45,678 is "One Crore Twenty Three Lakh Forty Five Thousand Six Hundred Seventy Eight". */
function indian(n: bigint): string[] {
  if (n === 0n) return [];
  const crore = n / 10_000_000n;
  const rest = n % 10_000_000n;
  const words: string[] = crore ? [...indian(crore), "Crore"] : [];
  const lakh = Number(rest / 100_000n);
  const thousand = Number((rest % 100_000n) / 1000n);
  const units = Number(rest % 1000n);
  if (lakh) words.push(...belowThousand(lakh), "Lakh");
  if (thousand) words.push(...belowThousand(thousand), "Thousand");
  if (units) words.push(...belowThousand(units));
  return words;
}

const SCALES = ["", "Thousand", "Million", "Billion", "Trillion", "Quadrillion"];

/** Short scale: 1,234,567 is "One Million Two Hundred Thirty Four Thousand Five Hundred Sixty Seven". */
function international(n: bigint): string[] {
  const groups: number[] = [];
  for (let v = n; v > 0n; v /= 1000n) groups.push(Number(v % 1000n));
  const words: string[] = [];
  for (let i = groups.length - 1; i >= 0; i--) {
    const g = groups[i] ?? 0;
    if (!g) continue;
    words.push(...belowThousand(g));
    if (SCALES[i]) words.push(SCALES[i] ?? "");
  }
  return words;
}

const UNITS: Record<Currency, { major: string; minor: string; indian: boolean }> = {
  INR: { major: "Rupees", minor: "Paise", indian: true },
  USD: { major: "US Dollars", minor: "Cents", indian: false },
  EUR: { major: "Euros", minor: "Cents", indian: false },
  GBP: { major: "Pounds Sterling", minor: "Pence", indian: false },
};

/**
 * "Rupees One Lakh Twenty Thousand and Fifty Paise Only", "US Dollars Two Thousand Five Hundred Only",
 * "Fifty Paise Only". The amount is a decimal string (no float touches it); a negative amount is
 * written as its size ("Minus" has no place on an invoice).
 */
export function amountInWords(amount: string, currency: Currency): string {
  let cents = toCents(amount);
  if (cents < 0n) cents = -cents;
  const unit = UNITS[currency];
  const major = cents / 100n;
  const minor = Number(cents % 100n);
  const majorWords = unit.indian ? indian(major) : international(major);
  const minorWords = belowThousand(minor);
  if (!majorWords.length && !minorWords.length) return `${unit.major} Zero Only`;
  if (!majorWords.length) return `${minorWords.join(" ")} ${unit.minor} Only`;
  const main = `${unit.major} ${majorWords.join(" ")}`;
  return minorWords.length ? `${main} and ${minorWords.join(" ")} ${unit.minor} Only` : `${main} Only`;
}
