import { COLORS, FONT, openA4Document, pageFooters, Writer, type Cell } from "../orders/order-pdf-layout.ts";
import { pdfText } from "../orders/order-pdf-text.ts";
import { addressLines, countryName, type TaxDocumentContent } from "./invoice-content.ts";

/**
 * A tax invoice or credit note as an A4 PDF, in the house style of the order's PDF (PDFKit's
 * standard fonts, so money carries the ISO code: "INR 1,23,456.00"). Drawn from the document's
 * frozen content only: the same document always prints the same.
 */
export async function renderTaxDocumentPdf(content: TaxDocumentContent, opts: { compress?: boolean } = {}): Promise<Buffer> {
  const issued = new Date(`${content.date}T00:00:00Z`);
  const { doc, finished } = openA4Document({
    title: `${content.title} ${content.number}`,
    subject: `${content.label}, order ${content.order.number}`,
    author: content.seller.legal_name || "Aurelia Atelier",
    date: issued,
    compress: opts.compress,
  });

  const w = new Writer(doc, content.currency);
  header(w, content);
  parties(w, content);
  items(w, content);
  taxes(w, content);
  notes(w, content);
  footers(w, content);
  doc.end();
  return finished;
}

const day = (w: Writer, ymd: string) => w.shortDate(`${ymd}T00:00:00Z`);

function header(w: Writer, c: TaxDocumentContent): void {
  const { doc } = w;
  const top = doc.page.margins.top;
  doc.font(FONT.bold).fontSize(9).fillColor(COLORS.gold).text("AURELIA ATELIER", w.left, top, { characterSpacing: 3, lineBreak: false });
  doc
    .font(FONT.sans)
    .fontSize(8.5)
    .fillColor(COLORS.muted)
    .text(pdfText(c.label), w.left, top, { width: w.width, align: "right", lineBreak: false });
  doc
    .font(FONT.serif)
    .fontSize(24)
    .fillColor(COLORS.ink)
    .text(`${c.title} ${pdfText(c.number)}`, w.left, top + 22, { width: w.width });
  doc.y += 4;
  const rows: [string, string][] = [
    ["Number", c.number],
    ["Date", day(w, c.date)],
    ["Kind", c.label],
    ["Order", `${c.order.number}${c.order.design_name ? ` - ${c.order.design_name}` : ""}`],
    ["Place of supply", c.place_of_supply],
  ];
  if (c.against) rows.push(["Against invoice", `${c.against.number} of ${day(w, c.against.date)}`]);
  if (c.payment.reference || c.payment.provider_payment_id)
    rows.push([
      c.kind === "credit_note" ? "Refund reference" : "Payment reference",
      [c.payment.reference, c.payment.provider_payment_id].filter(Boolean).join(" / "),
    ]);
  if (c.reason) rows.push(["Reason", c.reason]);
  w.fields(rows);
  w.rule(doc.y, COLORS.gold);
  doc.y += 4;
}

/** Seller, buyer (billing) and where the piece goes, side by side. */
function parties(w: Writer, c: TaxDocumentContent): void {
  const { doc } = w;
  const gap = 16;
  w.ensure(140);
  const top = doc.y + 10;
  const seller = [
    c.seller.legal_name,
    c.seller.address,
    [c.seller.state, c.seller.country ? countryName(c.seller.country) : ""].filter(Boolean).join(", "),
    `GSTIN: ${c.seller.gstin || "not registered"}`,
  ].filter((l) => l.trim() !== "");
  const billing = c.buyer.billing_address;
  const buyer = billing ? addressLines(billing) : [c.buyer.name];
  if (c.buyer.email) buyer.push(c.buyer.email);
  const columns: [string, string[]][] = [
    ["Seller", seller],
    [billing ? "Buyer (billing)" : "Buyer", buyer],
  ];
  if (c.buyer.delivery_address) columns.push(["Deliver to", addressLines(c.buyer.delivery_address)]);
  const colWidth = (w.width - gap * (columns.length - 1)) / columns.length;

  const ends = columns.map(([title, lines], i) => {
    const x = w.left + i * (colWidth + gap);
    doc.font(FONT.bold).fontSize(8.5).fillColor(COLORS.gold).text(title.toUpperCase(), x, top, { width: colWidth, characterSpacing: 1.6 });
    doc.y += 3;
    lines.forEach((line, j) => {
      doc
        .font(j === 0 ? FONT.bold : FONT.sans)
        .fontSize(9.5)
        .fillColor(COLORS.ink)
        .text(pdfText(line), x, doc.y, { width: colWidth, lineGap: 1.5 });
    });
    return doc.y;
  });
  doc.x = w.left;
  doc.y = Math.max(...ends) + 6;
  if (c.buyer.note) w.paragraph(c.buyer.note, { color: COLORS.muted, italic: true, size: 9 });
}

function items(w: Writer, c: TaxDocumentContent): void {
  w.section(c.kind === "credit_note" ? "Credited" : "Supplied");
  w.table(
    [
      { header: "Description", width: 0.6 },
      { header: "HSN / SAC", width: 0.15 },
      { header: "Taxable value", width: 0.25, align: "right" },
    ],
    c.lines.map((l) => [l.description, l.hsn, { text: w.money(l.taxable) }]),
  );
}

function taxes(w: Writer, c: TaxDocumentContent): void {
  w.section("Tax");
  const rows: (Cell | string)[][] = [
    [{ text: "Taxable value" }, "", { text: w.money(c.tax.taxable) }],
    ...c.tax.lines.map((l) => [{ text: l.label || l.code }, `${l.rate}%`, { text: w.money(l.amount) }]),
  ];
  if (c.tax.lines.length === 0) rows.push([{ text: "No tax charged", color: COLORS.muted }, "", { text: w.money("0.00") }]);
  rows.push([{ text: "Total tax" }, "", { text: w.money(c.tax.tax) }]);
  rows.push([{ text: c.kind === "credit_note" ? "Total credited" : "Total", bold: true }, "", { text: w.money(c.total), bold: true }]);
  w.table(
    [
      { header: "", width: 0.6 },
      { header: "Rate", width: 0.15 },
      { header: "Amount", width: 0.25, align: "right" },
    ],
    rows,
  );
  if (c.tax_note) w.paragraph(c.tax_note, { size: 9.5 });
  const { doc } = w;
  w.ensure(30);
  doc.font(FONT.bold).fontSize(10).fillColor(COLORS.ink).text("Amount in words: ", w.left, doc.y, { continued: true, width: w.width });
  doc.font(FONT.sans).text(pdfText(c.amount_in_words));
  doc.x = w.left;
  doc.y += 4;
}

function notes(w: Writer, c: TaxDocumentContent): void {
  const what =
    c.kind === "credit_note"
      ? `This credit note reduces the value of ${c.against ? `invoice ${c.against.number}` : "the payment above"} by the refunded amount, with its tax.`
      : c.payment_kind === "balance"
        ? "Final invoice on the balance of the order; the advance was invoiced on its own receipt."
        : "Receipt of an advance against the order; the balance will be invoiced when it is paid.";
  w.paragraph(`${what} This is a computer-generated document and needs no signature.`, { color: COLORS.muted, size: 9 });
}

function footers(w: Writer, c: TaxDocumentContent): void {
  pageFooters(w, pdfText(`${c.seller.legal_name || "Aurelia Atelier"} · ${c.title} ${c.number}`));
}
