import { clsx } from "clsx";
import type { ComponentProps, ReactNode } from "react";

// Plain elements and clsx (not tailwind-merge): the prerendered public pages use these too,
// and their JavaScript has a 100 kB budget.
export function Label({ className, required, children, ...props }: ComponentProps<"label"> & { required?: boolean }) {
  return (
    <label className={clsx("text-sm font-medium text-foreground", className)} {...props}>
      {children}
      {required && (
        <span className="ml-0.5 text-destructive" aria-hidden>
          *
        </span>
      )}
    </label>
  );
}

/**
 * The ARIA of the control inside a `Field` with the same `id`: invalid when it has an error, and
 * described by the error text, else by the hint (`hint: true` when the Field shows one).
 * `invalid` marks a field whose error is told elsewhere (a toast) and has no text under it.
 */
export function fieldAria(id: string, error: string | null | undefined, options: { hint?: boolean; invalid?: boolean } = {}) {
  return {
    "aria-invalid": error || options.invalid ? true : undefined,
    "aria-describedby": error ? `${id}-error` : options.hint ? `${id}-hint` : undefined,
  } as const;
}

/** A label, a control, an optional hint and the error text, wired for screen readers (see fieldAria). */
export function Field({
  id,
  label,
  required,
  hint,
  error,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  error?: string | undefined;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={clsx("flex flex-col gap-1.5", className)}>
      <Label htmlFor={id} required={required}>
        {label}
      </Label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
