import { NotificationsScreen } from "@/features/notifications/components/notifications-screen";
import { useDocumentTitle } from "@/lib/use-document-title";

export default function NotificationsPage() {
  useDocumentTitle("Notifications");
  return <NotificationsScreen />;
}
