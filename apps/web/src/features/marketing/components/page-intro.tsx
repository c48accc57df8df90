import type { ReactNode } from "react";

/** The opening of a content page: eyebrow, serif title and a short lead. */
export function PageIntro({ eyebrow, title, children }: { eyebrow: string; title: ReactNode; children?: ReactNode }) {
  return (
    <div className="border-b border-border bg-[radial-gradient(ellipse_at_top,var(--color-accent-soft),transparent_70%)]">
      <div className="container-page flex flex-col items-center gap-5 pb-14 pt-12 text-center sm:pb-20 sm:pt-16">
        <p className="eyebrow">{eyebrow}</p>
        <h1 className="max-w-3xl text-5xl sm:text-6xl">{title}</h1>
        {children && <div className="max-w-2xl text-lg leading-relaxed text-muted">{children}</div>}
      </div>
    </div>
  );
}
