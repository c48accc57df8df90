import {
  splitInclusive,
  taxDocumentLabel,
  taxOnPrice,
  type Currency,
  type InvoiceExportQuery,
  type PostalAddress,
  type TaxBreakdown,
  type TaxDocument,
  type TaxDocumentList,
  type TaxPlace,
  type TaxRules,
} from "@atelier/contract";
import type { Db } from "../../db/client.ts";
import { assertAdmin, assertCanAccess, type Actor } from "../../lib/access.ts";
import type { Clock } from "../../lib/clock.ts";
import { subtractMoney, sumMoney, toCents } from "../../lib/money.ts";
import type { PricingService } from "../pricing/pricing.service.ts";
import { taxDestination } from "../tax/tax-place.ts";
import { amountInWords } from "./amount-in-words.ts";
import { documentNumber, financialYearOf, indianDate, indianDayStart } from "./financial-year.ts";
import { countryName, type SellerDetails, type TaxDocumentContent } from "./invoice-content.ts";
import * as repo from "./invoices.repository.ts";
import type { TaxDocumentRow } from "./invoices.repository.ts";

export type InvoicesService = ReturnType<typeof createInvoicesService>;

export const EXPORT_NOTE = "Supply meant for export under bond or letter of undertaking without payment of integrated tax (zero-rated).";

/** The document as the API lists it. */
export function toTaxDocumentResponse(row: TaxDocumentRow): TaxDocument {
  const content = row.content as unknown as TaxDocumentContent;
  return {
    id: row.id,
    kind: row.kind,
    number: row.number,
    financial_year: row.financialYear,
    label: taxDocumentLabel(row.kind, content.payment_kind),
    payment_kind: content.payment_kind,
    order_id: row.orderId,
    order_number: content.order.number,
    date: content.date,
    issued_at: row.issuedAt.toISOString(),
    currency: row.currency,
    taxable: row.taxable,
    tax: row.tax,
    total: row.total,
    against_number: content.against?.number ?? "",
    pdf_url: `/api/invoices/${row.id}.pdf`,
  };
}

const contentOf = (row: TaxDocumentRow) => row.content as unknown as TaxDocumentContent;

/** The buyer's name: the billing address's, else the account's name, else the e-mail. */
function buyerOf(
  buyer: repo.BuyerRow | undefined,
  billing: PostalAddress | null,
  delivery: PostalAddress | null,
): TaxDocumentContent["buyer"] {
  const accountName = [buyer?.firstName, buyer?.lastName].filter((s) => s?.trim()).join(" ") || buyer?.companyName || "";
  const email = buyer?.email ?? "";
  const missing = [!billing && "billing", !delivery && "delivery"].filter(Boolean);
  const note =
    missing.length === 0
      ? ""
      : missing.length === 2
        ? "No billing or delivery address had been given for this order when this document was issued; the buyer is named from their account."
        : `No ${missing[0]} address had been given for this order when this document was issued.`;
  return {
    name: billing?.name || delivery?.name || accountName || email,
    email,
    billing_address: billing,
    delivery_address: delivery,
    note,
  };
}

