import { MessagesScreen } from "@/features/messages/components/messages-screen";
import { useDocumentTitle } from "@/lib/use-document-title";

export default function MessagesPage() {
  useDocumentTitle("Messages");
  return <MessagesScreen />;
}
