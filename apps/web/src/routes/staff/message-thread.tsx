import { useParams } from "react-router";
import { ThreadScreen } from "@/features/messages/components/thread-screen";

export default function StaffMessageThreadPage() {
  const { conversationId = "" } = useParams();
  return <ThreadScreen key={conversationId} id={conversationId} staffView />;
}
