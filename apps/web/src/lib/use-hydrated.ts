import { useSyncExternalStore } from "react";

const subscribeNothing = () => () => undefined;

/**
 * False in prerendered HTML and during hydration, true once React owns the page. Forms use it
 * to let the browser do the work until then (native validation, a real submission) and take
 * over afterwards, without a hydration mismatch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
}
