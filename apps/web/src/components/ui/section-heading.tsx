import type { ReactNode } from "react";

export function SectionHeading({ id, eyebrow, title, children, align = "left" }: { id: string; eyebrow: string; title: ReactNode; children?: ReactNode; align?: "left" | "center" }) {
  return (
    <div className={`flex max-w-2xl flex-col gap-3 ${align === "center" ? "mx-auto items-center text-center" : ""}`}>
      <p className="eyebrow">{eyebrow}</p>
      <h2 id={id} className="text-4xl sm:text-5xl">
        {title}
      </h2>
      {children && <div className="text-lg leading-relaxed text-muted">{children}</div>}
    </div>
  );
}
