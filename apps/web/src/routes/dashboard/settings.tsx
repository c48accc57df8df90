import { SettingsScreen } from "@/features/settings/components/settings-screen";
import { useDocumentTitle } from "@/lib/use-document-title";

export default function SettingsPage() {
  useDocumentTitle("Settings");
  return <SettingsScreen />;
}
