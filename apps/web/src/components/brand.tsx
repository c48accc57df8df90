// clsx, not cn: the brand is on every prerendered page, whose JavaScript budget has no room for tailwind-merge.
import { clsx } from "clsx";

export function BrandMark({ className, inverted }: { className?: string; inverted?: boolean }) {
  return (
    <span className={clsx("inline-flex items-center gap-2.5", className)}>
      <svg viewBox="0 0 32 32" className="size-8" aria-hidden>
        <rect width="32" height="32" rx="6" className={inverted ? "fill-background" : "fill-foreground"} />
        <path d="M16 6l7 8-7 12-7-12z" fill="none" stroke="#C9A46A" strokeWidth="1.6" strokeLinejoin="round" />
        <path d="M9 14h14M13 14l3 12 3-12" fill="none" stroke="#C9A46A" strokeWidth="1" strokeLinejoin="round" />
      </svg>
      <span className="flex flex-col leading-none">
        <span className={clsx("font-display text-xl font-semibold tracking-wide", inverted ? "text-background" : "text-foreground")}>Aurelia</span>
        {/* The words are stacked, so nothing shows this space; it keeps the name read as two words
            ("Aurelia Atelier", not "AureliaAtelier"), which links named after the brand must contain. */}{" "}
        <span className={clsx("text-[0.6rem] font-semibold uppercase tracking-[0.3em]", inverted ? "text-accent" : "text-accent-strong")}>Atelier</span>
      </span>
    </span>
  );
}
