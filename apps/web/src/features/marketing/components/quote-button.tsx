import { lazy, Suspense, useRef, useState, type ReactNode } from "react";
import { buttonVariants } from "@/components/ui/button-variants";
import { paths } from "@/config/paths";
import { useHydrated } from "@/lib/use-hydrated";

const loadDialog = () => import("./quote-dialog");
const QuoteDialog = lazy(loadDialog);

/**
 * 'Share Jewelry Link'. In the prerendered page it is the submit button of a plain form that
 * opens the /quote page, so a click works before the page's script has run (or without it);
 * once hydrated it opens the quote dialog instead. The dialog's code is fetched when the
 * visitor reaches for the button (hover, focus, touch), not with the page.
 */
export function QuoteButton({ children, className, variant = "primary" }: { children: ReactNode; className?: string; variant?: "primary" | "dark" | "secondary" }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const prefetch = () => void loadDialog();
  return (
    <>
      {/* display: contents keeps the button a direct item of the surrounding flex row. */}
      <form action={paths.quote.getHref()} method="get" className="contents">
        <button
        ref={button}
        type="submit"
        aria-haspopup={hydrated ? "dialog" : undefined}
        className={`${buttonVariants({ variant, size: "lg" })} ${className ?? ""}`}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onTouchStart={prefetch}
        onClick={(e) => {
          e.preventDefault();
          setRequested(true);
          setOpen(true);
        }}
      >
        {children}
        </button>
      </form>
      {requested && (
        <Suspense fallback={null}>
          <QuoteDialog open={open} onOpenChange={setOpen} returnFocusTo={button} />
        </Suspense>
      )}
    </>
  );
}
