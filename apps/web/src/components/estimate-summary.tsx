import type { Estimate } from "@atelier/contract";
import { Sparkles } from "lucide-react";
import { cn } from "@/lib/cn";
import { amountFormatter } from "@/lib/format";
import { TaxRows } from "./tax-rows";

/**
 * The pricing engine's instant estimate (DOMAIN.md): every line, the tax on the point estimate
 * and its total incl. tax (when the estimate carries them), the range around the point estimate and, for a design saved from a shop's link with a price, the saving against it.
 */
export function EstimateSummary({
  estimate,
  className,
  headingLevel = 2,
}: {
  estimate: Estimate;
  className?: string;
  headingLevel?: 2 | 3;
}) {
  const money = amountFormatter(estimate.currency);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const saving = estimate.retail_price !== null && estimate.savings_percent !== null && estimate.savings_percent > 0;
  return (
    <section aria-label="Your instant estimate" className={cn("flex flex-col gap-4", className)}>
      <div className="flex items-start justify-between gap-3">
        <div>
          <Heading className="text-2xl">Your instant estimate</Heading>
          <p className="mt-1 text-xs text-muted">From our pricing table; your jeweller confirms it in the quote.</p>
        </div>
        <Sparkles className="mt-1 size-5 shrink-0 text-accent" aria-hidden />
      </div>
      <dl className="flex flex-col divide-y divide-border text-sm">
        {estimate.lines.map((line, i) => (
          <div key={`${line.label}-${i}`} className="flex items-baseline justify-between gap-4 py-2">
            <dt className="min-w-0 text-muted">{line.label}</dt>
            <dd className="shrink-0 tabular-nums">{money(line.amount)}</dd>
          </div>
        ))}
        <div className="flex items-baseline justify-between gap-4 py-2 font-medium">
          <dt>Estimate</dt>
          <dd className="shrink-0 tabular-nums">{money(estimate.point)}</dd>
        </div>
        {estimate.tax && <TaxRows tax={estimate.tax} currency={estimate.currency} totalLabel="Estimate incl. tax" />}
      </dl>
      {estimate.tax && (
        <p className="text-xs text-muted">
          {estimate.currency === "INR"
            ? "Tax as for a delivery in our state; the quote works it out for your delivery address."
            : "Tax as for a delivery abroad; the quote works it out for your delivery address."}
        </p>
      )}
      <p className="rounded-md bg-accent-soft/60 px-4 py-3 text-sm">
        Expected range <span className="font-medium tabular-nums">{money(estimate.low)}</span> to{" "}
        <span className="font-medium tabular-nums">{money(estimate.high)}</span>
      </p>
      {saving && estimate.retail_price !== null && (
        <p className="rounded-md bg-success-soft px-4 py-3 text-sm text-success" data-testid="estimate-saving">
          About <span className="font-semibold">{Math.round(estimate.savings_percent ?? 0)}% less</span> than the shop&apos;s price of{" "}
          <span className="tabular-nums">{money(estimate.retail_price)}</span>
        </p>
      )}
      {estimate.assumptions.length > 0 && (
        <ul className="flex list-disc flex-col gap-1 pl-5 text-xs text-muted" aria-label="Assumptions">
          {estimate.assumptions.map((a) => (
            <li key={a}>{a}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
