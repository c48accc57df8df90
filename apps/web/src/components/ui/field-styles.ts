/** The look of every text control; apart from input.tsx so it can be used without class merging. */
export const fieldBase =
  "w-full rounded-md border border-input bg-surface px-3 text-sm text-foreground placeholder:text-muted/70 transition-colors focus-visible:outline-none focus-visible:border-accent-strong focus-visible:ring-2 focus-visible:ring-accent/30 disabled:cursor-not-allowed disabled:bg-surface-muted disabled:text-muted aria-invalid:border-destructive";
