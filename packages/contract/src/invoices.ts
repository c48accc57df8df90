import { z } from "zod";
import { CURRENCIES } from "./common.ts";
import { PAYMENT_KINDS, TAX_DOCUMENT_KINDS, type PaymentKind, type TaxDocumentKind } from "./orders.ts";
import { moneySchema } from "./pricing.ts";

/**
 * Tax invoices (one per captured payment: an advance receipt or the final invoice on the balance)
 * and credit notes (one per succeeded refund), numbered per financial year (April to March, in
 * India's time zone): INV/2026-27/000123, CN/2026-27/000004.
 */

/** What a document is, in words: "Advance receipt", "Final invoice", "Credit note". */
export function taxDocumentLabel(kind: TaxDocumentKind, paymentKind: PaymentKind | null): string {
  if (kind === "credit_note") return "Credit note";
  return paymentKind === "balance" ? "Final invoice" : "Advance receipt";
}

export const taxDocumentSchema = z.object({
  id: z.string(),
  kind: z.enum(TAX_DOCUMENT_KINDS),
  /** "INV/2026-27/000123" */
  number: z.string(),
  /** "2026-27" */
  financial_year: z.string(),
  /** "Advance receipt", "Final invoice" or "Credit note". */
  label: z.string(),
  /** The payment it receipts (an invoice) or whose refund it records (a credit note). */
  payment_kind: z.enum(PAYMENT_KINDS).nullable(),
  order_id: z.string(),
  order_number: z.string(),
  /** The document's date (YYYY-MM-DD, India's time zone), printed on it. */
  date: z.string(),
  issued_at: z.string(),
  currency: z.enum(CURRENCIES),
  taxable: moneySchema,
  tax: moneySchema,
  total: moneySchema,
  /** A credit note's invoice number; "" for an invoice. */
  against_number: z.string(),
  /** GET this (with the token) for the PDF. */
  pdf_url: z.string(),
});
export type TaxDocument = z.infer<typeof taxDocumentSchema>;

export const taxDocumentListSchema = z.object({
  count: z.number().int(),
  results: z.array(taxDocumentSchema),
});
export type TaxDocumentList = z.infer<typeof taxDocumentListSchema>;

const isoDate = z
  .string({ error: "Enter a date." })
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter a date as YYYY-MM-DD.")
  .refine(
    (s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
    "Enter a real date.",
  );

/** The longest range one export covers (a little over two financial years). */
export const INVOICE_EXPORT_MAX_DAYS = 800;

/** The admin's CSV export: documents dated from `from` to `to`, both included (India's calendar days). */
export const invoiceExportQuerySchema = z
  .object({ from: isoDate, to: isoDate })
  .refine((q) => q.from <= q.to, { path: ["to"], message: "The end date must be on or after the start date." })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 <= INVOICE_EXPORT_MAX_DAYS, {
    path: ["to"],
    message: `Export at most ${INVOICE_EXPORT_MAX_DAYS} days at a time.`,
  });
export type InvoiceExportQuery = z.infer<typeof invoiceExportQuerySchema>;
