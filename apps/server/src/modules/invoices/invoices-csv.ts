import { sumMoney } from "../../lib/money.ts";
import type { TaxDocumentContent } from "./invoice-content.ts";

// The accountant's CSV: invoices and credit notes of a date range, one row each.

export const CSV_HEADER = [
  "number",
  "type",
  "kind",
  "date",
  "financial_year",
  "order",
  "buyer",
  "buyer_email",
  "place_of_supply",
  "seller_gstin",
  "seller_state",
  "against_invoice",
  "taxable",
  "cgst",
  "sgst",
  "igst",
  "other_tax",
  "total",
  "currency",
] as const;

/**
 * A text cell a spreadsheet will not run: a leading = + - @ (or a tab or carriage return, which
 * some spreadsheets skip before a formula) is defused with a leading apostrophe, then the cell is
 * quoted where CSV needs it.
 */
export function csvText(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** An amount we wrote ourselves ("1234.50"): emitted as a number so spreadsheets sum it. */
const csvAmount = (value: string): string => (/^\d+\.\d{2}$/.test(value) ? value : csvText(value));

function taxOf(c: TaxDocumentContent, code: string): string {
  return sumMoney(c.tax.lines.filter((l) => l.code === code).map((l) => l.amount));
}

export function invoicesCsv(documents: TaxDocumentContent[]): string {
  const rows = documents.map((c) => [
    csvText(c.number),
    csvText(c.kind === "credit_note" ? "Credit note" : "Invoice"),
    csvText(c.label),
    csvText(c.date),
    csvText(c.financial_year),
    csvText(c.order.number),
    csvText(c.buyer.name),
    csvText(c.buyer.email),
    csvText(c.place_of_supply),
    csvText(c.seller.gstin),
    csvText(c.seller.state),
    csvText(c.against?.number ?? ""),
    csvAmount(c.tax.taxable),
    csvAmount(taxOf(c, "CGST")),
    csvAmount(taxOf(c, "SGST")),
    csvAmount(taxOf(c, "IGST")),
    csvAmount(taxOf(c, "TAX")),
    csvAmount(c.total),
    csvText(c.currency),
  ]);
  return [CSV_HEADER.join(","), ...rows.map((r) => r.join(","))].join("\r\n") + "\r\n";
}
