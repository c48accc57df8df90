import { useSyncExternalStore, type ReactNode } from "react";

/** Spec §9: one toast visible at a time; a new one replaces the previous. */
const TOAST_LIMIT = 1;
/** Spec §9: the removal delay after a toast closes. */
const TOAST_REMOVE_DELAY = 1_000_000;

export type ToastVariant = "default" | "destructive";

export interface ToastData {
  id: string;
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  open: boolean;
}

let toasts: ToastData[] = [];
const listeners = new Set<() => void>();
let count = 0;

function emit(next: ToastData[]) {
  toasts = next;
  for (const l of listeners) l();
}

export function toast(input: { title?: ReactNode; description?: ReactNode; variant?: ToastVariant }): { id: string; dismiss: () => void } {
  count = (count + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(count);
  emit([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

export function dismissToast(id: string): void {
  emit(toasts.map((t) => (t.id === id ? { ...t, open: false } : t)));
  setTimeout(() => emit(toasts.filter((t) => t.id !== id)), TOAST_REMOVE_DELAY);
}

export function useToasts(): ToastData[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => toasts,
    () => toasts,
  );
}
