import type { Order } from "@atelier/contract";
import { openA4Document, Writer } from "./order-pdf-layout.ts";
import { certificates, dates, design, estimate, footers, header, history, payments, quotes, shipment } from "./order-pdf-sections.ts";

export { pdfText } from "./order-pdf-text.ts";

/**
 * The order as an A4 PDF: header, dates, design, estimate, quotes, payments, shipment and
 * history. Only PDFKit's standard fonts (Times for display, Helvetica for text) are used, so
 * nothing is read from disk or the network; they cannot draw "₹", so money carries the ISO
 * code ("INR 1,23,456.00") and every other character outside their encoding is replaced.
 */
export async function renderOrderPdf(
  order: Order,
  opts: {
    generatedAt: Date;
    publicUrl: string;
    /** Leave content streams uncompressed (tests read the text). */
    compress?: boolean;
  },
): Promise<Buffer> {
  const { doc, finished } = openA4Document({
    title: `Order ${order.order_number} - Aurelia Atelier`,
    subject: `Order ${order.order_number}: ${order.design.name}`,
    date: opts.generatedAt,
    compress: opts.compress,
  });

  const orderUrl = `${opts.publicUrl.replace(/\/+$/, "")}/dashboard/orders/${encodeURIComponent(order.id)}`;
  const w = new Writer(doc, order.currency);
  header(w, order, orderUrl);
  dates(w, order, opts.generatedAt);
  design(w, order);
  certificates(w, order);
  estimate(w, order);
  quotes(w, order);
  payments(w, order);
  shipment(w, order);
  history(w, order);
  footers(w, order, opts.generatedAt);

  doc.end();
  return finished;
}
