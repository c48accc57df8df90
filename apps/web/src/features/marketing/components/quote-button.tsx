import { lazy, Suspense, useRef, useState, type ReactNode } from "react";
import { buttonVariants } from "@/components/ui/button-variants";

const loadDialog = () => import("./quote-dialog");
const QuoteDialog = lazy(loadDialog);

/**
 * Opens the quote dialog. The dialog's code is fetched when the visitor reaches for the
 * button (hover, focus, touch), not with the page.
 */
export function QuoteButton({ children, className, variant = "primary" }: { children: ReactNode; className?: string; variant?: "primary" | "dark" | "secondary" }) {
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const prefetch = () => void loadDialog();
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        className={`${buttonVariants({ variant, size: "lg" })} ${className ?? ""}`}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onTouchStart={prefetch}
        onClick={() => {
          setRequested(true);
          setOpen(true);
        }}
      >
        {children}
      </button>
      {requested && (
        <Suspense fallback={null}>
          <QuoteDialog open={open} onOpenChange={setOpen} returnFocusTo={button} />
        </Suspense>
      )}
    </>
  );
}
