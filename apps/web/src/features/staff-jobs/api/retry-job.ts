import type { StaffJob } from "@atelier/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { jobsKeys } from "./keys";

/** POST /api/staff/jobs/{id}/retry/: a failed job back in the queue, due now (409 when it has not failed). */
export const retryJob = (id: string) => api<StaffJob>(`/staff/jobs/${encodeURIComponent(id)}/retry/`, { method: "POST" });

export function useRetryJob() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: retryJob,
    // Success or refusal, the list and the figures have changed: read them again.
    onSettled: () => qc.invalidateQueries({ queryKey: jobsKeys.all }),
  });
}
