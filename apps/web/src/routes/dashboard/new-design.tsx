import { useLocation } from "react-router";
import { NewDesignScreen, useEditedDesignId } from "@/features/designs/components/new-design-screen";
import { useDocumentTitle } from "@/lib/use-document-title";

export default function NewDesignPage() {
  const editId = useEditedDesignId();
  const location = useLocation();
  useDocumentTitle(editId ? "Edit Design" : "New Design");
  // A new navigation to this page (sidebar, pending design, edit) starts a fresh form.
  return <NewDesignScreen key={location.key} />;
}
