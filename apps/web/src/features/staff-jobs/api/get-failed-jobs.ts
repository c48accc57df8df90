import type { Paginated, StaffJob } from "@atelier/contract";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { JOBS_REFRESH_MS, jobsKeys } from "./keys";

/** GET /api/staff/jobs/failed/?page= (admins): failed jobs, newest failure first, each with its reason. */
export const getFailedJobs = (page: number) => api<Paginated<StaffJob>>(`/staff/jobs/failed/?page=${page}`);

export const failedJobsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: jobsKeys.failed(page),
    queryFn: () => getFailedJobs(page),
    placeholderData: keepPreviousData,
    refetchInterval: JOBS_REFRESH_MS,
  });

export function useFailedJobs(page: number) {
  return useQuery(failedJobsQueryOptions(page));
}
