import type { Currency, Tone } from "@atelier/contract";
import PDFDocument from "pdfkit";
import { formatDate, formatDateTime, formatMoneyWithCode, localeOf } from "../../lib/email/format.ts";
import { pdfText } from "./order-pdf-text.ts";

// The layout primitives of the order's PDF: page geometry, colours, fonts and a small writer over PDFKit.

// ---- layout constants ----

export const MARGIN = 56;
export const FOOTER_SPACE = 24;
export const COLORS = {
  ink: "#1E1B18",
  muted: "#6B645C",
  gold: "#8A6A3B",
  rule: "#E8E1D6",
  ivory: "#FBF8F3",
  garnet: "#9B2335",
} as const;
export const TONE_COLORS: Record<Tone, string> = {
  neutral: "#6B645C",
  gold: "#8A6A3B",
  blue: "#2F5D8A",
  green: "#1F7A5A",
  garnet: "#9B2335",
};
/**
 * A new A4 document in the house layout (margins, footer space, metadata) and the promise of its
 * bytes once `doc.end()` is called. Every PDF the product prints (order, packing slip, invoice)
 * opens here.
 */
export function openA4Document(info: { title: string; subject: string; author?: string; date: Date; compress?: boolean | undefined }) {
  const doc = new PDFDocument({
    size: "A4",
    margins: { top: MARGIN, bottom: MARGIN + FOOTER_SPACE, left: MARGIN, right: MARGIN },
    bufferPages: true,
    compress: info.compress ?? true,
    lang: "en",
    displayTitle: true,
    info: {
      Title: pdfText(info.title),
      Author: pdfText(info.author ?? "Aurelia Atelier"),
      Subject: pdfText(info.subject),
      Creator: "Aurelia Atelier",
      CreationDate: info.date,
      ModDate: info.date,
    },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  return { doc, finished };
}

export const FONT = { serif: "Times-Roman", sans: "Helvetica", bold: "Helvetica-Bold", italic: "Helvetica-Oblique" } as const;

// ---- a small writer over PDFKit ----

export interface Column {
  header: string;
  /** A share of the table width. */
  width: number;
  align?: "left" | "right";
}
export interface Cell {
  text: string;
  bold?: boolean;
  color?: string;
}

/** The footer of every page (a rule, `left`, and "Page n of m" on the right), drawn once all pages exist. */
export function pageFooters(w: Writer, left: string): void {
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
    doc.font(FONT.sans).fontSize(8).fillColor(COLORS.muted).text(left, w.left, y, { lineBreak: false });
    doc.text(`Page ${i - range.start + 1} of ${range.count}`, w.left, y, { width: w.width, align: "right", lineBreak: false });
    doc.page.margins.bottom = bottomMargin;
  }
}

export class Writer {
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
