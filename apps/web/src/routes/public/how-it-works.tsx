import { buttonVariants } from "@/components/ui/button-variants";
import { paths } from "@/config/paths";
import { PageIntro } from "@/features/marketing/components/page-intro";
import { ProcessTimeline } from "@/features/marketing/components/process-timeline";
import { QuoteButton } from "@/features/marketing/components/quote-button";
import { useDocumentTitle } from "@/lib/use-document-title";
import { PUBLIC_PAGE_META } from "./meta";

export default function HowItWorksPage() {
  useDocumentTitle(PUBLIC_PAGE_META["/how-it-works"].title);
  return (
    <>
      <PageIntro eyebrow="How It Works" title="From your idea to your hand, in five steps">
        Certified jewellery made to order, with a clear price, a design you approve and a date you can plan around.
      </PageIntro>
      <ProcessTimeline />
      <section aria-labelledby="start-title" className="border-t border-border bg-surface py-20">
        <div className="container-page flex flex-col items-center gap-6 text-center">
          <h2 id="start-title" className="text-4xl sm:text-5xl">
            Ready when you are
          </h2>
          <p className="max-w-xl text-lg text-muted">Share the link to a piece you love, or create an account and describe your own design.</p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <QuoteButton>Share Jewelry Link</QuoteButton>
            <a href={paths.signup.getHref()} className={buttonVariants({ variant: "secondary", size: "lg" })}>
              Get Started
            </a>
          </div>
        </div>
      </section>
    </>
  );
}
