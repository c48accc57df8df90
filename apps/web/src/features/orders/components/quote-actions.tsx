import type { Quote } from "@atelier/contract";
import { Check, X } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { useAcceptQuote } from "../api/accept-quote";
import { useDeclineQuote } from "../api/decline-quote";
import { ReasonDialog, toastFailure } from "./order-parts";

/** Accept or decline a pending quote; declining asks an optional reason in a confirmation. */
export function useQuoteResponse() {
  const accept = useAcceptQuote();
  const decline = useDeclineQuote();
  const [declining, setDeclining] = useState<Quote | null>(null);

  const onAccept = (quote: Quote) =>
    accept.mutate(quote.id, {
      onSuccess: () => toast({ title: "Quote accepted", description: "Thank you. The advance payment is now due; the instructions are on your order." }),
      onError: (err) => toastFailure(err, "Failed to accept the quote. Please try again."),
    });

  const dialog = (
    <ReasonDialog
      open={declining !== null}
      onOpenChange={(open) => !open && !decline.isPending && setDeclining(null)}
      title="Decline this quote?"
      description={declining ? `Your jeweller will prepare a new quote for “${declining.design_name}”. Tell us what to change, if you like.` : ""}
      confirmLabel="Decline"
      cancelLabel="Go back"
      loading={decline.isPending}
      onConfirm={(reason) => {
        if (!declining) return;
        decline.mutate(
          { quoteId: declining.id, reason },
          {
            onSuccess: () => {
              setDeclining(null);
              toast({ title: "Quote declined", description: "We will prepare a new quote for you." });
            },
            onError: (err) => {
              setDeclining(null);
              toastFailure(err, "Failed to decline the quote. Please try again.");
            },
          },
        );
      }}
    />
  );
  return { onAccept, onDecline: setDeclining, accepting: accept.isPending ? accept.variables : undefined, dialog };
}

/** Accept and Decline as labelled buttons (panels, detail). */
export function QuoteActionButtons({ quote, onAccept, onDecline, accepting }: { quote: Quote; onAccept: (q: Quote) => void; onDecline: (q: Quote) => void; accepting: boolean }) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button onClick={() => onAccept(quote)} loading={accepting}>
        <Check aria-hidden /> Accept
      </Button>
      <Button variant="secondary" onClick={() => onDecline(quote)} disabled={accepting}>
        <X aria-hidden /> Decline
      </Button>
    </div>
  );
}
