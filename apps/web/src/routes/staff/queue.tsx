import { QueueScreen } from "@/features/staff-orders/components/queue-screen";
import { useDocumentTitle } from "@/lib/use-document-title";

export default function StaffQueuePage() {
  useDocumentTitle("Staff queue");
  return <QueueScreen />;
}
