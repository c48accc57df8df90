import { SearchResultsScreen } from "@/features/search/components/search-results-screen";
import { useDocumentTitle } from "@/lib/use-document-title";

export default function StaffSearchPage() {
  useDocumentTitle("Search");
  return <SearchResultsScreen scopeText="Every order, design and conversation, and the customers." />;
}
