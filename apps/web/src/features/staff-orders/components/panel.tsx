import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { cn } from "@/lib/cn";

/** One section of the workbench: an icon, a title, an optional line of context, then its content. */
export function Panel({
  icon,
  title,
  description,
  action,
  className,
  children,
  testId,
}: {
  icon?: ReactNode;
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  className?: string;
  children: ReactNode;
  testId?: string;
}) {
  const headingId = `panel-${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  return (
    <Card className={cn("flex min-w-0 flex-col gap-5 p-5 sm:p-7", className)}>
      <section aria-labelledby={headingId} className="flex flex-col gap-5" data-testid={testId}>
        <div className="flex items-start justify-between gap-4">
          <div className="flex min-w-0 gap-3">
            {icon && <span className="mt-1 shrink-0 text-accent [&_svg]:size-5">{icon}</span>}
            <div className="min-w-0">
              <h2 id={headingId} className="text-2xl">
                {title}
              </h2>
              {description && <p className="mt-1 text-sm text-muted">{description}</p>}
            </div>
          </div>
          {action}
        </div>
        {children}
      </section>
    </Card>
  );
}
