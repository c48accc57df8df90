import { PendingDesignNote } from "@/components/pending-design-note";
import { usePendingLinkFromUrl } from "@/features/auth/hooks/use-pending-link-from-url";
import { SignupForm } from "@/features/auth/components/signup-form";
import { useDocumentTitle } from "@/lib/use-document-title";

export default function Page() {
  useDocumentTitle("Create your account");
  usePendingLinkFromUrl();
  return (
    <>
      <PendingDesignNote />
      <SignupForm />
    </>
  );
}
