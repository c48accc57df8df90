import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { cn } from "@/lib/cn";

/** One card of the pricing screen: a title, a line of context, then its content. */
export function Section({
  id,
  title,
  description,
  action,
  className,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Card className={cn("min-w-0 scroll-mt-24 p-5 sm:p-7", className)}>
      <section aria-labelledby={`${id}-title`} className="flex flex-col gap-5">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
          <div className="min-w-0">
            <h2 id={`${id}-title`} className="text-2xl">
              {title}
            </h2>
            {description && <p className="mt-1 max-w-3xl text-sm text-muted">{description}</p>}
          </div>
          {action}
        </div>
        {children}
      </section>
    </Card>
  );
}
