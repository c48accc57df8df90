import type { StaffLead } from "@atelier/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { auditKey, leadKeys } from "./keys";

/** POST /api/staff/leads/{id}/handled/ {handled}: marks a lead handled, or open again; answers the lead. */
export const setLeadHandled = (id: string, handled: boolean) =>
  api<StaffLead>(`/staff/leads/${encodeURIComponent(id)}/handled/`, { method: "POST", body: { handled } });

export function useSetLeadHandled() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, handled }: { id: string; handled: boolean }) => setLeadHandled(id, handled),
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: leadKeys.all }), qc.invalidateQueries({ queryKey: auditKey })]),
  });
}
