import type { SearchResponse } from "@atelier/contract";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** Every search key starts with `search`. */
export const searchKeys = {
  all: ["search"] as const,
  query: (q: string, limit: number) => [...searchKeys.all, q, limit] as const,
};

/** GET /api/search/?q=…&limit=…: the signed-in user's orders and designs (staff: everything and customers), grouped. */
export const getSearch = (q: string, limit: number, signal?: AbortSignal) =>
  api<SearchResponse>(`/search/?q=${encodeURIComponent(q)}&limit=${limit}`, signal ? { signal } : {});

export const searchQueryOptions = (q: string, limit: number) =>
  queryOptions({
    queryKey: searchKeys.query(q, limit),
    queryFn: ({ signal }) => getSearch(q, limit, signal),
    staleTime: 30_000,
  });

/** Nothing is asked for an empty query; while the next answer comes, the previous one stays. */
export function useSearch(q: string, limit: number) {
  return useQuery({ ...searchQueryOptions(q, limit), enabled: q !== "", placeholderData: keepPreviousData });
}
