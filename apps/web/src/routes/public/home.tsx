import { GalleryShowcase } from "@/features/gallery/components/gallery-showcase";
import { LeadSection } from "@/features/leads/components/lead-section";
import { Benefits } from "@/features/marketing/components/benefits";
import { CompareCta } from "@/features/marketing/components/compare-cta";
import { Hero } from "@/features/marketing/components/hero";
import { ProcessSteps } from "@/features/marketing/components/process-steps";
import { Testimonials } from "@/features/marketing/components/testimonials";
import { useDocumentTitle } from "@/lib/use-document-title";
import { PUBLIC_PAGE_META } from "./meta";

export default function HomePage() {
  useDocumentTitle(PUBLIC_PAGE_META["/"].title);
  return (
    <>
      <Hero />
      <Benefits />
      <ProcessSteps />
      <GalleryShowcase />
      <Testimonials />
      <CompareCta />
      <LeadSection />
    </>
  );
}
