import { ArrowRight } from "lucide-react";
import type { TableChange } from "../utils/pricing-draft";

/** Entries that differ between two tables, before → after. */
export function ChangesList({ changes, label }: { changes: TableChange[]; label: string }) {
  return (
    <ul className="flex flex-col divide-y divide-border rounded-md border border-border text-sm" aria-label={label}>
      {changes.map((c) => (
        <li key={c.id} className="flex flex-col gap-1 px-4 py-2.5 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
          <span className="min-w-0 text-muted">{c.label}</span>
          <span className="flex shrink-0 items-center gap-2 tabular-nums">
            {c.before === null ? (
              <span className="text-xs text-muted">added</span>
            ) : (
              <span className="text-muted line-through decoration-muted/50">{c.before}</span>
            )}
            <ArrowRight className="size-3.5 text-accent" aria-label="to" />
            {c.after === null ? <span className="text-xs text-destructive">removed</span> : <span className="font-medium">{c.after}</span>}
          </span>
        </li>
      ))}
    </ul>
  );
}
