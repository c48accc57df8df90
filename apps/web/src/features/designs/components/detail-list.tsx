import type { DetailRow } from "../utils/design-details";
import { cn } from "@/lib/cn";

/** Label/value pairs of a design, e.g. Metal: Gold. */
export function DetailList({ rows, className }: { rows: DetailRow[]; className?: string }) {
  return (
    <dl className={cn("grid grid-cols-[minmax(6.5rem,auto)_1fr] gap-x-4 gap-y-1.5 text-sm", className)}>
      {rows.map((r) => (
        <div key={r.label} className="contents">
          <dt className="text-muted">{r.label}</dt>
          <dd className="min-w-0 break-words text-foreground">{r.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A small-caps group title with its rows as a compact run of "label value" pairs; nothing without rows. */
export function DetailGroup({ title, rows, className }: { title: string; rows: DetailRow[]; className?: string }) {
  if (rows.length === 0) return null;
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <h3 className="font-sans text-[0.7rem] font-semibold uppercase tracking-[0.18em] text-accent-strong">{title}</h3>
      <dl className="flex flex-wrap gap-x-5 gap-y-1 text-sm">
        {rows.map((r) => (
          <div key={r.label} className="flex min-w-0 gap-1.5">
            <dt className="shrink-0 text-muted">{r.label}</dt>
            <dd className="min-w-0 break-words text-foreground">{r.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
