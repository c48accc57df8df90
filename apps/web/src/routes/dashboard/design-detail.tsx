import { useParams } from "react-router";
import { DesignDetailScreen } from "@/features/designs/components/design-detail-screen";
import { useDocumentTitle } from "@/lib/use-document-title";

export default function DesignDetailPage() {
  const { designId = "" } = useParams();
  useDocumentTitle("Design");
  return <DesignDetailScreen key={designId} designId={designId} />;
}
