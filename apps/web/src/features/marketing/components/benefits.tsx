import { BadgePercent, ShieldCheck, Truck } from "lucide-react";
import { SectionHeading } from "@/components/ui/section-heading";

const BENEFITS = [
  {
    icon: BadgePercent,
    title: "Best Price Guarantee",
    text: "No showroom, no middlemen, no retail markup: you pay for metal, stones and craft. Most customers save up to 40% against the price of the piece they shared.",
  },
  {
    icon: ShieldCheck,
    title: "Certified Quality",
    text: "Every precious metal is hallmarked, and every diamond and gemstone comes with its certificate. You see both before you pay the balance.",
  },
  {
    icon: Truck,
    title: "Direct to You",
    text: "Made in our atelier and delivered insured to your door, about 15 days after your advance payment (it may vary with the design).",
  },
] as const;

export function Benefits() {
  return (
    <section aria-labelledby="benefits-title" className="border-y border-border bg-surface py-20 sm:py-24">
      <div className="container-page flex flex-col gap-14">
        <SectionHeading id="benefits-title" eyebrow="Why Aurelia" title="Boutique quality without the boutique markup" align="center" />
        <ul className="grid gap-10 md:grid-cols-3 md:gap-8">
          {BENEFITS.map((b) => (
            <li key={b.title} className="flex flex-col items-center gap-4 text-center">
              <span className="flex size-14 items-center justify-center rounded-full border border-accent/40 bg-accent-soft text-accent-strong">
                <b.icon className="size-6" aria-hidden />
              </span>
              <h3 className="text-2xl">{b.title}</h3>
              <p className="max-w-xs leading-relaxed text-muted">{b.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
