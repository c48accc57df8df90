import type { Quote } from "@atelier/contract";
import { Check, X } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/dialog";
import { toast } from "@/components/ui/use-toast";
import { formatAmount } from "@/lib/format";
import { useAcceptQuote } from "../api/accept-quote";
import { useDeclineQuote } from "../api/decline-quote";
import { ReasonDialog, toastFailure } from "./order-parts";

/** Accept or decline a pending quote, each after a confirmation (declining asks an optional reason). */
export function useQuoteResponse() {
  const accept = useAcceptQuote();
  const decline = useDeclineQuote();
  const [accepting, setAccepting] = useState<Quote | null>(null);
  const [declining, setDeclining] = useState<Quote | null>(null);

  const sendAccept = (quote: Quote) =>
    accept.mutate(quote.id, {
      onSuccess: () => {
        setAccepting(null);
        toast({ title: "Quote accepted", description: "Thank you. The advance payment is now due; the instructions are on your order." });
      },
      onError: (err) => {
        setAccepting(null);
        toastFailure(err, "Failed to accept the quote. Please try again.");
      },
    });

  const dialog = (
    <>
      <ConfirmDialog
        open={accepting !== null}
        onOpenChange={(open) => !open && !accept.isPending && setAccepting(null)}
        title="Accept this quote?"
        description={
          accepting
            ? `You accept ${formatAmount(accepting.amount, accepting.currency)} for “${accepting.design_name}”. The advance of ${formatAmount(accepting.advance_amount, accepting.currency)} (${accepting.advance_percent}%) is then due, and the payment instructions appear on your order.`
            : ""
        }
        confirmLabel="Accept quote"
        cancelLabel="Go back"
        confirmVariant="primary"
        loading={accept.isPending}
        onConfirm={() => accepting && sendAccept(accepting)}
      />
      <ReasonDialog
        open={declining !== null}
        onOpenChange={(open) => !open && !decline.isPending && setDeclining(null)}
        title="Decline this quote?"
        description={
          declining ? `Your jeweller will prepare a new quote for “${declining.design_name}”. Tell us what to change, if you like.` : ""
        }
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
    </>
  );
  return { onAccept: setAccepting, onDecline: setDeclining, accepting: accept.isPending ? accept.variables : undefined, dialog };
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
