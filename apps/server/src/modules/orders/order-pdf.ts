import {
  CERTIFICATE_TYPE_LABELS,
  certificateVerifyLabel,
  DESIGN_TYPE_LABELS,
  ORDER_EVENT_INFO,
  ORDER_STATUS_INFO,
  PAYMENT_STATUS_INFO,
  personLabel,
  QUOTE_STATUS_INFO,
  type Currency,
  type Order,
  type OrderEvent,
  type PaymentKind,
  type Tone,
} from "@atelier/contract";
import PDFDocument from "pdfkit";
import { formatDate, formatDateTime, formatMoneyWithCode, localeOf } from "../../lib/email/format.ts";

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

// ---- layout constants ----

const MARGIN = 56;
const FOOTER_SPACE = 24;
const COLORS = {
  ink: "#1E1B18",
  muted: "#6B645C",
  gold: "#8A6A3B",
  rule: "#E8E1D6",
  ivory: "#FBF8F3",
  garnet: "#9B2335",
} as const;
const TONE_COLORS: Record<Tone, string> = {
  neutral: "#6B645C",
  gold: "#8A6A3B",
  blue: "#2F5D8A",
  green: "#1F7A5A",
  garnet: "#9B2335",
};
const FONT = { serif: "Times-Roman", sans: "Helvetica", bold: "Helvetica-Bold", italic: "Helvetica-Oblique" } as const;

const PAYMENT_KIND_LABELS: Record<PaymentKind, string> = { advance: "Advance", balance: "Balance" };

// ---- text that the standard fonts can draw ----

/** The characters of WinAnsiEncoding above Latin-1's printable range (0x80-0x9F). */
const WIN_ANSI_EXTRA = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");
const REPLACEMENTS: Record<string, string> = {
  "→": "->",
  "←": "<-",
  "≤": "<=",
  "≥": ">=",
  "−": "-",
  "‐": "-",
  "‑": "-",
  "′": "'",
  "″": '"',
  "₹": "INR ",
  Ł: "L",
  ł: "l",
  Đ: "D",
  đ: "d",
  ı: "i",
};

/**
 * Text as PDFKit's standard fonts can encode it (WinAnsi): accents are kept where Latin-1 has
 * them, dropped where it does not, other characters become "?". Control characters go, line
 * breaks stay.
 */
export function pdfText(input: string): string {
  let out = "";
  for (const ch of input.normalize("NFC")) {
    const code = ch.codePointAt(0) ?? 0;
    if (ch === "\n" || ch === "\t") out += ch === "\t" ? " " : ch;
    else if (ch === "\r") continue;
    else if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch)) out += ch;
    else if (/\s/.test(ch)) out += " ";
    else if (REPLACEMENTS[ch] !== undefined) out += REPLACEMENTS[ch];
    else if (code < 0x20 || (code >= 0x7f && code < 0xa0)) continue;
    else {
      const base = ch.normalize("NFKD").replace(/\p{M}/gu, "");
      out += base && [...base].every((c) => (c.codePointAt(0) ?? 0) <= 0xff) ? base : "?";
    }
  }
  return out;
}

// ---- a small writer over PDFKit ----

interface Column {
  header: string;
  /** A share of the table width. */
  width: number;
  align?: "left" | "right";
}
interface Cell {
  text: string;
  bold?: boolean;
  color?: string;
}

class Writer {
  readonly left: number;
  readonly width: number;

  constructor(
    readonly doc: PDFKit.PDFDocument,
    readonly currency: Currency,
  ) {
    this.left = doc.page.margins.left;
    this.width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  }

  get bottom(): number {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }

  money(amount: string): string {
    return formatMoneyWithCode(amount, this.currency);
  }

  date(iso: string | Date): string {
    return formatDate(iso, this.currency);
  }

  /** "3 Nov 2026". */
  shortDate(iso: string | Date): string {
    return new Intl.DateTimeFormat(localeOf(this.currency), { dateStyle: "medium", timeZone: "UTC" }).format(new Date(iso));
  }

  /** "3 Nov 2026, 3:00 pm UTC". */
  dateTime(iso: string | Date): string {
    return formatDateTime(iso, this.currency);
  }

