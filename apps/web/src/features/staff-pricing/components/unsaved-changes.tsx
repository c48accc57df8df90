import { useEffect } from "react";
import { useBlocker } from "react-router";
import { ConfirmDialog } from "@/components/ui/dialog";

/**
 * Asks before leaving with unsaved changes: in the app (another page of the console) and when the
 * tab is closed or reloaded (the browser's own question).
 */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [when]);

  return (
    <ConfirmDialog
      open={blocker.state === "blocked"}
      onOpenChange={(open) => !open && blocker.state === "blocked" && blocker.reset()}
      title="Leave without saving?"
      description="Your changes to the pricing tables are not saved. If you leave now, they are lost."
      confirmLabel="Leave and discard"
      cancelLabel="Stay and keep editing"
      onConfirm={() => blocker.state === "blocked" && blocker.proceed()}
    />
  );
}
