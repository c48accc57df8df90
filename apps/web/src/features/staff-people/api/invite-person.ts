import type { CreateStaffInput, StaffPerson } from "@atelier/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { auditKey, peopleKeys } from "./keys";

/** POST /api/staff/people/: a staff or admin account; the server e-mails a one-time set-password link. */
export const invitePerson = (input: CreateStaffInput) => api<StaffPerson>("/staff/people/", { method: "POST", body: input });

export function useInvitePerson() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: invitePerson,
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: peopleKeys.all }), qc.invalidateQueries({ queryKey: auditKey })]),
  });
}
