import {
  addressLines,
  CERTIFICATE_TYPE_LABELS,
  certificateVerifyLabel,
  DESIGN_TYPE_LABELS,
  designFieldGroups,
  ORDER_EVENT_INFO,
  ORDER_STATUS_INFO,
  orderShowsBalance,
  PAYMENT_STATUS_INFO,
  personLabel,
  QUOTE_STATUS_INFO,
  REFUND_STATUS_INFO,
  TAX_REGIME_LABELS,
  type Order,
  type OrderEvent,
  type PaymentKind,
} from "@atelier/contract";
import { formatMoneyWithCode } from "../../lib/email/format.ts";
import { COLORS, FONT, pageFooters, TONE_COLORS, type Writer } from "./order-pdf-layout.ts";
import { pdfText } from "./order-pdf-text.ts";

// The sections of the order's PDF, in the order they are drawn, each with the document's writer.

const PAYMENT_KIND_LABELS: Record<PaymentKind, string> = { advance: "Advance", balance: "Balance" };

export function header(w: Writer, order: Order, orderUrl: string): void {
  const { doc } = w;
  const info = ORDER_STATUS_INFO[order.status];
  const top = doc.page.margins.top;

  doc.font(FONT.bold).fontSize(9).fillColor(COLORS.gold).text("AURELIA ATELIER", w.left, top, { characterSpacing: 3, lineBreak: false });
  doc
    .font(FONT.sans)
    .fontSize(8.5)
    .fillColor(COLORS.muted)
    .text("Certified fine jewellery, made to order", w.left, top, { width: w.width, align: "right", lineBreak: false });

  doc
    .font(FONT.serif)
    .fontSize(26)
    .fillColor(COLORS.ink)
    .text(`Order ${pdfText(order.order_number)}`, w.left, top + 24, { width: w.width });
  doc
    .font(FONT.sans)
    .fontSize(11)
    .fillColor(COLORS.muted)
    .text(pdfText(order.design.name) || "Untitled design", w.left, doc.y + 2, { width: w.width, height: 40, ellipsis: true });

  // Status badge with its text (never colour alone), then the progress bar.
  const y = doc.y + 10;
  const tone = TONE_COLORS[info.tone];
  doc.font(FONT.bold).fontSize(9);
  const label = info.label.toUpperCase();
  const badgeWidth = doc.widthOfString(label, { characterSpacing: 1 }) + 20;
  doc.roundedRect(w.left, y, badgeWidth, 18, 9).fillOpacity(0.12).fill(tone).fillOpacity(1);
  doc.fillColor(tone).text(label, w.left + 10, y + 5, { characterSpacing: 1, lineBreak: false });

  const barX = w.left + badgeWidth + 16;
  const barWidth = 150;
  // A cancelled order is not "0% complete": it has stopped, and its badge says so.
  if (order.status !== "cancelled") {
    doc.roundedRect(barX, y + 7, barWidth, 4, 2).fill(COLORS.rule);
    if (info.progress > 0) doc.roundedRect(barX, y + 7, (barWidth * info.progress) / 100, 4, 2).fill(COLORS.gold);
    doc
      .font(FONT.sans)
      .fontSize(9)
      .fillColor(COLORS.ink)
      .text(`${info.progress}% complete`, barX + barWidth + 10, y + 4.5, { lineBreak: false });
  }

  doc
    .font(FONT.sans)
    .fontSize(8.5)
    .fillColor(COLORS.gold)
    .text(orderUrl, w.left, y + 28, { width: w.width, link: orderUrl, underline: false, height: 24, ellipsis: true });
  doc.x = w.left;
  doc.y = Math.max(doc.y, y + 40);
  w.rule(doc.y, COLORS.gold);
  doc.y += 4;
}

export function dates(w: Writer, order: Order, generatedAt: Date): void {
  w.section("Order");
  const rows: [string, string][] = [
    ["Order number", order.order_number],
    [
      "Status",
      order.status === "cancelled"
        ? "Cancelled"
        : `${ORDER_STATUS_INFO[order.status].label} (${ORDER_STATUS_INFO[order.status].progress}%)`,
    ],
    ["Order type", order.order_type],
    ["Placed", w.dateTime(order.created_at)],
    ["Last updated", w.dateTime(order.updated_at)],
    ["Currency", order.currency],
  ];
  if (order.quoted_price) rows.push(["Quoted price", w.money(order.quoted_price)]);
  if (order.customer) {
    const name = `${order.customer.first_name} ${order.customer.last_name}`.trim();
    rows.push(["Customer", [name, order.customer.email, order.customer.phone_number].filter(Boolean).join(" · ")]);
  }
  if (order.status === "cancelled" && order.cancel_reason) rows.push(["Cancelled because", order.cancel_reason]);
  rows.push(["Document generated", w.dateTime(generatedAt)]);
  w.fields(rows);
}

