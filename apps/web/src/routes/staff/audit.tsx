import { AuditScreen } from "@/features/staff-audit/components/audit-screen";
import { useDocumentTitle } from "@/lib/use-document-title";

export default function StaffAuditPage() {
  useDocumentTitle("Audit log");
  return <AuditScreen />;
}
