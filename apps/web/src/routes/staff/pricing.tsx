import { PricingScreen } from "@/features/staff-pricing/components/pricing-screen";
import { useDocumentTitle } from "@/lib/use-document-title";

export default function StaffPricingPage() {
  useDocumentTitle("Staff pricing");
  return <PricingScreen />;
}
