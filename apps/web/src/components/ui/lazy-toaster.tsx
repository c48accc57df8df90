import { lazy, Suspense } from "react";
import { useToasts } from "./use-toast";

const Toaster = lazy(() => import("./toaster").then((m) => ({ default: m.Toaster })));

/**
 * The toaster, downloaded with the first toast: pages that are usually read and not
 * interacted with (the prerendered public pages) do not pay for it up front.
 */
export function LazyToaster() {
  const toasts = useToasts();
  if (toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
