import { sumMoney } from "../../lib/money.ts";
import type { TaxDocumentContent } from "./invoice-content.ts";
import { csvCell } from "../../lib/csv.ts";

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

/** An amount we wrote ourselves ("1234.50"): emitted as a number so spreadsheets sum it. */
const csvAmount = (value: string): string => (/^\d+\.\d{2}$/.test(value) ? value : csvCell(value));

function taxOf(c: TaxDocumentContent, code: string): string {
  return sumMoney(c.tax.lines.filter((l) => l.code === code).map((l) => l.amount));
}

export function invoicesCsv(documents: TaxDocumentContent[]): string {
  const rows = documents.map((c) => [
    csvCell(c.number),
    csvCell(c.kind === "credit_note" ? "Credit note" : "Invoice"),
    csvCell(c.label),
    csvCell(c.date),
    csvCell(c.financial_year),
    csvCell(c.order.number),
    csvCell(c.buyer.name),
    csvCell(c.buyer.email),
    csvCell(c.place_of_supply),
    csvCell(c.seller.gstin),
    csvCell(c.seller.state),
    csvCell(c.against?.number ?? ""),
    csvAmount(c.tax.taxable),
    csvAmount(taxOf(c, "CGST")),
    csvAmount(taxOf(c, "SGST")),
    csvAmount(taxOf(c, "IGST")),
    csvAmount(taxOf(c, "TAX")),
    csvAmount(c.total),
    csvCell(c.currency),
  ]);
  return [CSV_HEADER.join(","), ...rows.map((r) => r.join(","))].join("\r\n") + "\r\n";
}
