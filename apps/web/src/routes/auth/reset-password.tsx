import { ResetPasswordForm } from "@/features/auth/components/reset-password-form";
import { useDocumentTitle } from "@/lib/use-document-title";

export default function Page() {
  useDocumentTitle("Reset password");
  return <ResetPasswordForm />;
}
