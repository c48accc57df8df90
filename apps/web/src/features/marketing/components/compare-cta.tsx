import { ArrowRight } from "lucide-react";
import { ResponsiveImage } from "@/components/ui/responsive-image";
import { paths } from "@/config/paths";

/** The closing call to action: 'Compare Prices Now' → /signup. */
export function CompareCta() {
  return (
    <section aria-labelledby="cta-title" className="container-page py-8">
      <div className="grid overflow-hidden rounded-[1.5rem] bg-foreground text-background md:grid-cols-[1.2fr_1fr]">
        <div className="flex flex-col items-start gap-6 p-10 sm:p-14">
          <p className="text-xs font-semibold uppercase tracking-[0.2em] text-accent">Seen something you love?</p>
          <h2 id="cta-title" className="text-4xl text-background sm:text-5xl">
            Find out what it costs, made for you
          </h2>
          <p className="max-w-md leading-relaxed text-background/75">
            Create a free account, share the link and compare our itemised quote with the retail price. No commitment until you approve the quote.
          </p>
          <a
            href={paths.signup.getHref()}
            className="inline-flex h-12 items-center gap-2 rounded-md bg-background px-7 text-base font-medium tracking-wide text-foreground transition-colors hover:bg-accent-soft"
          >
            Compare Prices Now
            <ArrowRight className="size-4" aria-hidden />
          </a>
        </div>
        <ResponsiveImage
          base="/images/gallery/ruby-cluster-earrings"
          widths={[320, 640]}
          sizes="(min-width: 768px) 460px, 100vw"
          width={640}
          height={640}
          alt="Ruby and diamond cluster drop earrings in yellow gold"
          className="h-64 w-full object-cover md:h-full"
        />
      </div>
    </section>
  );
}
