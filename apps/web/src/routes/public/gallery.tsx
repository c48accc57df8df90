import { ResponsiveImage } from "@/components/ui/responsive-image";
import { paths } from "@/config/paths";
import { GalleryGrid } from "@/features/gallery/components/gallery-grid";
import { PageIntro } from "@/features/marketing/components/page-intro";
import { useDocumentTitle } from "@/lib/use-document-title";
import { PUBLIC_PAGE_META } from "./meta";

export default function GalleryPage() {
  useDocumentTitle(PUBLIC_PAGE_META["/gallery"].title);
  return (
    <>
      <PageIntro eyebrow="Gallery" title="Pieces made for our customers">
        Each began as a link or an idea. Here they are, finished, certified and delivered, with the words of the people who wear them.
      </PageIntro>
      <div className="container-page pt-10 sm:pt-14">
        <ResponsiveImage
          base="/images/banner/collection"
          widths={[640, 1024, 1600]}
          sizes="(min-width: 1152px) 1088px, 100vw"
          width={1600}
          height={900}
          priority
          alt="A sapphire pendant, an emerald halo ring and ruby drop earrings, each made to order"
          className="aspect-[4/3] w-full rounded-[1.25rem] object-cover shadow-[var(--shadow-dialog)] sm:aspect-[16/9]"
        />
      </div>
      <div className="container-page py-16 sm:py-20">
        <GalleryGrid />
      </div>
      <section aria-labelledby="gallery-cta" className="container-page pb-20 text-center">
        <h2 id="gallery-cta" className="text-4xl">
          Your piece could be next
        </h2>
        <p className="mx-auto mt-3 max-w-lg text-muted">Share a link or an idea and see your quote in minutes.</p>
        <a
          href={paths.signup.getHref()}
          className="mt-6 inline-flex h-12 items-center rounded-md bg-accent-strong px-7 text-base font-medium tracking-wide text-white shadow-sm transition-colors hover:bg-accent-hover"
        >
          Get Started
        </a>
      </section>
    </>
  );
}
