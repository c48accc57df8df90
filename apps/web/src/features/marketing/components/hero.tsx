import { Gem, ShieldCheck, Truck } from "lucide-react";
import { buttonVariants } from "@/components/ui/button-variants";
import { ResponsiveImage } from "@/components/ui/responsive-image";
import { paths } from "@/config/paths";
import { QuoteButton } from "./quote-button";

export const HERO_IMAGE = {
  base: "/images/hero/solitaire",
  widths: [480, 720, 1000],
  sizes: "(min-width: 1024px) 480px, (min-width: 640px) 70vw, 100vw",
  width: 1000,
  height: 1200,
} as const;

export function Hero() {
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden">
      <div className="container-page grid items-center gap-10 pb-16 pt-8 sm:pt-12 lg:grid-cols-[1.1fr_0.9fr] lg:gap-16 lg:pb-24 lg:pt-16">
        <div className="flex flex-col items-start gap-6">
          <p className="eyebrow">Certified fine jewellery, made to order</p>
          <h1 id="hero-title" className="text-[2.75rem] leading-[1.05] sm:text-6xl lg:text-[4.25rem]">
            The piece you love, <span className="italic text-accent-strong">made for you</span> for up to 40% less
          </h1>
          <p className="max-w-xl text-lg leading-relaxed text-muted">
            Share a link to any ring, pendant or pair of earrings you admire. We quote it instantly, model it in CAD for your approval and craft it with hallmarked
            metal and certified stones.
          </p>
          <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <QuoteButton>Share Jewelry Link</QuoteButton>
            <a href={paths.howItWorks.getHref()} className={buttonVariants({ variant: "secondary", size: "lg" })}>
              See how it works
            </a>
          </div>
          <ul className="mt-2 grid w-full gap-3 border-t border-border pt-6 text-sm text-muted sm:grid-cols-3">
            <li className="flex items-center gap-2">
              <ShieldCheck className="size-4 text-accent-strong" aria-hidden /> Hallmarked metals
            </li>
            <li className="flex items-center gap-2">
              <Gem className="size-4 text-accent-strong" aria-hidden /> Certified gemstones
            </li>
            <li className="flex items-center gap-2">
              <Truck className="size-4 text-accent-strong" aria-hidden /> Delivered in about 15 days
            </li>
          </ul>
        </div>
        <figure className="relative mx-auto w-full max-w-md lg:max-w-none">
          <div className="absolute -inset-3 -z-10 rounded-[2rem] bg-accent-soft/60 blur-2xl" aria-hidden />
          <ResponsiveImage
            {...HERO_IMAGE}
            priority
            alt="A yellow-gold solitaire ring with a brilliant-cut diamond and a halo of small diamonds"
            className="aspect-[5/6] w-full rounded-[1.5rem] object-cover shadow-[var(--shadow-dialog)]"
          />
          <figcaption className="absolute bottom-4 left-4 right-4 flex items-center justify-between gap-3 rounded-xl bg-surface/90 px-4 py-3 text-sm shadow-[var(--shadow-card)] backdrop-blur sm:left-auto sm:max-w-xs">
            <span>
              <span className="block font-medium text-foreground">Halo solitaire, 18k gold</span>
              <span className="block text-xs text-muted">Hallmarked gold, certified diamonds</span>
            </span>
            <span className="rounded-full bg-accent-soft px-2.5 py-1 text-xs font-semibold text-foreground">Made to order</span>
          </figcaption>
        </figure>
      </div>
    </section>
  );
}
