import { formatMoney as formatSharedMoney, moneyLocaleOf, type Currency } from "@atelier/contract";

/** The locale money and dates are written in for a record in this currency. */
export const localeOf = (currency: Currency): string => moneyLocaleOf(currency);

/** A decimal money string ("123456.50") in its currency, e.g. "₹1,23,456.50" or "$1,234.50": the contract's one formatter. */
export const formatMoney = (amount: string, currency: Currency): string => formatSharedMoney(amount, currency);

/**
 * The same with the ISO code instead of the symbol ("INR 1,23,456.50"), for output whose fonts
 * lack some currency symbols (the PDF's standard fonts have no "₹"). Plain spaces only.
 */
export const formatMoneyWithCode = (amount: string, currency: Currency): string => formatSharedMoney(amount, currency, "code");

/** A calendar date ("14 December 2026" / "December 14, 2026"), in UTC unless told otherwise. */
export function formatDate(value: string | Date, currency: Currency, timeZone = "UTC"): string {
  return new Intl.DateTimeFormat(localeOf(currency), { dateStyle: "long", timeZone }).format(new Date(value));
}

/** A date and time with its zone ("14 Dec 2026, 3:05 pm UTC"). */
export function formatDateTime(value: string | Date, currency: Currency, timeZone = "UTC"): string {
  return new Intl.DateTimeFormat(localeOf(currency), {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone,
    timeZoneName: "short",
  })
    .format(new Date(value))
    .replace(/\s/g, " ");
}
