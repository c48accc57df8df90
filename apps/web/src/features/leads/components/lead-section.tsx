import { Clock, Mail, PencilRuler } from "lucide-react";
import { LeadForm } from "./lead-form";

/** The landing page's form: 'tell us about your idea'. */
export function LeadSection() {
  return (
    <section aria-labelledby="lead-title" className="py-20 sm:py-28">
      <div className="container-page grid gap-12 lg:grid-cols-[0.9fr_1.1fr] lg:gap-20">
        <div className="flex flex-col gap-5">
          <p className="eyebrow">Start with an idea</p>
          <h2 id="lead-title" className="text-4xl sm:text-5xl">
            Tell us about the piece you imagine
          </h2>
          <p className="text-lg leading-relaxed text-muted">
            No link yet? Describe it in your own words: an heirloom to remake, a stone you already own, a sketch on a napkin. A designer will come back to you with
            ideas and a first estimate.
          </p>
          <ul className="mt-2 flex flex-col gap-4 text-sm">
            <li className="flex items-start gap-3">
              <Clock className="mt-0.5 size-5 shrink-0 text-accent-strong" aria-hidden />
              <span>A personal reply within 24 hours.</span>
            </li>
            <li className="flex items-start gap-3">
              <PencilRuler className="mt-0.5 size-5 shrink-0 text-accent-strong" aria-hidden />
              <span>CAD renderings to approve before anything is made.</span>
            </li>
            <li className="flex items-start gap-3">
              <Mail className="mt-0.5 size-5 shrink-0 text-accent-strong" aria-hidden />
              <span>No newsletter, no obligation: your details are used only to answer you.</span>
            </li>
          </ul>
        </div>
        <div className="rounded-[1.25rem] border border-border bg-surface p-6 shadow-[var(--shadow-card)] sm:p-10">
          <LeadForm source="home" submitLabel="Send my idea" />
        </div>
      </div>
    </section>
  );
}
