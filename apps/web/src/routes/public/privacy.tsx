import { LegalDocument } from "@/features/marketing/components/legal-document";
import { PageIntro } from "@/features/marketing/components/page-intro";
import { PRIVACY } from "@/features/marketing/content/legal";
import { useDocumentTitle } from "@/lib/use-document-title";
import { PUBLIC_PAGE_META } from "./meta";

export default function PrivacyPage() {
  useDocumentTitle(PUBLIC_PAGE_META["/privacy"].title);
  return (
    <>
      <PageIntro eyebrow="Legal" title="Privacy Policy">
        What we collect, why, and the choices you have.
      </PageIntro>
      <LegalDocument sections={PRIVACY} />
    </>
  );
}
