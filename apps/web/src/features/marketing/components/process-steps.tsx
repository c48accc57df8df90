import { ArrowRight } from "lucide-react";
import { paths } from "@/config/paths";
import { SectionHeading } from "@/components/ui/section-heading";

const STEPS = [
  { title: "Share Product Link", text: "Paste a link to a piece from any jeweller's website, or describe the idea you have in mind." },
  { title: "Compare & Customize", text: "See an instant, itemised quote beside the retail price, then change the metal, the stones or the size." },
  { title: "Certified Quality", text: "Approve the CAD design; our craftsmen make it with hallmarked metal and certified gemstones." },
  { title: "Direct Delivery", text: "Your piece is checked, insured and delivered to your door in about 15 days from your advance." },
] as const;

export function ProcessSteps() {
  return (
    <section aria-labelledby="process-title" className="py-20 sm:py-28">
      <div className="container-page flex flex-col gap-14">
        <div className="flex flex-col justify-between gap-6 md:flex-row md:items-end">
          <SectionHeading id="process-title" eyebrow="How It Works" title="From a link to a piece in your hands" />
          <a href={paths.howItWorks.getHref()} className="group inline-flex items-center gap-2 text-sm font-medium text-accent-strong hover:text-accent-hover">
            Learn more about the process
            <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" aria-hidden />
          </a>
        </div>
        <ol className="grid gap-px overflow-hidden rounded-[var(--radius-card)] border border-border bg-border sm:grid-cols-2 lg:grid-cols-4">
          {STEPS.map((s, i) => (
            <li key={s.title} className="flex flex-col gap-3 bg-background p-7">
              <span className="font-display text-5xl leading-none text-accent-strong" aria-hidden>
                {String(i + 1).padStart(2, "0")}
              </span>
              <h3 className="text-2xl">
                <span className="sr-only">Step {i + 1}: </span>
                {s.title}
              </h3>
              <p className="text-sm leading-relaxed text-muted">{s.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
