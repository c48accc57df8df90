import { UploadHistoryScreen } from "@/features/designs/components/upload-history-screen";
import { useDocumentTitle } from "@/lib/use-document-title";

export default function UploadHistoryPage() {
  useDocumentTitle("Upload History");
  return <UploadHistoryScreen />;
}