export function design(w: Writer, order: Order): void {
  const d = order.design;
  w.section("Design");
  const rows: [string, string][] = [
    ["Name", d.name],
    ["Type", DESIGN_TYPE_LABELS[d.design_type]],
    ["Source", d.source === "link" ? "Product link" : "Custom design"],
  ];
  if (d.inspiration_link) rows.push(["Inspiration", d.inspiration_link]);
  w.fields(rows);
  if (d.description.trim()) {
    w.subheading("Description");
    w.paragraph(d.description);
  }
  designFields(w, order);
}

/** Every field the customer filled in, under the custom form's section titles; empty ones are left out. */
function designFields(w: Writer, order: Order): void {
  // The standard fonts cannot draw "₹": amounts carry the currency's code.
  const groups = designFieldGroups(order.design.details, { money: (amount, currency) => formatMoneyWithCode(String(amount), currency) });
  for (const group of groups) {
    w.subheading(group.title);
    w.fields(group.rows.map((r): [string, string] => [r.label, r.value]));
  }
}

/** Each certificate with its lab, number, date, the stone it covers and the lab's public check. */
export function certificates(w: Writer, order: Order): void {
  if (order.certificates.length === 0) return;
  const { doc } = w;
  w.section("Certificates");
  for (const c of order.certificates) {
    w.subheading(`${CERTIFICATE_TYPE_LABELS[c.type]} certificate`, c.number);
    const rows: [string, string][] = [
      ["Issuing lab", c.lab],
      ["Number", c.number],
      ["Issued", w.shortDate(`${c.issued_on}T00:00:00Z`)],
      ["Covers", c.stone || "The whole piece"],
    ];
    if (c.verify_url) rows.push([certificateVerifyLabel(c.type), c.verify_url]);
    w.fields(rows);
    if (c.verify_url) {
      // The row above shows the address; this line makes it a link in viewers that follow them.
      doc
        .font(FONT.sans)
        .fontSize(8.5)
        .fillColor(COLORS.gold)
        .text(pdfText(`${certificateVerifyLabel(c.type)} (opens the lab's report check)`), w.left, doc.y, {
          width: w.width,
          link: c.verify_url,
          underline: true,
        });
      doc.y += 4;
    }
  }
}

export function estimate(w: Writer, order: Order): void {
  const e = order.estimate;
  if (!e) {
    w.section("Instant estimate");
    w.paragraph("The instant estimate of this design cannot be shown: its figures are beyond what we price.", {
      color: COLORS.muted,
      size: 9,
      italic: true,
    });
    return;
  }
  const money = (a: string) => formatMoneyWithCode(a, e.currency);
  w.section("Instant estimate");
  w.table(
    [
      { header: "Item", width: 0.72 },
      { header: `Amount (${e.currency})`, width: 0.28, align: "right" },
    ],
    [
      ...e.lines.map((l) => [l.label, money(l.amount)]),
      [
        { text: "Estimate", bold: true },
        { text: money(e.point), bold: true },
      ],
    ],
  );
  const rows: [string, string][] = [["Range", `${money(e.low)} to ${money(e.high)}`]];
  if (e.retail_price) {
    rows.push(["Retail price seen", money(e.retail_price)]);
    if (e.savings_percent !== null) rows.push(["Saving", `${e.savings_percent}% below the retail price`]);
  }
  rows.push(["Pricing table", `Version ${e.pricing_version}`]);
  w.fields(rows);
  if (e.assumptions.length > 0) {
    w.paragraph(`Assumptions: ${e.assumptions.join("; ")}.`, { color: COLORS.muted, size: 9, italic: true });
  }
}

export function quotes(w: Writer, order: Order): void {
  w.section("Quotes");
  if (order.quotes.length === 0) {
    w.paragraph(order.status === "cancelled" ? "No quote was issued." : "No quote has been issued yet.", { color: COLORS.muted });
    return;
  }
  order.quotes.forEach((q, index) => {
    const money = (a: string) => formatMoneyWithCode(a, q.currency);
    w.subheading(`Quote ${index + 1}`, `${QUOTE_STATUS_INFO[q.status].label} · issued ${w.date(q.created_at)}`);
    w.table(
      [
        { header: "Item", width: 0.72 },
        { header: `Amount (${q.currency})`, width: 0.28, align: "right" },
      ],
      [
        ...q.line_items.map((l) => [l.label, money(l.amount)]),
        // The tax lines after the lines before tax (a quote from before tax has none).
        ...(q.tax
          ? [
              ["Subtotal before tax", money(q.tax.taxable)],
              ...(q.tax.lines.length > 0
                ? q.tax.lines.map((l) => [`${l.label} at ${l.rate}%`, money(l.amount)])
                : [[TAX_REGIME_LABELS[q.tax.regime], money(q.tax.tax)]]),
            ]
          : []),
        [
          { text: q.tax ? "Total incl. tax" : "Total", bold: true },
          { text: money(q.amount), bold: true },
        ],
      ],
    );
    const rows: [string, string][] = [
      ["Advance", `${q.advance_percent}% · ${money(q.advance_amount)}`],
      ["Balance", money(q.balance_amount)],
      ["Valid until", w.date(q.valid_until)],
      ["Status", QUOTE_STATUS_INFO[q.status].label],
    ];
    if (q.responded_at) rows.push(["Answered", w.dateTime(q.responded_at)]);
    if (q.decline_reason) rows.push(["Reason for declining", q.decline_reason]);
    w.fields(rows);
    if (q.note.trim()) {
      w.paragraph("Note from the atelier", { color: COLORS.muted, size: 8.5 });
      w.paragraph(q.note, { size: 9.5 });
    }
  });
}

