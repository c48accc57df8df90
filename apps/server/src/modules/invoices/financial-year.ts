import type { TaxDocumentKind } from "@atelier/contract";

/**
 * Invoices are dated and numbered in India's time zone (the seller's books are kept there): a
 * capture at 20:00 UTC on 31 March is on 1 April in Kolkata, so it is the first day of the next
 * financial year. India has no daylight saving; Asia/Kolkata is UTC+05:30 all year.
 */
export const INVOICE_TIME_ZONE = "Asia/Kolkata";

const dayFormat = new Intl.DateTimeFormat("en-CA", { timeZone: INVOICE_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" });

/** The calendar day in India: "2026-03-31". */
export function indianDate(at: Date): string {
  return dayFormat.format(at);
}

/** The financial year (April to March) that holds the day: "2026-27". */
export function financialYearOf(at: Date): string {
  const [y = "0", m = "0"] = indianDate(at).split("-");
  const year = Number(y);
  const start = Number(m) >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, "0")}`;
}

/** The instant a day starts in India: "2026-04-01" is 2026-03-31T18:30:00Z. */
export function indianDayStart(day: string): Date {
  return new Date(`${day}T00:00:00+05:30`);
}

const PREFIX: Record<TaxDocumentKind, string> = { invoice: "INV", credit_note: "CN" };

/** "INV/2026-27/000123", "CN/2026-27/000004". */
export function documentNumber(kind: TaxDocumentKind, financialYear: string, sequence: number): string {
  return `${PREFIX[kind]}/${financialYear}/${String(sequence).padStart(6, "0")}`;
}
