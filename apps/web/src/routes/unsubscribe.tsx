import { useSearchParams } from "react-router";
import { UnsubscribeScreen } from "@/features/settings/components/unsubscribe-screen";
import { useDocumentTitle } from "@/lib/use-document-title";

export default function UnsubscribePage() {
  useDocumentTitle("Unsubscribe");
  const [params] = useSearchParams();
  return <UnsubscribeScreen token={params.get("token")} />;
}
