import { NewMessageScreen } from "@/features/messages/components/new-message-screen";
import { useDocumentTitle } from "@/lib/use-document-title";

export default function NewMessagePage() {
  useDocumentTitle("New Message");
  return <NewMessageScreen />;
}
