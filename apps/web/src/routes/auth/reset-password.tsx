import { useSearchParams } from "react-router";
import { ResetPasswordForm } from "@/features/auth/components/reset-password-form";
import { resetPasswordWording } from "@/features/auth/components/reset-password-wording";
import { useDocumentTitle } from "@/lib/use-document-title";

export default function Page() {
  const [search] = useSearchParams();
  useDocumentTitle(resetPasswordWording(search).documentTitle);
  return <ResetPasswordForm />;
}
