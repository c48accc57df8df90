import { formatMoney } from "@atelier/contract";

/**
 * Money as the API sends it (a decimal string such as "1234.50", or a number) in the record's
 * currency, the one way the product writes money (the contract's formatter, also used by the
 * e-mails and the PDF): always two decimals, grouped as the currency's locale groups it.
 */
export function formatAmount(amount: string | number, currency: string): string {
  return formatMoney(amount, currency);
}

/** The formatter of one currency, for a set of amounts (a breakdown). */
export function amountFormatter(currency: string): (amount: string) => string {
  return (amount) => formatMoney(amount, currency);
}

export function formatDate(iso: string, opts: Intl.DateTimeFormatOptions = { dateStyle: "medium" }): string {
  return new Intl.DateTimeFormat(undefined, opts).format(new Date(iso));
}

/** "18 Nov 2026" for a calendar day (`YYYY-MM-DD`), the same in every time zone. */
export function formatDay(day: string): string {
  return formatDate(`${day}T00:00:00Z`, { dateStyle: "medium", timeZone: "UTC" });
}

export function formatDateTime(iso: string): string {
  return formatDate(iso, { dateStyle: "medium", timeStyle: "short" });
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

/** "3 hours ago" for recent events, a date otherwise. */
export function formatRelative(iso: string, now = Date.now()): string {
  const seconds = (new Date(iso).getTime() - now) / 1000;
  if (Math.abs(seconds) > 30 * 24 * 3600) return formatDate(iso);
  const rtf = new Intl.RelativeTimeFormat(undefined, { numeric: "auto" });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return rtf.format(Math.round(seconds / size), unit);
  }
  return "just now";
}

export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Where an order's instant estimate cannot be shown (figures saved before the limits, beyond what is priced). */
export const NO_ESTIMATE = "No estimate";
export const NO_ESTIMATE_REASON = "The instant estimate of this design cannot be shown: its figures are beyond what we price.";
