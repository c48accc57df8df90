import { SearchResultsScreen } from "@/features/search/components/search-results-screen";
import { useDocumentTitle } from "@/lib/use-document-title";

export default function SearchPage() {
  useDocumentTitle("Search");
  return <SearchResultsScreen scopeText="Your designs, orders and messages." />;
}
