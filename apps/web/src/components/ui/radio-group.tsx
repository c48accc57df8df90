import { RadioGroup as RadioPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

/** A set of choices shown as selectable pills; arrow keys move between them (Radix). */
export function RadioGroup({ className, ...props }: ComponentProps<typeof RadioPrimitive.Root>) {
  return <RadioPrimitive.Root className={cn("flex flex-wrap gap-2", className)} {...props} />;
}

export function RadioPill({ className, children, ...props }: ComponentProps<typeof RadioPrimitive.Item>) {
  return (
    <RadioPrimitive.Item
      className={cn(
        "group inline-flex h-10 cursor-pointer items-center gap-2 rounded-full border border-input bg-surface px-4 text-sm text-foreground transition-colors duration-150",
        "hover:border-accent hover:bg-accent-soft/40 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent/40",
        "data-[state=checked]:border-accent-strong data-[state=checked]:bg-accent-soft data-[state=checked]:font-medium data-[state=checked]:text-accent-hover",
        "disabled:cursor-not-allowed disabled:opacity-60",
        className,
      )}
      {...props}
    >
      <span aria-hidden className="flex size-3.5 items-center justify-center rounded-full border border-input bg-surface group-data-[state=checked]:border-accent-strong">
        <RadioPrimitive.Indicator className="size-1.5 rounded-full bg-accent-strong" />
      </span>
      {children}
    </RadioPrimitive.Item>
  );
}
