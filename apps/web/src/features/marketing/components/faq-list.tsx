import { ChevronDown } from "lucide-react";
import { FAQ } from "../content/faq";

/** One group's questions as native disclosures (the FAQ page and the support page). */
export function FaqDisclosures({ items }: { items: readonly { q: string; a: string }[] }) {
  return (
    <div className="divide-y divide-border rounded-[var(--radius-card)] border border-border bg-surface">
      {items.map((item) => (
        <details key={item.q} className="group px-5 sm:px-6">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-6 py-4 text-left font-medium text-foreground marker:hidden sm:py-5 [&::-webkit-details-marker]:hidden">
            {item.q}
            <ChevronDown className="size-5 shrink-0 text-accent-strong transition-transform duration-200 group-open:rotate-180" aria-hidden />
          </summary>
          <p className="pb-5 leading-relaxed text-muted sm:pb-6">{item.a}</p>
        </details>
      ))}
    </div>
  );
}

/** Questions as native disclosures: they open with or without JavaScript. */
export function FaqList() {
  return (
    <div className="container-page grid max-w-4xl gap-14 py-16 sm:py-20">
      {FAQ.map((group) => (
        <section key={group.title} aria-labelledby={`faq-${group.title.split(" ")[0]!.toLowerCase()}`} className="flex flex-col gap-4">
          <h2 id={`faq-${group.title.split(" ")[0]!.toLowerCase()}`} className="text-3xl sm:text-4xl">
            {group.title}
          </h2>
          <FaqDisclosures items={group.items} />
        </section>
      ))}
    </div>
  );
}
