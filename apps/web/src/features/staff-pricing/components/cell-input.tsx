import type { ComponentProps } from "react";
import { fieldAria } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/cn";

/** The id of a cell's input, from its draft key (`metal_rates.0.price_per_gram`). */
export const cellId = (base: string, key: string) => `${base}-${key.replace(/[^a-zA-Z0-9_-]/g, "-")}`;

/**
 * A number in a table, edited in place: a unit before or after it (₹, %, g), its label (shown, or
 * for screen readers only where a column heading says it) and its error right under it.
 */
export function CellInput({
  id,
  label,
  showLabel = false,
  narrowLabel,
  compact = false,
  value,
  onValueChange,
  onBlur,
  error,
  prefix,
  suffix,
  className,
  inputClassName,
  ...props
}: {
  id: string;
  label: string;
  showLabel?: boolean;
  /** A short visible label on narrow screens, where the table's column headings are hidden. */
  narrowLabel?: string;
  /** Below the md breakpoint: no unit before the number and less padding, so that three cells fit a row. */
  compact?: boolean;
  value: string;
  onValueChange: (value: string) => void;
  onBlur?: () => void;
  error: string | undefined;
  prefix?: string;
  suffix?: string;
  className?: string;
  inputClassName?: string;
} & Pick<ComponentProps<"input">, "inputMode" | "readOnly" | "maxLength" | "placeholder" | "disabled">) {
  return (
    <div className={cn("flex min-w-0 flex-col gap-1", className)}>
      {narrowLabel ? (
        // The full name is the input's own (aria-label); the short one is only seen where column headings are hidden.
        <span aria-hidden className="text-xs font-medium text-muted md:hidden">
          {narrowLabel}
        </span>
      ) : (
        <label htmlFor={id} className={showLabel ? "text-xs font-medium text-muted" : "sr-only"}>
          {label}
        </label>
      )}
      <div className="relative">
        {prefix && (
          <span
            className={cn("pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-sm text-muted", compact && "hidden md:block")}
            aria-hidden
          >
            {prefix}
          </span>
        )}
        <Input
          id={id}
          value={value}
          onChange={(e) => onValueChange(e.target.value)}
          onBlur={onBlur}
          aria-label={narrowLabel ? label : undefined}
          {...fieldAria(id, error)}
          autoComplete="off"
          className={cn("h-10 tabular-nums", prefix && (compact ? "px-2 md:pl-7 md:pr-3" : "pl-7"), suffix && "pr-8", inputClassName)}
          {...props}
        />
        {suffix && (
          <span className="pointer-events-none absolute right-3 top-1/2 -translate-y-1/2 text-sm text-muted" aria-hidden>
            {suffix}
          </span>
        )}
      </div>
      {error && (
        <p id={`${id}-error`} className="text-xs text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
