import { LeadForm } from "@/features/leads/components/lead-form";
import { ContactDetails } from "@/features/marketing/components/contact-details";
import { PageIntro } from "@/features/marketing/components/page-intro";
import { useDocumentTitle } from "@/lib/use-document-title";
import { PUBLIC_PAGE_META } from "./meta";

export default function ContactPage() {
  useDocumentTitle(PUBLIC_PAGE_META["/contact"].title);
  return (
    <>
      <PageIntro eyebrow="Contact" title="Let's talk about your piece">
        A question about an order, a stone you already own or a design you are dreaming of: tell us, and a designer will answer within 24 hours.
      </PageIntro>
      <div className="container-page grid gap-10 py-16 sm:py-20 lg:grid-cols-[1.3fr_1fr] lg:gap-14">
        <section aria-labelledby="contact-form-title" className="rounded-[1.25rem] border border-border bg-surface p-6 shadow-[var(--shadow-card)] sm:p-10">
          <h2 id="contact-form-title" className="mb-8 text-3xl">
            Send us a message
          </h2>
          <LeadForm source="contact" submitLabel="Send message" />
        </section>
        <aside aria-label="Contact details">
          <ContactDetails />
        </aside>
      </div>
    </>
  );
}
