import { Gem, SearchX } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/states";
import { paths } from "@/config/paths";
import { cn } from "@/lib/cn";

/** One line per stone ("1 × Emerald · Oval · 1.2 ct …"), as the card and the detail page show them. */
export function StoneList({ lines, className }: { lines: string[]; className?: string }) {
  return (
    <ul className={cn("flex flex-col gap-1 text-sm", className)}>
      {lines.map((line, i) => (
        <li key={`${line}-${i}`} className="flex items-start gap-2">
          <Gem className="mt-1 size-3.5 shrink-0 text-accent" aria-hidden />
          {line}
        </li>
      ))}
    </ul>
  );
}

/** Spec: 'Design not found' with 'Back to Designs' (detail and edit). */
export function DesignNotFound() {
  return (
    <EmptyState
      icon={<SearchX />}
      title="Design not found"
      description="This design does not exist or you do not have access to it."
      action={
        <Button asChild variant="secondary">
          <Link to={paths.dashboard.designs.getHref()}>Back to Designs</Link>
        </Button>
      }
    />
  );
}
