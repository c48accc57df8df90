import type { JobQueueHealth } from "@atelier/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { JOBS_REFRESH_MS, jobsKeys } from "./keys";

/** GET /api/staff/jobs/ (admins): pending, running, retrying and failed jobs, the oldest pending job's age. */
export const getQueueHealth = () => api<JobQueueHealth>("/staff/jobs/");

export const queueHealthQueryOptions = () =>
  queryOptions({ queryKey: jobsKeys.health(), queryFn: getQueueHealth, refetchInterval: JOBS_REFRESH_MS });

export function useQueueHealth() {
  return useQuery(queueHealthQueryOptions());
}
