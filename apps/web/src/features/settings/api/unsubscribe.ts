import type { UnsubscribeResult } from "@atelier/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

const query = (token: string) => `?token=${encodeURIComponent(token)}`;

/** POST /api/unsubscribe/?token=…: no sign-in, the token is signed. */
export const unsubscribe = (token: string) => api<UnsubscribeResult>(`/unsubscribe/${query(token)}`, { method: "POST", anonymous: true });

/** POST /api/unsubscribe/resubscribe/?token=…: undo. */
export const resubscribe = (token: string) =>
  api<UnsubscribeResult>(`/unsubscribe/resubscribe/${query(token)}`, { method: "POST", anonymous: true });

export function useUnsubscribe() {
  return useMutation({ mutationFn: unsubscribe });
}

export function useResubscribe() {
  return useMutation({ mutationFn: resubscribe });
}
