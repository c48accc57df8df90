import { StaffInboxScreen } from "@/features/messages/components/staff-inbox-screen";
import { useDocumentTitle } from "@/lib/use-document-title";

export default function StaffMessagesPage() {
  useDocumentTitle("Messages · Staff");
  return <StaffInboxScreen />;
}
