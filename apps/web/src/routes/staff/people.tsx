import { PeopleScreen } from "@/features/staff-people/components/people-screen";
import { useDocumentTitle } from "@/lib/use-document-title";

export default function StaffPeoplePage() {
  useDocumentTitle("People");
  return <PeopleScreen />;
}
