import { useParams } from "react-router";
import { QuoteDetailScreen } from "@/features/orders/components/quote-detail-screen";
import { useDocumentTitle } from "@/lib/use-document-title";

export default function QuoteDetailPage() {
  const { quoteId = "" } = useParams();
  useDocumentTitle("Quote");
  return <QuoteDetailScreen key={quoteId} quoteId={quoteId} />;
}
