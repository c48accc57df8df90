import { Check } from "lucide-react";
import { cn } from "@/lib/cn";

/**
 * Where the customer is in a form of steps: "Step 2 of 6" and one mark per step, the current one
 * with aria-current="step". A step already reached opens with a click; later ones are plain text.
 * On a phone the marks are numbers only (the names stay for screen readers).
 */
export function StepIndicator({
  steps,
  current,
  furthest,
  onSelect,
  disabled,
}: {
  steps: readonly { title: string }[];
  current: number;
  /** The furthest step reached so far: steps up to it can be opened. */
  furthest: number;
  onSelect: (index: number) => void;
  disabled?: boolean;
}) {
  return (
    <nav aria-label="Design steps" className="flex flex-col gap-4">
      <p className="eyebrow" aria-live="polite">
        Step {current + 1} of {steps.length}
      </p>
      <ol className="flex items-start">
        {steps.map((step, i) => {
          const isCurrent = i === current;
          const done = i < current || (i <= furthest && !isCurrent && i !== steps.length - 1);
          const open = i <= furthest && !isCurrent;
          const mark = (
            <>
              <span
                aria-hidden
                className={cn(
                  "relative z-10 flex size-8 shrink-0 items-center justify-center rounded-full border text-sm font-medium transition-colors",
                  isCurrent && "border-accent-strong bg-accent-strong text-white",
                  !isCurrent && done && "border-accent bg-accent-soft text-accent-strong",
                  !isCurrent && !done && "border-input bg-surface text-muted",
                )}
              >
                {done ? <Check className="size-4" /> : i + 1}
              </span>
              <span className={cn("sr-only text-center text-xs leading-tight sm:not-sr-only", isCurrent ? "font-semibold text-foreground" : "text-muted")}>
                {step.title}
                {isCurrent ? <span className="sr-only"> (current step)</span> : done ? <span className="sr-only"> (done)</span> : null}
              </span>
            </>
          );
          return (
            <li key={step.title} aria-current={isCurrent ? "step" : undefined} className="relative flex flex-1 flex-col items-center">
              {i > 0 && <span aria-hidden className={cn("absolute top-4 right-1/2 left-[-50%] h-px", i <= furthest ? "bg-accent" : "bg-border")} />}
              {open ? (
                <button
                  type="button"
                  disabled={disabled}
                  onClick={() => onSelect(i)}
                  className="flex min-h-11 flex-col items-center gap-1.5 rounded-md px-1 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-strong hover:[&>span:last-child]:text-foreground"
                >
                  {mark}
                </button>
              ) : (
                <span className="flex min-h-11 flex-col items-center gap-1.5 px-1">{mark}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
