import { PaymentsScreen } from "@/features/staff-payments/components/payments-screen";
import { useDocumentTitle } from "@/lib/use-document-title";

export default function StaffPaymentsPage() {
  useDocumentTitle("Payments");
  return <PaymentsScreen />;
}
