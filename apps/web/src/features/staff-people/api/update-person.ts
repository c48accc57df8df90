import type { Role, StaffPerson } from "@atelier/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { auditKey, peopleKeys } from "./keys";

export interface PersonChange {
  role?: Role;
  is_active?: boolean;
}

/** PATCH /api/staff/people/{id}/: a new role, or deactivation (every token revoked) and reactivation. */
export const updatePerson = (id: string, change: PersonChange) =>
  api<StaffPerson>(`/staff/people/${encodeURIComponent(id)}/`, { method: "PATCH", body: change });

export function useUpdatePerson() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: PersonChange }) => updatePerson(id, change),
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: peopleKeys.all }), qc.invalidateQueries({ queryKey: auditKey })]),
    // A refusal (409: the last admin, one's own account) may mean the list is stale: read it again.
    onError: () => qc.invalidateQueries({ queryKey: peopleKeys.all }),
  });
}
