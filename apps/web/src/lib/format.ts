export function formatMoney(amount: number, currency = "INR", locale?: string): string {
  try {
    return new Intl.NumberFormat(locale, { style: "currency", currency, maximumFractionDigits: amount % 1 === 0 ? 0 : 2 }).format(amount);
  } catch {
    return `${amount} ${currency}`;
  }
}

/** Money as the API sends it (a decimal string such as "1234.50") in the record's currency. */
export function formatAmount(amount: string, currency: string, locale?: string): string {
  const n = Number(amount);
  return Number.isFinite(n) ? formatMoney(n, currency, locale) : `${amount} ${currency}`;
}

/** One formatter for a set of amounts (a breakdown): all with cents when any has them, so the column lines up. */
export function amountFormatter(currency: string, amounts: readonly string[], locale?: string): (amount: string) => string {
  const cents = amounts.some((a) => Number(a) % 1 !== 0);
  let nf: Intl.NumberFormat | null = null;
  try {
    nf = new Intl.NumberFormat(locale, { style: "currency", currency, minimumFractionDigits: cents ? 2 : 0, maximumFractionDigits: cents ? 2 : 0 });
  } catch {
    nf = null;
  }
  return (amount) => {
    const n = Number(amount);
    return nf && Number.isFinite(n) ? nf.format(n) : `${amount} ${currency}`;
  };
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
