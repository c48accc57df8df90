import { Quote } from "lucide-react";
import { SectionHeading } from "@/components/ui/section-heading";

/** Static testimonials (spec §3: id, content, author, role). */
export const TESTIMONIALS = [
  {
    id: 1,
    content:
      "I found a bracelet on a boutique's website and Aurelia made it in 18k gold for about a third less. The hallmark and the diamond certificates were in the box.",
    author: "Priya Menon",
    role: "Anniversary bracelet, Bengaluru",
  },
  {
    id: 2,
    content:
      "The dashboard let me track my order at every stage and approve the CAD designs before anything was cast. I always knew exactly what came next.",
    author: "Arjun Mehta",
    role: "Engagement ring, Mumbai",
  },
  {
    id: 3,
    content: "Every question was answered within a day, and the band fits perfectly. It is the piece from the photo, only more personal.",
    author: "Claire Dubois",
    role: "Wedding band, Lyon",
  },
] as const;

export function Testimonials() {
  return (
    <section aria-labelledby="testimonials-title" className="py-20 sm:py-28">
      <div className="container-page flex flex-col gap-14">
        <SectionHeading id="testimonials-title" eyebrow="In their words" title="Trusted with life's biggest moments" align="center" />
        <ul className="grid gap-6 md:grid-cols-3">
          {TESTIMONIALS.map((t) => (
            <li key={t.id}>
              <figure className="flex h-full flex-col gap-6 rounded-[var(--radius-card)] border border-border bg-surface p-8 shadow-[var(--shadow-card)]">
                <Quote className="size-7 text-accent" aria-hidden />
                <blockquote className="flex-1 font-display text-xl leading-snug text-foreground">
                  <p>{t.content}</p>
                </blockquote>
                <figcaption className="border-t border-border pt-4 text-sm">
                  <span className="block font-medium text-foreground">{t.author}</span>
                  <span className="block text-muted">{t.role}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
