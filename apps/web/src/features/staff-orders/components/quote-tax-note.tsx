import type { Currency, TaxBreakdown } from "@atelier/contract";
import type { ComponentProps } from "react";
import { TAX_REGIME_LABELS } from "@atelier/contract";
import { amountFormatter } from "@/lib/format";

/**
 * Under the builder's total (before tax): the tax the quote will carry for this order's delivery
 * and its total incl. tax, as the server works them out; a quiet line while that is being asked,
 * and a plain sentence when it could not be.
 */
export function QuoteTaxNote({
  tax,
  currency,
  loading,
  failed,
}: {
  tax: TaxBreakdown | null;
  currency: Currency;
  loading: boolean;
  failed: boolean;
}) {
  const money = amountFormatter(currency);
  if (tax) {
    const lines =
      tax.lines.length > 0 ? tax.lines.map((l) => `${l.code} ${l.rate}% ${money(l.amount)}`).join(" + ") : TAX_REGIME_LABELS[tax.regime];
    return (
      <p className="text-sm" data-testid="quote-tax">
        <span className="text-muted">Before tax. {lines}. </span>
        <span className="font-medium">
          Total incl. tax <span className="tabular-nums">{money(tax.total)}</span>
        </span>
      </p>
    );
  }
  if (failed)
    return <p className="text-xs text-muted">The tax could not be worked out here; the server adds it when the quote is issued.</p>;
  return (
    <p className="text-xs text-muted" aria-busy={loading}>
      Working out the tax…
    </p>
  );
}

/** A quote line's "making charge" mark, shown when the tax rules bill making charges at their own rate. */
export function MakingCheckbox({ id, line, ...input }: { id: string; line: number } & Omit<ComponentProps<"input">, "id" | "type">) {
  return (
    <label htmlFor={id} className="flex items-center justify-end gap-2 text-xs text-muted">
      <input
        id={id}
        type="checkbox"
        className="size-3.5 accent-[var(--color-accent)]"
        aria-label={`Line ${line} is a making charge`}
        {...input}
      />
      Making charge
    </label>
  );
}
