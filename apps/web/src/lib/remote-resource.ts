import { useCallback, useEffect, useSyncExternalStore } from "react";

export type ResourceState<T> =
  | { status: "idle" | "loading"; data: undefined; error: undefined }
  | { status: "success"; data: T; error: undefined }
  | { status: "error"; data: undefined; error: unknown };

const IDLE = { status: "idle", data: undefined, error: undefined } as const;

/**
 * One shared, cached GET for the public pages. They are hydrated without TanStack Query to
 * stay inside the landing page's JavaScript budget (see docs/decisions/003-public-site-prerendering.md), so
 * this is the small piece of it they need: load once, share between components, retry.
 */
export function createRemoteResource<T>(fetcher: (signal: AbortSignal) => Promise<T>) {
  let state: ResourceState<T> = IDLE;
  const listeners = new Set<() => void>();
  const set = (next: ResourceState<T>) => {
    state = next;
    for (const l of listeners) l();
  };

  function load(force = false): void {
    if (state.status === "loading" || (!force && state.status === "success")) return;
    set({ status: "loading", data: undefined, error: undefined });
    fetcher(new AbortController().signal).then(
      (data) => set({ status: "success", data, error: undefined }),
      (error: unknown) => set({ status: "error", data: undefined, error }),
    );
  }

  function useResource(): ResourceState<T> & { retry: () => void } {
    const current = useSyncExternalStore(
      (l) => {
        listeners.add(l);
        return () => listeners.delete(l);
      },
      () => state,
      // Prerendering and the first (hydrating) render see the loading state.
      () => IDLE as ResourceState<T>,
    );
    useEffect(() => load(), []);
    const retry = useCallback(() => load(true), []);
    return { ...current, retry };
  }

  return { useResource, load, reset: () => set(IDLE) };
}
