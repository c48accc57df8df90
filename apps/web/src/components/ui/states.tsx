import { AlertCircle } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@/lib/cn";
import { Button } from "./button";

export function EmptyState({ icon, title, description, action, className }: { icon?: ReactNode; title: string; description?: ReactNode; action?: ReactNode; className?: string }) {
  return (
    <div className={cn("flex flex-col items-center justify-center gap-3 rounded-[var(--radius-card)] border border-dashed border-input bg-surface px-6 py-14 text-center", className)}>
      {icon && <div className="text-accent [&_svg]:size-10">{icon}</div>}
      <h3 className="text-2xl">{title}</h3>
      {description && <p className="max-w-md text-sm text-muted">{description}</p>}
      {action && <div className="mt-2">{action}</div>}
    </div>
  );
}

export function ErrorState({ message, onRetry, retryLabel = "Try Again", className }: { message: string; onRetry?: () => void; retryLabel?: string; className?: string }) {
  return (
    <div role="alert" className={cn("flex flex-col items-center gap-3 rounded-[var(--radius-card)] border border-destructive/20 bg-destructive-soft/40 px-6 py-12 text-center", className)}>
      <AlertCircle className="size-8 text-destructive" aria-hidden />
      <p className="text-sm text-foreground">{message}</p>
      {onRetry && (
        <Button variant="secondary" onClick={onRetry}>
          {retryLabel}
        </Button>
      )}
    </div>
  );
}

/** A refusal or failure said inside a form, panel or dialog (a 409, a server's form error): announced, beside what it concerns. */
export function InlineAlert({ children, className, testId }: { children: ReactNode; className?: string; testId?: string }) {
  return (
    <p
      role="alert"
      data-testid={testId}
      className={cn("flex items-start gap-2 rounded-md border border-destructive/20 bg-destructive-soft/60 px-4 py-3 text-sm text-destructive", className)}
    >
      <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>{children}</span>
    </p>
  );
}
