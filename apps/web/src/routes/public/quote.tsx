import { buttonVariants } from "@/components/ui/button-variants";
import { paths } from "@/config/paths";
import { PageIntro } from "@/features/marketing/components/page-intro";
import { QUOTE_INTRO, QuoteForm, QuoteSteps } from "@/features/marketing/components/quote-form";
import { useDocumentTitle } from "@/lib/use-document-title";
import { PUBLIC_PAGE_META } from "./meta";

/**
 * The quote dialog as a page: 'Share Jewelry Link' leads here when it is clicked before the page's
 * script has run, and anyone may link to it. A pasted link's instant estimate appears on the page.
 */
export default function QuotePage() {
  useDocumentTitle(PUBLIC_PAGE_META["/quote"].title);
  return (
    <>
      <PageIntro eyebrow="Instant quote" title="Get Your Instant Quote">
        {QUOTE_INTRO}
      </PageIntro>
      <div className="container-page py-14 sm:py-20">
        <section
          aria-label="Quote request"
          className="mx-auto flex max-w-2xl flex-col gap-8 rounded-[1.25rem] border border-border bg-surface p-6 shadow-[var(--shadow-card)] sm:p-10"
        >
          <QuoteSteps />
          <QuoteForm
            actions={({ started }) => (
              <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <a href={paths.home.getHref()} className={buttonVariants({ variant: "secondary", size: "lg" })}>
                  {started ? "Back to home" : "Cancel"}
                </a>
                {/* Once a link is read the estimate has its own next step ('Save and get a firm quote'). */}
                {!started && (
                  <button type="submit" className={buttonVariants({ size: "lg" })}>
                    Get Quote
                  </button>
                )}
              </div>
            )}
          />
        </section>
      </div>
    </>
  );
}
