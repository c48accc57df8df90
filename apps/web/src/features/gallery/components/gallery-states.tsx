import { AlertCircle } from "lucide-react";

export const GALLERY_LOADING = "Loading gallery...";

/** The error of a gallery list, with a way to try again (spec §8 texts). */
export function GalleryError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-[var(--radius-card)] border border-destructive/20 bg-destructive-soft/40 px-6 py-12 text-center">
      <AlertCircle className="size-8 text-destructive" aria-hidden />
      <p className="text-sm text-foreground">{message}</p>
      <button
        type="button"
        onClick={onRetry}
        className="inline-flex h-10 items-center rounded-md border border-input bg-surface px-5 text-sm font-medium transition-colors hover:bg-surface-muted"
      >
        Try Again
      </button>
    </div>
  );
}

export function GalleryEmpty() {
  return (
    <p className="rounded-[var(--radius-card)] border border-dashed border-input bg-surface px-6 py-12 text-center text-muted">
      Our customers' pieces will appear here soon.
    </p>
  );
}

export function formatGalleryDate(date: string): string {
  // A calendar day: read it in UTC so it never shifts by a time zone.
  return new Intl.DateTimeFormat(undefined, { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));
}
