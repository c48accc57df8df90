import type { DashboardData } from "@atelier/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { dashboardKeys } from "./keys";

/** GET /api/dashboard-data/ */
export const getDashboardData = () => api<DashboardData>("/dashboard-data/");

export const dashboardDataQueryOptions = () => queryOptions({ queryKey: dashboardKeys.all, queryFn: getDashboardData });

export function useDashboardData() {
  return useQuery(dashboardDataQueryOptions());
}
