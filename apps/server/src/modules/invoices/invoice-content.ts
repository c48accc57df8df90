import type { Currency, PaymentKind, PostalAddress, TaxBreakdown, TaxDocumentKind } from "@atelier/contract";

/** The seller as printed on every document (config: SELLER_LEGAL_NAME, SELLER_ADDRESS, SELLER_STATE, SELLER_COUNTRY, SELLER_GSTIN). */
export interface SellerDetails {
  legalName: string;
  address: string;
  state: string;
  /** ISO alpha-2, "IN". */
  country: string;
  /** Only when configured (never made up). */
  gstin: string | undefined;
}

/**
 * Everything a tax invoice or credit note prints, frozen when it is issued (tax_documents.content):
 * the PDF is drawn from this alone, so a later change of the seller's details, the customer's name
 * or an address never rewrites an issued document.
 */
export interface TaxDocumentContent {
  version: 1;
  kind: TaxDocumentKind;
  /** "Tax invoice" or "Credit note". */
  title: string;
  /** "Advance receipt", "Final invoice on the balance", "Credit note". */
  label: string;
  payment_kind: PaymentKind | null;
  number: string;
  /** YYYY-MM-DD in India's time zone. */
  date: string;
  financial_year: string;
  seller: { legal_name: string; address: string; state: string; country: string; gstin: string };
  buyer: {
    name: string;
    email: string;
    billing_address: PostalAddress | null;
    delivery_address: PostalAddress | null;
    /** Said on the document when an address is missing. */
    note: string;
  };
  order: { id: string; number: string; design_name: string };
  /** "Maharashtra, India" */
  place_of_supply: string;
  lines: { description: string; hsn: string; taxable: string }[];
  tax: TaxBreakdown;
  /** "Supply meant for export ..." for a zero-rated export; otherwise "". */
  tax_note: string;
  currency: Currency;
  total: string;
  amount_in_words: string;
  payment: { reference: string; provider: string; provider_payment_id: string; received_at: string };
  /** A credit note's invoice. */
  against: { number: string; date: string } | null;
  /** A credit note's reason (the refund's). */
  reason: string;
}

const regionNames = new Intl.DisplayNames(["en"], { type: "region" });

export function countryName(code: string): string {
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}

/** "12 Marine Drive, Flat 4\nMumbai, Maharashtra 400001\nIndia\nPhone +91 98..." */
export function addressLines(a: PostalAddress): string[] {
  const cityLine = [a.city, [a.state, a.postal_code].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  return [a.name, a.line1, a.line2, cityLine, countryName(a.country), a.phone ? `Phone ${a.phone}` : ""].filter((l) => l.trim() !== "");
}
