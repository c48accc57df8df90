import type { Design, Paginated } from "@atelier/contract";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export interface DesignListParams {
  page: number;
  search: string;
}

/** Every designs query key starts with `designs`, so one invalidation refreshes lists and details. */
export const designKeys = {
  all: ["designs"] as const,
  lists: () => [...designKeys.all, "list"] as const,
  list: (params: DesignListParams) => [...designKeys.lists(), params] as const,
  details: () => [...designKeys.all, "detail"] as const,
  detail: (id: string) => [...designKeys.details(), id] as const,
};

/** GET /api/designs/?page=n (spec §7: a list or {results, count}; the contract answers the paginated shape). */
export async function getDesigns({ page, search }: DesignListParams): Promise<Paginated<Design>> {
  const query = new URLSearchParams({ page: String(page) });
  if (search) query.set("search", search);
  const res = await api<Paginated<Design> | Design[]>(`/designs/?${query.toString()}`);
  return Array.isArray(res) ? { count: res.length, next: null, previous: null, results: res } : res;
}

export const designsQueryOptions = (params: DesignListParams) =>
  queryOptions({ queryKey: designKeys.list(params), queryFn: () => getDesigns(params), placeholderData: keepPreviousData });

export function useDesigns(params: DesignListParams) {
  return useQuery(designsQueryOptions(params));
}
