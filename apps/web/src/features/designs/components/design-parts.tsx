import { Gem } from "lucide-react";
import { RecordNotFound } from "@/components/record-states";
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
    <RecordNotFound
      title="Design not found"
      description="This design does not exist or you do not have access to it."
      action={{ href: paths.dashboard.designs.getHref(), label: "Back to Designs" }}
    />
  );
}
