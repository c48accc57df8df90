import { JobsScreen } from "@/features/staff-jobs/components/jobs-screen";
import { useDocumentTitle } from "@/lib/use-document-title";

export default function StaffJobsPage() {
  useDocumentTitle("Background jobs");
  return <JobsScreen />;
}
