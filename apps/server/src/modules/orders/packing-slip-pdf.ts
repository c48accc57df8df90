import { addressLines, CERTIFICATE_TYPE_LABELS, DESIGN_TYPE_LABELS, type Order } from "@atelier/contract";
import { COLORS, FONT, openA4Document, Writer } from "./order-pdf-layout.ts";
import { footers } from "./order-pdf-sections.ts";
import { pdfText } from "./order-pdf-text.ts";

/**
 * The packing slip staff print and put in the parcel: order number, design, ship-to address
 * and phone, carrier and tracking when set, and a line per item packed (the piece, then each
 * certificate that travels with it). No prices: the slip is seen by whoever opens the parcel.
 */
export async function renderPackingSlipPdf(order: Order, opts: { generatedAt: Date; compress?: boolean }): Promise<Buffer> {
  const { doc, finished } = openA4Document({
    title: `Packing slip ${order.order_number} - Aurelia Atelier`,
    subject: `Packing slip for order ${order.order_number}: ${order.design.name}`,
    date: opts.generatedAt,
    compress: opts.compress,
  });

  const w = new Writer(doc, order.currency);
  const top = doc.page.margins.top;
  doc.font(FONT.bold).fontSize(9).fillColor(COLORS.gold).text("AURELIA ATELIER", w.left, top, { characterSpacing: 3, lineBreak: false });
  doc
    .font(FONT.serif)
    .fontSize(26)
    .fillColor(COLORS.ink)
    .text("Packing slip", w.left, top + 24, { width: w.width });
  doc
    .font(FONT.sans)
    .fontSize(11)
    .fillColor(COLORS.muted)
    .text(pdfText(`Order ${order.order_number} · ${order.design.name || "Untitled design"}`), w.left, doc.y + 2, { width: w.width });
  doc.y += 6;
  w.rule(doc.y, COLORS.gold);

  w.section("Ship to");
  const to = order.delivery_address;
  if (to) {
    doc.font(FONT.sans).fontSize(12).fillColor(COLORS.ink);
    doc.text(pdfText(addressLines(to).join("\n")), w.left, doc.y, { width: w.width, lineGap: 2 });
    doc.moveDown(0.4);
    w.fields([["Phone", to.phone]]);
  } else {
    w.paragraph("No delivery address yet: the customer has not chosen one.", { color: COLORS.garnet });
  }

  w.section("Shipment");
  w.fields(
    order.shipment
      ? [
          ["Carrier", order.shipment.carrier],
          ["Tracking number", order.shipment.tracking_number],
        ]
      : [["Carrier", "Not booked yet"]],
  );

  w.section("Contents");
  const d = order.design;
  const piece = [DESIGN_TYPE_LABELS[d.design_type], d.metal, d.stones, d.size && `Size ${d.size}`].filter(Boolean).join(" · ");
  w.table(
    [
      { header: "Qty", width: 0.1 },
      { header: "Item", width: 0.9 },
    ],
    [
      ["1", `${d.name || "Untitled design"}${piece ? ` (${piece})` : ""}`],
      ...order.certificates.map((c) => [
        "1",
        `${CERTIFICATE_TYPE_LABELS[c.type]} certificate ${c.number}, ${c.lab}${c.stone ? `, ${c.stone}` : ""}`,
      ]),
    ],
  );
  w.paragraph("Please check the contents when the parcel arrives and write to us from your order page if anything is missing.", {
    color: COLORS.muted,
    size: 9,
  });

  footers(w, order, opts.generatedAt);
  doc.end();
  return finished;
}
