import type { Currency, Estimate, Order, Quote, QuoteFormValues, TaxBreakdown } from "@atelier/contract";

export const DEFAULT_ADVANCE_PERCENT = 50;
export const DEFAULT_VALID_DAYS = 14;

/**
 * A quote starts from the estimate's lines, in its currency, with the usual advance and validity;
 * without an estimate (one that cannot be shown), from one empty line in `currency`.
 */
export function draftFromEstimate(estimate: Estimate | null, currency: Currency = "INR"): QuoteFormValues {
  return {
    line_items: estimate
      ? estimate.lines.map((l) => ({ label: l.label, amount: l.amount, ...(isMakingLine(l.label) ? { making: true } : {}) }))
      : [{ label: "", amount: "" }],
    currency: estimate?.currency ?? currency,
    advance_percent: String(DEFAULT_ADVANCE_PERCENT),
    valid_days: String(DEFAULT_VALID_DAYS),
    note: "",
  };
}

/**
 * The estimate's making charges: its "Labour: making charge for …" and "Setting: …" lines (the
 * pricing engine's labels), taxed at the making charges' rate when the tax rules bill them separately.
 */
export const isMakingLine = (label: string): boolean => /^(Labour|Setting):/.test(label);

/** The lines' sums before tax, in cents: the making charges and the rest. */
export function splitCents(lines: readonly { amount: string; making?: boolean | undefined }[]): { goods: number; making: number } {
  const making = totalCents(lines.filter((l) => l.making));
  return { goods: totalCents(lines) - making, making };
}

/**
 * A replacing quote starts from the quote it replaces (its lines, currency, advance and note), not
 * from the estimate: what staff already told the customer is the starting point of the change.
 */
export function draftFromQuote(quote: Quote): QuoteFormValues {
  return {
    line_items:
      quote.line_items.length > 0
        ? quote.line_items.map((l) => ({ label: l.label, amount: l.amount, ...(l.making ? { making: true } : {}) }))
        : [{ label: "", amount: quote.amount }],
    currency: quote.currency,
    advance_percent: String(quote.advance_percent),
    valid_days: String(DEFAULT_VALID_DAYS),
    note: quote.note,
  };
}

/**
 * An estimate's line says how it was worked out ("Setting: 1 stone at ₹250.00 each"). Once its
 * amount is changed that is no longer true, so the label keeps only what the line covers
 * ("Setting"). A label staff wrote themselves, or a line whose amount is still the computed one,
 * is left as it is.
 */
export function labelAfterAmountEdit(label: string, amount: string, estimate: Estimate | null): string {
  const computed = estimate?.lines.find((l) => l.label === label);
  if (!computed || toCents(amount) === toCents(computed.amount)) return label;
  const head = label.split(":")[0]!.trim();
  return head || label;
}

/** An amount typed by a person ("1,250.5") in cents, or null when it is not an amount. */
export function toCents(text: string): number | null {
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.trim().replaceAll(",", ""));
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0"));
}

export const fromCents = (cents: number): string => `${Math.trunc(cents / 100)}.${String(Math.abs(cents) % 100).padStart(2, "0")}`;

/** The sum of the lines that are amounts, in cents. */
export function totalCents(lines: readonly { amount: string }[]): number {
  return lines.reduce((sum, l) => sum + (toCents(l.amount) ?? 0), 0);
}

/** The advance as the server computes it: the percentage of the total, rounded half up to the cent. */
export function advanceCents(total: number, percent: number): number {
  return Math.round((total * Math.round(percent * 100)) / 10_000);
}

const numberOr = (text: string, fallback: number) => {
  const n = Number(text);
  return text.trim() !== "" && Number.isFinite(n) ? n : fallback;
};

/**
 * The quote the customer will see, for the preview. `tax`: the server's tax on these lines (the
 * quote's amount is then its total incl. tax, and the advance a share of it); null while unknown.
 */
export function previewQuote(draft: QuoteFormValues, order: Order, now = new Date(), tax: TaxBreakdown | null = null): Quote {
  const lines = draft.line_items.map((l) => ({
    label: l.label.trim() || "Untitled line",
    amount: fromCents(toCents(l.amount) ?? 0),
    ...(l.making ? { making: true } : {}),
  }));
  const subtotal = totalCents(draft.line_items);
  const withTax = tax && tax.taxable === fromCents(subtotal) ? tax : null;
  const total = withTax ? (toCents(withTax.total) ?? subtotal) : subtotal;
  const percent = Math.min(100, Math.max(0, numberOr(draft.advance_percent, DEFAULT_ADVANCE_PERCENT)));
  const advance = advanceCents(total, percent);
  const days = Math.min(365, Math.max(1, Math.trunc(numberOr(draft.valid_days, DEFAULT_VALID_DAYS))));
  return {
    id: "preview",
    order_id: order.id,
    order_number: order.order_number,
    design_name: order.design.name,
    amount: fromCents(total),
    currency: draft.currency,
    line_items: lines,
    advance_percent: percent,
    advance_amount: fromCents(advance),
    balance_amount: fromCents(total - advance),
    valid_until: new Date(now.getTime() + days * 24 * 3600_000).toISOString(),
    note: draft.note.trim(),
    status: "pending",
    decline_reason: "",
    created_at: now.toISOString(),
    responded_at: null,
    tax: withTax,
  };
}
