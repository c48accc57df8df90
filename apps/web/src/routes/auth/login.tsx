import { PendingDesignNote } from "@/components/pending-design-note";
import { LoginForm } from "@/features/auth/components/login-form";
import { useDocumentTitle } from "@/lib/use-document-title";

export default function Page() {
  useDocumentTitle("Sign in");
  return (
    <>
      <PendingDesignNote />
      <LoginForm />
    </>
  );
}
