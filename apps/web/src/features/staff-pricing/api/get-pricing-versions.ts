import type { Paginated, PricingVersion } from "@atelier/contract";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { pricingKeys } from "./keys";

export type PricingVersionSummary = Omit<PricingVersion, "tables">;

/** GET /api/staff/pricing/versions/?page=: saved versions, newest first, with who saved each and when. */
export const getPricingVersions = (page: number) => api<Paginated<PricingVersionSummary>>(`/staff/pricing/versions/?page=${page}`);

export function usePricingVersions(page: number) {
  return useQuery(
    queryOptions({ queryKey: pricingKeys.versions(page), queryFn: () => getPricingVersions(page), placeholderData: keepPreviousData }),
  );
}

/** GET /api/staff/pricing/versions/{version}/: one version with its tables. */
export const getPricingVersion = (version: number) => api<PricingVersion>(`/staff/pricing/versions/${version}/`);

export function usePricingVersion(version: number | null) {
  return useQuery(
    queryOptions({
      queryKey: pricingKeys.version(version ?? 0),
      queryFn: () => getPricingVersion(version ?? 0),
      enabled: version !== null,
      // A saved version never changes.
      staleTime: Infinity,
    }),
  );
}
