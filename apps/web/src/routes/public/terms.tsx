import { LegalDocument } from "@/features/marketing/components/legal-document";
import { PageIntro } from "@/features/marketing/components/page-intro";
import { TERMS } from "@/features/marketing/content/legal";
import { useDocumentTitle } from "@/lib/use-document-title";
import { PUBLIC_PAGE_META } from "./meta";

export default function TermsPage() {
  useDocumentTitle(PUBLIC_PAGE_META["/terms"].title);
  return (
    <>
      <PageIntro eyebrow="Legal" title="Terms of Service">
        Quotes, payments, design approval, delivery and warranty: our agreement with you.
      </PageIntro>
      <LegalDocument sections={TERMS} />
    </>
  );
}
