import { ArrowRight } from "lucide-react";
import { SectionHeading } from "@/components/ui/section-heading";
import { paths } from "@/config/paths";
import { GalleryCarousel } from "./gallery-carousel";

/** The landing page's customer gallery. */
export function GalleryShowcase() {
  return (
    <section aria-labelledby="gallery-title" className="overflow-hidden border-y border-border bg-surface py-20 sm:py-24">
      <div className="container-page flex flex-col gap-12">
        <div className="flex flex-col justify-between gap-6 md:flex-row md:items-end">
          <SectionHeading id="gallery-title" eyebrow="Made for our customers" title="Pieces we have brought to life">
            Every piece began as a link or a sketch. Here they are, with the words of the people who wear them.
          </SectionHeading>
          <a href={paths.gallery.getHref()} className="group inline-flex shrink-0 items-center gap-2 text-sm font-medium text-accent-strong hover:text-accent-hover">
            View the gallery
            <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" aria-hidden />
          </a>
        </div>
        <GalleryCarousel />
      </div>
    </section>
  );
}
