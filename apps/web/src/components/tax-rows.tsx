import { TAX_REGIME_LABELS, type TaxBreakdown } from "@atelier/contract";
import { amountFormatter } from "@/lib/format";

/**
 * A price's tax as rows of a <dl> (shared by the quote and the estimate): the subtotal before tax,
 * one row per tax line ("CGST at 1.50%") or, for an export, why there is none, and the total incl.
 * tax. Every figure is the server's exact decimal, in `currency`.
 */
export function TaxRows({ tax, currency, totalLabel = "Total incl. tax" }: { tax: TaxBreakdown; currency: string; totalLabel?: string }) {
  const money = amountFormatter(currency);
  return (
    <>
      <div className="flex items-baseline justify-between gap-4 py-2">
        <dt className="text-muted">Subtotal before tax</dt>
        <dd className="shrink-0 tabular-nums">{money(tax.taxable)}</dd>
      </div>
      {tax.lines.length === 0 ? (
        <div className="flex items-baseline justify-between gap-4 py-2" data-testid="tax-line">
          <dt className="text-muted">{TAX_REGIME_LABELS[tax.regime]}</dt>
          <dd className="shrink-0 tabular-nums">{money(tax.tax)}</dd>
        </div>
      ) : (
        tax.lines.map((line, i) => (
          <div key={`${line.code}-${line.label}-${i}`} className="flex items-baseline justify-between gap-4 py-2" data-testid="tax-line">
            <dt className="text-muted">
              {line.label} at {line.rate}%
            </dt>
            <dd className="shrink-0 tabular-nums">{money(line.amount)}</dd>
          </div>
        ))
      )}
      <div className="flex items-baseline justify-between gap-4 py-2 text-base font-semibold">
        <dt>{totalLabel}</dt>
        <dd className="shrink-0 tabular-nums">{money(tax.total)}</dd>
      </div>
    </>
  );
}
