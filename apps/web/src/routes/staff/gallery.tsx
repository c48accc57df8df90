import { GalleryScreen } from "@/features/staff-gallery/components/gallery-screen";
import { useDocumentTitle } from "@/lib/use-document-title";

export default function StaffGalleryPage() {
  useDocumentTitle("Staff gallery");
  return <GalleryScreen />;
}