  /** "3 Nov 2026, 3:00 pm", for columns headed "(UTC)". */
  dateTimeUtc(iso: string | Date): string {
    return new Intl.DateTimeFormat(localeOf(this.currency), { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" })
      .format(new Date(iso))
      .replace(/\s/g, " ");
  }

  /** Starts a new page unless `height` more points fit on this one. */
  ensure(height: number): void {
    if (this.doc.y + height > this.bottom) this.doc.addPage();
  }

  /** A section label in spaced capitals over a hairline; kept with the first lines below it. */
  section(title: string): void {
    const { doc } = this;
    this.ensure(60);
    doc.moveDown(0.8);
    doc
      .font(FONT.bold)
      .fontSize(8.5)
      .fillColor(COLORS.gold)
      .text(title.toUpperCase(), this.left, doc.y, { characterSpacing: 1.6, width: this.width });
    this.rule(doc.y + 3);
    doc.y += 9;
  }

  subheading(text: string, detail?: string): void {
    const { doc } = this;
    this.ensure(40);
    doc
      .font(FONT.serif)
      .fontSize(13)
      .fillColor(COLORS.ink)
      .text(pdfText(text), this.left, doc.y, { width: this.width, continued: Boolean(detail) });
    if (detail)
      doc
        .font(FONT.sans)
        .fontSize(9)
        .fillColor(COLORS.muted)
        .text(`   ${pdfText(detail)}`);
    doc.y += 3;
  }

  rule(y: number, color: string = COLORS.rule): void {
    this.doc
      .moveTo(this.left, y)
      .lineTo(this.left + this.width, y)
      .lineWidth(0.6)
      .strokeColor(color)
      .stroke();
  }

  /** Running text (descriptions, notes): wraps and flows onto new pages by itself. */
  paragraph(text: string, options: { color?: string; italic?: boolean; size?: number } = {}): void {
    const { doc } = this;
    const clean = pdfText(text).trim();
    if (!clean) return;
    doc
      .font(options.italic ? FONT.italic : FONT.sans)
      .fontSize(options.size ?? 10)
      .fillColor(options.color ?? COLORS.ink);
    this.ensure(doc.currentLineHeight(true) * 2);
    doc.text(clean, this.left, doc.y, { width: this.width, lineGap: 2.5, paragraphGap: 4 });
    doc.y += 2;
  }

  /** Label and value pairs in two columns. */
  fields(rows: [string, string][]): void {
    this.table(
      [
        { header: "", width: 0.27 },
        { header: "", width: 0.73 },
      ],
      rows.map(([label, value]) => [{ text: label, color: COLORS.muted }, { text: value || "-" }]),
      { headers: false, rules: false },
    );
  }

  /**
   * A table whose rows grow with their text and move whole to the next page, where the header
   * row is repeated. A row taller than a page is cut with an ellipsis.
   */
  table(columns: Column[], rows: (Cell | string)[][], options: { headers?: boolean; rules?: boolean } = {}): void {
    const { doc } = this;
    const showHeaders = options.headers ?? true;
    const rules = options.rules ?? true;
    const padX = 4;
    const padY = rules ? 4 : 2.5;
    const total = columns.reduce((s, c) => s + c.width, 0);
    const widths = columns.map((c) => (c.width / total) * this.width);
    const xs = widths.map((_, i) => this.left + widths.slice(0, i).reduce((s, v) => s + v, 0));

    const drawHeader = () => {
      if (!showHeaders) return;
      const y = doc.y;
      doc.font(FONT.bold).fontSize(7.5).fillColor(COLORS.muted);
      columns.forEach((c, i) => {
        doc.text(c.header.toUpperCase(), (xs[i] ?? 0) + padX, y + padY, {
          width: (widths[i] ?? 0) - padX * 2,
          align: c.align ?? "left",
          characterSpacing: 0.8,
          lineBreak: false,
        });
      });
      doc.y = y + padY * 2 + doc.currentLineHeight();
      this.rule(doc.y, COLORS.muted);
    };

    const cellStyle = (cell: Cell) => doc.font(cell.bold ? FONT.bold : FONT.sans).fontSize(9.5);
    const measure = (cell: Cell, i: number) => {
      cellStyle(cell);
      return doc.heightOfString(cell.text, { width: (widths[i] ?? 0) - padX * 2, lineGap: 1.5 });
    };

    // What one page holds below a repeated header row.
    const maxTextHeight = this.bottom - doc.page.margins.top - 40;
    this.ensure(60);
    drawHeader();
    for (const raw of rows) {
      const cells = raw.map((c): Cell => (typeof c === "string" ? { text: pdfText(c) } : { ...c, text: pdfText(c.text) }));
      const textHeight = Math.min(maxTextHeight, Math.max(...cells.map(measure)));
      const height = textHeight + padY * 2;
      if (doc.y + height > this.bottom) {
        doc.addPage();
        drawHeader();
      }
      const y = doc.y;
      cells.forEach((cell, i) => {
        cellStyle(cell).fillColor(cell.color ?? COLORS.ink);
        doc.text(cell.text, (xs[i] ?? 0) + padX, y + padY, {
          width: (widths[i] ?? 0) - padX * 2,
          height: textHeight + 1,
          ellipsis: true,
          lineGap: 1.5,
          align: columns[i]?.align ?? "left",
        });
      });
      doc.y = y + height;
      if (rules) this.rule(doc.y);
    }
    doc.x = this.left;
    doc.y += 4;
  }
}

// ---- sections ----

function header(w: Writer, order: Order, orderUrl: string): void {
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
  doc.roundedRect(barX, y + 7, barWidth, 4, 2).fill(COLORS.rule);
  if (info.progress > 0) doc.roundedRect(barX, y + 7, (barWidth * info.progress) / 100, 4, 2).fill(COLORS.gold);
  doc
    .font(FONT.sans)
    .fontSize(9)
    .fillColor(COLORS.ink)
    .text(`${info.progress}% complete`, barX + barWidth + 10, y + 4.5, { lineBreak: false });

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

function dates(w: Writer, order: Order, generatedAt: Date): void {
  w.section("Order");
  const rows: [string, string][] = [
    ["Order number", order.order_number],
    ["Status", `${ORDER_STATUS_INFO[order.status].label} (${ORDER_STATUS_INFO[order.status].progress}%)`],
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

function design(w: Writer, order: Order): void {
  const d = order.design;
  w.section("Design");
  const rows: [string, string][] = [
    ["Name", d.name],
    ["Type", DESIGN_TYPE_LABELS[d.design_type]],
    ["Metal", d.metal],
    ["Stones", d.stones || "None"],
    ["Size", d.size],
    ["Source", d.source === "link" ? "Product link" : "Custom design"],
  ];
  if (d.inspiration_link) rows.push(["Inspiration", d.inspiration_link]);
  w.fields(rows);
  if (d.description.trim()) {
    w.subheading("Description");
    w.paragraph(d.description);
  }
}

/** Each certificate with its lab, number, date, the stone it covers and the lab's public check. */
function certificates(w: Writer, order: Order): void {
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

function estimate(w: Writer, order: Order): void {
  const e = order.estimate;
  if (!e) {
    w.section("Instant estimate");
    w.paragraph("The instant estimate of this design cannot be shown: its figures are beyond what we price.", { color: COLORS.muted, size: 9, italic: true });
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

function quotes(w: Writer, order: Order): void {
  w.section("Quotes");
  if (order.quotes.length === 0) {
    w.paragraph("No quote has been issued yet.", { color: COLORS.muted });
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
        [
          { text: "Total", bold: true },
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

function payments(w: Writer, order: Order): void {
  w.section("Payments");
  if (order.payments.length === 0) {
    w.paragraph("No payment has been recorded yet.", { color: COLORS.muted });
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
  w.fields([
    ["Amount paid", w.money(order.amount_paid)],
    ["Balance due", order.balance_due === null ? "Set when a quote is accepted" : w.money(order.balance_due)],
  ]);
}

function shipment(w: Writer, order: Order): void {
  w.section("Shipment");
  if (!order.shipment) {
    w.paragraph("Not shipped yet.", { color: COLORS.muted });
    return;
  }
  w.fields([
    ["Carrier", order.shipment.carrier],
    ["Tracking number", order.shipment.tracking_number],
  ]);
}

function eventTitle(e: OrderEvent): string {
  const from = e.from_status ? ORDER_STATUS_INFO[e.from_status].label : null;
  const to = e.to_status ? ORDER_STATUS_INFO[e.to_status].label : null;
  if (e.type === "status_change" && from && to) return `${from} to ${to}`;
  if (e.type === "status_change" && to) return `Moved to ${to}`;
  return ORDER_EVENT_INFO[e.type].label;
}

function history(w: Writer, order: Order): void {
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
function footers(w: Writer, order: Order, generatedAt: Date): void {
  const { doc } = w;
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottomMargin = doc.page.margins.bottom;
    // Writing inside the bottom margin would otherwise start a new page.
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN + 4;
    doc
      .moveTo(w.left, y - 8)
      .lineTo(w.left + w.width, y - 8)
      .lineWidth(0.6)
      .strokeColor(COLORS.rule)
      .stroke();
    doc
      .font(FONT.sans)
      .fontSize(8)
      .fillColor(COLORS.muted)
      .text(`Aurelia Atelier · Order ${pdfText(order.order_number)} · Generated ${w.date(generatedAt)}`, w.left, y, { lineBreak: false });
    doc.text(`Page ${i - range.start + 1} of ${range.count}`, w.left, y, { width: w.width, align: "right", lineBreak: false });
    doc.page.margins.bottom = bottomMargin;
  }
}
