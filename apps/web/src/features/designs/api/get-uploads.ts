import type { Paginated, Upload } from "@atelier/contract";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export const uploadKeys = {
  all: ["uploads"] as const,
  list: (page: number) => [...uploadKeys.all, "list", page] as const,
};

/** GET /api/uploads/?page=n */
export const getUploads = (page: number) => api<Paginated<Upload>>(`/uploads/?page=${page}`);

export const uploadsQueryOptions = (page: number) =>
  queryOptions({ queryKey: uploadKeys.list(page), queryFn: () => getUploads(page), placeholderData: keepPreviousData });

export function useUploads(page: number) {
  return useQuery(uploadsQueryOptions(page));
}
