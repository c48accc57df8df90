import { FaqList } from "@/features/marketing/components/faq-list";
import { PageIntro } from "@/features/marketing/components/page-intro";
import { paths } from "@/config/paths";
import { useDocumentTitle } from "@/lib/use-document-title";
import { PUBLIC_PAGE_META } from "./meta";

export default function FaqPage() {
  useDocumentTitle(PUBLIC_PAGE_META["/faq"].title);
  return (
    <>
      <PageIntro eyebrow="FAQ" title="Questions, answered">
        Metals, certification, timing, files and payment. If your question is not here,{" "}
        <a href={paths.contact.getHref()} className="text-accent-strong underline underline-offset-4">
          write to us
        </a>
        .
      </PageIntro>
      <FaqList />
    </>
  );
}
