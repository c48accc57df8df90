import type { Design } from "@atelier/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { designKeys } from "./get-designs";

/** GET /api/designs/{id}/ */
export const getDesign = (id: string) => api<Design>(`/designs/${encodeURIComponent(id)}/`);

export const designQueryOptions = (id: string) => queryOptions({ queryKey: designKeys.detail(id), queryFn: () => getDesign(id) });

export function useDesign(id: string | undefined, options: { initialData?: Design | undefined } = {}) {
  return useQuery({
    ...designQueryOptions(id ?? ""),
    enabled: Boolean(id),
    ...(options.initialData ? { initialData: options.initialData } : {}),
  });
}
