import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { invalidateLifecycle } from "./keys";

/** POST /api/cad-designs/{id}/approve/: the order is reloaded afterwards (spec §4). */
export const approveCadDesign = (cadDesignId: string) => api<unknown>(`/cad-designs/${encodeURIComponent(cadDesignId)}/approve/`, { method: "POST" });

export function useApproveCadDesign() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: approveCadDesign, onSuccess: () => invalidateLifecycle(qc) });
}
