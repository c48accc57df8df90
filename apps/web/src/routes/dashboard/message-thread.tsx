import { useParams } from "react-router";
import { ThreadScreen } from "@/features/messages/components/thread-screen";

export default function MessageThreadPage() {
  const { conversationId = "" } = useParams();
  return <ThreadScreen key={conversationId} id={conversationId} />;
}
