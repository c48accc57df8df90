import { Card } from "@/components/ui/card";
import { ContactDetails } from "@/features/marketing/components/contact-details";
import { FaqDisclosures } from "@/features/marketing/components/faq-list";
import { FAQ } from "@/features/marketing/content/faq";
import { SupportForm } from "@/features/messages/components/support-form";
import { TicketsList } from "@/features/messages/components/tickets-list";
import { useDocumentTitle } from "@/lib/use-document-title";

/** Support (spec §2): the contact form (a ticket), the customer's tickets, and the same contact details and FAQ as /contact and /faq. */
export default function SupportPage() {
  useDocumentTitle("Support");
  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-2">
        <p className="eyebrow">Your atelier</p>
        <h1 className="text-4xl sm:text-5xl">Support</h1>
        <p className="max-w-xl text-muted">Ask us anything. Each request gets a ticket number, an e-mail copy, and our answer in Messages.</p>
      </div>
      <div className="grid gap-8 lg:grid-cols-[1.4fr_1fr]">
        <div className="flex flex-col gap-8">
          <Card className="p-6 sm:p-8">
            <h2 className="mb-6 text-2xl">Contact support</h2>
            <SupportForm />
          </Card>
          <Card className="p-6 sm:p-8">
            <h2 className="mb-4 text-2xl">Your requests</h2>
            <TicketsList />
          </Card>
        </div>
        <aside aria-label="Contact details">
          <ContactDetails />
        </aside>
      </div>
      <section aria-labelledby="support-faq" className="flex flex-col gap-4">
        <h2 id="support-faq" className="text-3xl">
          Frequently asked questions
        </h2>
        {FAQ.map((group) => (
          <div key={group.title} className="flex flex-col gap-2">
            <h3 className="font-sans text-xs font-semibold uppercase tracking-[0.2em] text-muted">{group.title}</h3>
            <FaqDisclosures items={group.items} />
          </div>
        ))}
      </section>
    </div>
  );
}