export function payments(w: Writer, order: Order): void {
  w.section("Payments");
  if (order.payments.length === 0) {
    w.paragraph(order.status === "cancelled" ? "No payment was recorded." : "No payment has been recorded yet.", { color: COLORS.muted });
  } else {
    w.table(
      [
        { header: "Date", width: 0.17 },
        { header: "Kind", width: 0.13 },
        { header: "Reference", width: 0.3 },
        { header: "Status", width: 0.2 },
        { header: "Amount", width: 0.2, align: "right" },
      ],
      order.payments.map((p) => [
        w.shortDate(p.created_at),
        PAYMENT_KIND_LABELS[p.kind],
        p.reference,
        {
          text:
            p.status === "rejected" && p.rejection_reason
              ? `${PAYMENT_STATUS_INFO[p.status].label}: ${p.rejection_reason}`
              : PAYMENT_STATUS_INFO[p.status].label,
          color: TONE_COLORS[PAYMENT_STATUS_INFO[p.status].tone],
        },
        formatMoneyWithCode(p.amount, p.currency),
      ]),
    );
  }
  if (order.refunds.length > 0) refunds(w, order);
  w.fields([
    ["Amount paid", w.money(order.amount_paid)],
    ...(order.amount_refunded !== "0.00" ? ([["Refunded", w.money(order.amount_refunded)]] as [string, string][]) : []),
    // As the order page: the balance is due once the CAD design is approved; before that, the total.
    orderShowsBalance(order.status) || order.balance_due === null
      ? ["Balance due", order.balance_due === null ? "Set when a quote is accepted" : w.money(order.balance_due)]
      : ["Total", order.quoted_price === null ? "Set when a quote is accepted" : w.money(order.quoted_price)],
  ]);
}

/** Refunds are money back: listed after the payments, as negative amounts. */
function refunds(w: Writer, order: Order): void {
  w.table(
    [
      { header: "Date", width: 0.17 },
      { header: "Refund of", width: 0.13 },
      { header: "Reference", width: 0.3 },
      { header: "Status", width: 0.2 },
      { header: "Amount", width: 0.2, align: "right" },
    ],
    order.refunds.map((r) => [
      w.shortDate(r.created_at),
      PAYMENT_KIND_LABELS[r.payment_kind],
      r.reference || r.provider_refund_id,
      { text: REFUND_STATUS_INFO[r.status].label, color: TONE_COLORS[REFUND_STATUS_INFO[r.status].tone] },
      `-${formatMoneyWithCode(r.amount, r.currency)}`,
    ]),
  );
}

export function shipment(w: Writer, order: Order): void {
  w.section("Shipment");
  const to: [string, string][] = order.delivery_address ? [["Ships to", addressLines(order.delivery_address).join(", ")]] : [];
  if (!order.shipment) {
    w.paragraph(order.status === "cancelled" ? "Not shipped: the order was cancelled." : "Not shipped yet.", { color: COLORS.muted });
    if (to.length > 0) w.fields(to);
    return;
  }
  w.fields([...to, ["Carrier", order.shipment.carrier], ["Tracking number", order.shipment.tracking_number]]);
}

function eventTitle(e: OrderEvent): string {
  const from = e.from_status ? ORDER_STATUS_INFO[e.from_status].label : null;
  const to = e.to_status ? ORDER_STATUS_INFO[e.to_status].label : null;
  if (e.type === "status_change" && from && to) return `${from} to ${to}`;
  if (e.type === "status_change" && to) return `Moved to ${to}`;
  return ORDER_EVENT_INFO[e.type].label;
}

export function history(w: Writer, order: Order): void {
  w.section("History");
  if (order.events.length === 0) {
    w.paragraph("Nothing has happened yet.", { color: COLORS.muted });
    return;
  }
  const events = [...order.events].sort((a, b) => a.created_at.localeCompare(b.created_at));
  w.table(
    [
      { header: "When (UTC)", width: 0.25 },
      { header: "What", width: 0.5 },
      { header: "By", width: 0.25 },
    ],
    events.map((e) => [
      { text: w.dateTimeUtc(e.created_at), color: COLORS.muted },
      { text: e.note.trim() ? `${eventTitle(e)}\n${e.note.trim()}` : eventTitle(e) },
      personLabel(e.actor),
    ]),
  );
}

/** "Page n of m" and the order number on every page, drawn once all pages exist. */
export function footers(w: Writer, order: Order, generatedAt: Date): void {
  pageFooters(w, `Aurelia Atelier · Order ${pdfText(order.order_number)} · Generated ${w.date(generatedAt)}`);
}
