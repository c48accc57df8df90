import { Sparkles } from "lucide-react";
import { useState } from "react";
import { readPendingDesign } from "@/lib/pending-design";

/**
 * On sign-up and sign-in: the design the visitor priced on the instant quote is kept, and is saved
 * to the account they are about to open (the dashboard saves it). Nothing when there is none.
 */
export function PendingDesignNote() {
  const [pending] = useState(() => readPendingDesign());
  if (pending?.type !== "estimate") return null;
  const name = (pending.design.payload.name ?? "").trim() || "your design";
  return (
    <p role="status" data-testid="pending-design-note" className="mb-4 flex items-start gap-2.5 rounded-[var(--radius-card)] border border-accent/30 bg-accent-soft/50 px-4 py-3 text-sm">
      <Sparkles className="mt-0.5 size-4 shrink-0 text-accent-strong" aria-hidden />
      <span>
        We keep <strong className="font-medium">{name}</strong> and its estimate: it is saved to your account as soon as you are signed in, for a firm
        quote from our jeweller.
      </span>
    </p>
  );
}
