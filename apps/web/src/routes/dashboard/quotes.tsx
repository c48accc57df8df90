import { QuotesScreen } from "@/features/orders/components/quotes-screen";
import { useDocumentTitle } from "@/lib/use-document-title";

export default function QuotesPage() {
  useDocumentTitle("Quotes");
  return <QuotesScreen />;
}
