import { AddressesSection } from "@/features/addresses/components/addresses-section";
import { ProfileScreen } from "@/features/auth/components/profile-screen";
import { useDocumentTitle } from "@/lib/use-document-title";

export default function ProfilePage() {
  useDocumentTitle("Profile");
  return <ProfileScreen addresses={<AddressesSection />} />;
}
