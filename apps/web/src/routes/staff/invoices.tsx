import { InvoiceExportScreen } from "@/features/staff-invoices/components/invoice-export-screen";
import { useDocumentTitle } from "@/lib/use-document-title";

export default function StaffInvoicesPage() {
  useDocumentTitle("Invoices");
  return <InvoiceExportScreen />;
}
