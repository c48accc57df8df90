import { DesignsScreen } from "@/features/designs/components/designs-screen";
import { useDocumentTitle } from "@/lib/use-document-title";

export default function DesignsPage() {
  useDocumentTitle("My Designs");
  return <DesignsScreen />;
}
