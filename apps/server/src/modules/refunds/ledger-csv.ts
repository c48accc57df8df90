import type { LedgerEntry } from "@atelier/contract";
import { csvCell } from "../../lib/csv.ts";

/** The ledger export's columns, in order. */
export const LEDGER_CSV_HEADER = [
  "Date",
  "Entry",
  "Order",
  "Customer",
  "Customer e-mail",
  "Payment",
  "Method",
  "Status",
  "Currency",
  "Amount",
  "Reference",
  "Note",
  "Settled",
] as const;

export function toLedgerCsv(entries: LedgerEntry[]): string {
  const lines = [LEDGER_CSV_HEADER.join(",")];
  for (const e of entries) {
    lines.push(
      [
        csvCell(e.created_at),
        csvCell(e.entry),
        csvCell(e.order_number),
        csvCell(e.customer.name),
        csvCell(e.customer.email),
        csvCell(e.payment_kind),
        csvCell(e.method),
        csvCell(e.status),
        csvCell(e.currency),
        // A refund is money out: negative, so a column sum is the net.
        csvCell(e.entry === "refund" ? `-${e.amount}` : e.amount, { number: true }),
        csvCell(e.reference),
        csvCell(e.note),
        csvCell(e.settled_at ?? ""),
      ].join(","),
    );
  }
  return `${lines.join("\r\n")}\r\n`;
}
