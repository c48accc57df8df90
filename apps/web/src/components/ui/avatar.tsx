import { cn } from "@/lib/cn";

export function Avatar({ initials, className }: { initials: string; className?: string }) {
  return (
    <span aria-hidden className={cn("inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-accent-soft font-display text-base font-semibold text-accent-hover", className)}>
      {initials}
    </span>
  );
}