export function createInvoicesService(deps: { db: Db; clock: Clock; pricing: PricingService; seller: SellerDetails }) {
  const { db, clock, pricing, seller } = deps;
  const sellerPlace: TaxPlace = { country: seller.country, state: seller.state };

  /** The tax rules of the pricing tables in force (tables saved before tax read with the defaults). */
  async function rulesIn(tx: Db): Promise<TaxRules> {
    return (await pricing.current(tx)).tables.tax;
  }

  /**
   * Where the sale is taken to be delivered, for its tax, by the rule quotes are taxed with: the
   * order's delivery address; without one, a sale in the seller's own currency stays in the seller's
   * state, any other is an export.
   */
  const destinationOf = (order: repo.OrderRow, currency: Currency): TaxPlace =>
    taxDestination(sellerPlace, order.deliveryAddress, currency);

  function placeOfSupply(order: repo.OrderRow, currency: Currency): string {
    const a = order.deliveryAddress;
    if (a) return [a.state, countryName(a.country)].filter(Boolean).join(", ");
    if (destinationOf(order, currency).country !== "")
      return `${[seller.state, countryName(seller.country)].filter(Boolean).join(", ")} (no delivery address given)`;
    return "Outside the seller's country (no delivery address given)";
  }

  /**
   * The sale's tax: the accepted quote's breakdown; recomputed with the same rates' rules when the
   * delivery address now puts it in another regime (a piece first quoted without an address),
   * and from the quote's amount for a quote made before tax was part of quotes.
   */
  async function saleOf(
    tx: Db,
    order: repo.OrderRow,
    quote: repo.QuoteRow | undefined,
    amount: string,
    currency: Currency,
  ): Promise<TaxBreakdown> {
    const rules = await rulesIn(tx);
    const destination = destinationOf(order, currency);
    const stored = (quote as { tax?: TaxBreakdown | null } | undefined)?.tax ?? null;
    if (stored) {
      // Without a delivery address the quote's own assumption stands.
      if (!order.deliveryAddress) return stored;
      const making = stored.making?.taxable ?? "0.00";
      const now = taxOnPrice(rules, sellerPlace, destination, { goods: subtractMoney(stored.taxable, making), making });
      return now.regime === stored.regime ? stored : now;
    }
    return taxOnPrice(rules, sellerPlace, destination, { goods: quote?.amount ?? amount, making: "0.00" });
  }

  /**
   * `amount` (tax included) apportioned on `of` after `already` of it; should the figures not fit
   * (a quote changed under an old payment), on its own, and failing that as a sale of its own: a
   * capture is never refused for want of an invoice.
   */
  async function apportion(
    tx: Db,
    order: repo.OrderRow,
    amount: string,
    currency: Currency,
    of: TaxBreakdown,
    already: string,
  ): Promise<TaxBreakdown> {
    try {
      return splitInclusive(amount, of, already);
    } catch {
      try {
        return splitInclusive(amount, of);
      } catch {
        const rules = await rulesIn(tx);
        return splitInclusive(amount, taxOnPrice(rules, sellerPlace, destinationOf(order, currency), { goods: amount, making: "0.00" }));
      }
    }
  }

  function linesOf(tax: TaxBreakdown, description: string): TaxDocumentContent["lines"] {
    if (!tax.making || toCents(tax.making.taxable) === 0n) return [{ description, hsn: tax.hsn, taxable: tax.taxable }];
    return [
      { description: `${description}: jewellery`, hsn: tax.hsn, taxable: subtractMoney(tax.taxable, tax.making.taxable) },
      { description: `${description}: making charges`, hsn: tax.making.sac, taxable: tax.making.taxable },
    ];
  }

  const sellerContent = () => ({
    legal_name: seller.legalName,
    address: seller.address,
    state: seller.state,
    country: seller.country,
    gstin: seller.gstin ?? "",
  });

  async function insert(
    tx: Db,
    base: Omit<TaxDocumentContent, "number" | "financial_year" | "date" | "amount_in_words" | "total" | "currency" | "version">,
    row: { orderId: string; userId: string; paymentId: string; refundId: string | null; currency: Currency; issuedAt: Date },
  ): Promise<TaxDocumentRow> {
    const financialYear = financialYearOf(row.issuedAt);
    // Last: the counter's row lock is held from here to the commit, as briefly as possible.
    const sequence = await repo.nextSequence(tx, base.kind, financialYear);
    const number = documentNumber(base.kind, financialYear, sequence);
    const content: TaxDocumentContent = {
      version: 1,
      ...base,
      number,
      financial_year: financialYear,
      date: indianDate(row.issuedAt),
      currency: row.currency,
      total: base.tax.total,
      amount_in_words: amountInWords(base.tax.total, row.currency),
    };
    return repo.insertDocument(tx, {
      kind: base.kind,
      number,
      financialYear,
      sequence,
      orderId: row.orderId,
      userId: row.userId,
      paymentId: row.paymentId,
      refundId: row.refundId,
      currency: row.currency,
      taxable: base.tax.taxable,
      tax: base.tax.tax,
      total: base.tax.total,
      content: content as unknown as Record<string, unknown>,
      issuedAt: row.issuedAt,
    });
  }

  /** What a payment receipts, tax included: apportioned on the sale after the payments before it. */
  async function paymentTax(tx: Db, order: repo.OrderRow, payment: repo.PaymentRow): Promise<TaxBreakdown> {
    const quote = payment.quoteId ? await repo.findQuote(tx, payment.quoteId) : undefined;
    const sale = await saleOf(tx, order, quote, payment.amount, payment.currency);
    // The balance comes after the advance of the same quote: together they make the sale, line by line.
    const earlier =
      payment.kind === "balance" && payment.quoteId
        ? (await repo.listQuotePayments(tx, payment.quoteId))
            .filter((p) => p.kind === "advance" && p.status === "confirmed")
            .map((p) => p.amount)
        : [];
    return apportion(tx, order, payment.amount, payment.currency, sale, sumMoney(earlier));
  }

  return {
    /**
     * The tax invoice of a captured payment, in the capture's transaction (called from confirmIn):
     * numbered in the financial year of the capture, dated the same day (India's time). Idempotent:
     * a second call returns the document already issued.
     */
    async issueInvoice(tx: Db, paymentId: string): Promise<TaxDocumentRow> {
      const existing = await repo.findInvoiceOfPayment(tx, paymentId);
      if (existing) return existing;
      const payment = await repo.findPayment(tx, paymentId);
      if (!payment) throw new Error(`payment ${paymentId} not found`);
      if (payment.status !== "confirmed") throw new Error(`payment ${paymentId} is ${payment.status}, not confirmed: no invoice`);
      const order = await repo.findOrder(tx, payment.orderId);
      if (!order) throw new Error(`order ${payment.orderId} not found`);
      const tax = await paymentTax(tx, order, payment);
      const issuedAt = payment.decidedAt ?? clock.now();
      const label = payment.kind === "balance" ? "Final invoice on the balance" : "Advance receipt";
      const what = payment.kind === "balance" ? "Balance" : "Advance";
      return insert(
        tx,
        {
          kind: "invoice",
          title: "Tax invoice",
          label,
          payment_kind: payment.kind,
          seller: sellerContent(),
          buyer: buyerOf(await repo.findBuyer(tx, order.userId), order.billingAddress, order.deliveryAddress),
          order: { id: order.id, number: order.orderNumber, design_name: order.designName },
          place_of_supply: placeOfSupply(order, payment.currency),
          lines: linesOf(tax, `${what} for ${order.designName || "a made-to-order piece"} (order ${order.orderNumber})`),
          tax,
          tax_note: tax.regime === "export" ? EXPORT_NOTE : "",
          payment: {
            reference: payment.reference,
            provider: payment.provider,
            provider_payment_id: payment.providerPaymentId,
            received_at: issuedAt.toISOString(),
          },
          against: null,
          reason: "",
        },
        { orderId: order.id, userId: order.userId, paymentId: payment.id, refundId: null, currency: payment.currency, issuedAt },
      );
    },

    /**
     * The credit note of a succeeded refund, in the refund's transaction: it reverses the refunded
     * part of its payment's invoice with the same tax lines. Idempotent like issueInvoice.
     */
    async issueCreditNote(tx: Db, refundId: string): Promise<TaxDocumentRow> {
      const existing = await repo.findCreditNoteOfRefund(tx, refundId);
      if (existing) return existing;
      const refund = await repo.findRefund(tx, refundId);
      if (!refund) throw new Error(`refund ${refundId} not found`);
      if (refund.status !== "succeeded") throw new Error(`refund ${refundId} is ${refund.status}, not succeeded: no credit note`);
      const [payment, order] = [await repo.findPayment(tx, refund.paymentId), await repo.findOrder(tx, refund.orderId)];
      if (!payment || !order) throw new Error(`refund ${refundId} has lost its payment or order`);
      const invoice = await repo.findInvoiceOfPayment(tx, payment.id);
      const invoiceTax = invoice ? contentOf(invoice).tax : await paymentTax(tx, order, payment);
      const credited = (await repo.listPaymentCreditNotes(tx, payment.id)).map((d) => d.total);
      const tax = await apportion(tx, order, refund.amount, refund.currency, invoiceTax, sumMoney(credited));
      const issuedAt = refund.settledAt ?? clock.now();
      const against = invoice ? { number: invoice.number, date: contentOf(invoice).date } : null;
      return insert(
        tx,
        {
          kind: "credit_note",
          title: "Credit note",
          label: "Credit note",
          payment_kind: payment.kind,
          seller: sellerContent(),
          buyer: buyerOf(await repo.findBuyer(tx, order.userId), order.billingAddress, order.deliveryAddress),
          order: { id: order.id, number: order.orderNumber, design_name: order.designName },
          place_of_supply: invoice ? contentOf(invoice).place_of_supply : placeOfSupply(order, refund.currency),
          lines: linesOf(
            tax,
            `Refund of the ${payment.kind} for ${order.designName || "a made-to-order piece"} (order ${order.orderNumber})${against ? `, against invoice ${against.number}` : ""}`,
          ),
          tax,
          tax_note: tax.regime === "export" ? EXPORT_NOTE : "",
          payment: {
            reference: refund.reference || refund.providerRefundId,
            provider: refund.provider,
            provider_payment_id: payment.providerPaymentId,
            received_at: (payment.decidedAt ?? issuedAt).toISOString(),
          },
          against,
          reason: refund.reason,
        },
        { orderId: order.id, userId: order.userId, paymentId: payment.id, refundId: refund.id, currency: refund.currency, issuedAt },
      );
    },

    /** An order's invoices and credit notes (the customer's own order, or any for staff; another's is 404). */
    async listForOrder(actor: Actor, orderId: string): Promise<TaxDocumentList> {
      assertCanAccess(actor, await repo.findOrder(db, orderId));
      const rows = await repo.listOrderDocuments(db, orderId);
      return { count: rows.length, results: rows.map(toTaxDocumentResponse) };
    },

    /** One document with what its PDF prints (the customer's own, or any for staff; another's is 404). */
    async get(actor: Actor, id: string): Promise<{ document: TaxDocument; content: TaxDocumentContent }> {
      const row = assertCanAccess(actor, await repo.findDocument(db, id), "No such invoice.");
      return { document: toTaxDocumentResponse(row), content: contentOf(row) };
    },

    /** Admins: every document dated in the range (India's calendar days, both ends included), for the accountant. */
    async exportRows(actor: Actor, query: InvoiceExportQuery): Promise<TaxDocumentContent[]> {
      assertAdmin(actor);
      const end = indianDayStart(query.to);
      end.setUTCDate(end.getUTCDate() + 1);
      const rows = await repo.listIssuedBetween(db, indianDayStart(query.from), end);
      return rows.map(contentOf);
    },
  };
}
