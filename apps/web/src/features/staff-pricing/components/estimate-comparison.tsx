import type { Estimate } from "@atelier/contract";
import { ArrowDownRight, ArrowRight, ArrowUpRight } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@/lib/cn";
import { amountFormatter } from "@/lib/format";

/** The two estimates of one design side by side: under the tables in force and under the draft. */
export function EstimateComparison({ current, draft }: { current: Estimate; draft: Estimate }) {
  const money = amountFormatter(draft.currency);
  const diff = Number(draft.point) - Number(current.point);
  const percent = Number(current.point) > 0 ? (diff / Number(current.point)) * 100 : 0;
  const sign = diff > 0 ? "+" : diff < 0 ? "−" : "";
  const Arrow = diff > 0 ? ArrowUpRight : diff < 0 ? ArrowDownRight : ArrowRight;
  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-4 md:grid-cols-2">
        <EstimateColumn
          testId="estimate-current"
          title="In force"
          subtitle={`Version ${current.pricing_version}`}
          estimate={current}
          money={money}
        />
        <EstimateColumn
          testId="estimate-draft"
          title="Draft"
          subtitle={`As version ${draft.pricing_version}`}
          estimate={draft}
          money={money}
          compareTo={current}
          badge={
            <span
              className={cn(
                "inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-medium tabular-nums",
                diff === 0 ? "border-border bg-surface-muted text-foreground/80" : "border-accent/30 bg-accent-soft text-accent-hover",
              )}
              data-testid="estimate-difference"
            >
              <Arrow className="size-3.5" aria-hidden />
              {diff === 0 ? "No change" : `${sign}${money(Math.abs(diff).toFixed(2))} (${sign}${Math.abs(percent).toFixed(1)}%)`}
            </span>
          }
        />
      </div>
      {draft.assumptions.length > 0 && (
        <div className="text-xs text-muted">
          <p className="font-medium">Assumed for this design</p>
          <ul className="mt-1 flex list-disc flex-col gap-0.5 pl-5">
            {draft.assumptions.map((a) => (
              <li key={a}>{a}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

function EstimateColumn({
  testId,
  title,
  subtitle,
  estimate,
  money,
  compareTo,
  badge,
}: {
  testId: string;
  title: string;
  subtitle: string;
  estimate: Estimate;
  money: (amount: string) => string;
  compareTo?: Estimate;
  badge?: ReactNode;
}) {
  const isDraft = compareTo !== undefined;
  return (
    <section
      aria-label={`${title} estimate`}
      className={cn(
        "flex min-w-0 flex-col gap-4 rounded-[var(--radius-card)] border px-5 py-4",
        isDraft ? "border-accent/40 bg-accent-soft/25" : "border-border bg-background/60",
      )}
      data-testid={testId}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="eyebrow font-sans">{title}</h3>
          <p className="text-xs text-muted">{subtitle}</p>
        </div>
        {badge}
      </div>
      <div>
        <p className="font-display text-4xl leading-none tabular-nums" data-testid="estimate-point">
          {money(estimate.point)}
        </p>
        <p className="mt-2 text-xs text-muted">
          Range <span className="tabular-nums">{money(estimate.low)}</span> to <span className="tabular-nums">{money(estimate.high)}</span>
        </p>
      </div>
      <dl className="flex flex-col divide-y divide-border text-sm">
        {estimate.lines.map((line, i) => {
          const before = compareTo?.lines[i];
          const changed = isDraft && (before?.amount !== line.amount || before.label !== line.label);
          return (
            <div key={`${line.label}-${i}`} className="flex items-baseline justify-between gap-4 py-2" data-changed={changed || undefined}>
              <dt className={cn("min-w-0", changed ? "text-foreground" : "text-muted")}>
                {changed && (
                  <>
                    <span className="mr-1.5 inline-block size-1.5 -translate-y-0.5 rounded-full bg-accent" aria-hidden />
                    <span className="sr-only">Changed: </span>
                  </>
                )}
                {line.label}
              </dt>
              <dd className={cn("shrink-0 tabular-nums", changed && "font-medium")}>{money(line.amount)}</dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}
