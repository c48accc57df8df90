import type { Order } from "@atelier/contract";
import PDFDocument from "pdfkit";
import { FOOTER_SPACE, MARGIN, Writer } from "./order-pdf-layout.ts";
import { certificates, dates, design, estimate, footers, header, history, payments, quotes, shipment } from "./order-pdf-sections.ts";
import { pdfText } from "./order-pdf-text.ts";

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
  const doc = new PDFDocument({
    size: "A4",
    margins: { top: MARGIN, bottom: MARGIN + FOOTER_SPACE, left: MARGIN, right: MARGIN },
    bufferPages: true,
    compress: opts.compress ?? true,
    lang: "en",
    displayTitle: true,
    info: {
      Title: pdfText(`Order ${order.order_number} - Aurelia Atelier`),
      Author: "Aurelia Atelier",
      Subject: pdfText(`Order ${order.order_number}: ${order.design.name}`),
      Creator: "Aurelia Atelier",
      CreationDate: opts.generatedAt,
      ModDate: opts.generatedAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
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
