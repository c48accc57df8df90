import type { ReactNode, Ref } from "react";
import { Card } from "@/components/ui/card";
import { cn } from "@/lib/cn";

/** One titled group of a long form (a card with a serif heading). */
export function FormSection({
  title,
  description,
  action,
  className,
  headingRef,
  children,
}: {
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  className?: string;
  /** Given when the heading takes the focus (a form of steps moves it there on each step). */
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  return (
    <Card className={cn("p-5 sm:p-8", className)}>
      <section aria-label={title} className="flex flex-col gap-5">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="flex flex-col gap-1">
            <h2 ref={headingRef} tabIndex={headingRef ? -1 : undefined} className="text-2xl focus:outline-none">
              {title}
            </h2>
            {description && <p className="text-sm text-muted">{description}</p>}
          </div>
          {action}
        </div>
        {children}
      </section>
    </Card>
  );
}

/** A soft notice inside a form; `tone="warning"` uses the warning tokens (yellow). */
export function Notice({ tone = "info", icon, title, children }: { tone?: "info" | "warning"; icon?: ReactNode; title?: string; children: ReactNode }) {
  return (
    <div
      role="status"
      className={cn(
        "flex gap-3 rounded-[var(--radius-card)] border px-4 py-3.5 text-sm [&>svg]:mt-0.5 [&>svg]:size-5 [&>svg]:shrink-0",
        tone === "warning" ? "border-warning/25 bg-warning-soft text-warning" : "border-info/20 bg-info-soft text-info",
      )}
    >
      {icon}
      <div className="flex flex-col gap-1">
        {title && <p className="font-semibold">{title}</p>}
        <div className="text-foreground/85">{children}</div>
      </div>
    </div>
  );
}
