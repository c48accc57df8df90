import type { RefObject } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { QUOTE_INTRO, QuoteForm, QuoteSteps } from "./quote-form";

/**
 * 'Get Your Instant Quote' (spec: quote dialog): the /quote page's form in a dialog, opened by
 * the 'Share Jewelry Link' buttons once the page is hydrated.
 */
export default function QuoteDialog({
  open,
  onOpenChange,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened the dialog (it is not a Radix trigger, so focus is handed back by hand). */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-w-xl"
        onCloseAutoFocus={(e) => {
          e.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <DialogHeader>
          <p className="eyebrow">Instant quote</p>
          <DialogTitle>Get Your Instant Quote</DialogTitle>
          <DialogDescription>{QUOTE_INTRO}</DialogDescription>
        </DialogHeader>
        <QuoteSteps />
        <QuoteForm
          actions={({ started }) => (
            <DialogFooter className="mt-2">
              <DialogClose asChild>
                <Button type="button" variant="secondary">
                  {started ? "Close" : "Cancel"}
                </Button>
              </DialogClose>
              {/* Once a link is read the estimate has its own next step ('Save and get a firm quote'). */}
              {!started && <Button type="submit">Get Quote</Button>}
            </DialogFooter>
          )}
        />
      </DialogContent>
    </Dialog>
  );
}
