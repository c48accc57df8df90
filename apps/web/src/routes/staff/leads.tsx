import { LeadsScreen } from "@/features/staff-leads/components/leads-screen";
import { useDocumentTitle } from "@/lib/use-document-title";

export default function StaffLeadsPage() {
  useDocumentTitle("Leads");
  return <LeadsScreen />;
}
