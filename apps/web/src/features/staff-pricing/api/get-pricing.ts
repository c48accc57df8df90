import type { PricingVersion } from "@atelier/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { pricingKeys } from "./keys";

/** GET /api/staff/pricing/: the tables in force, with their version. */
export const getPricing = () => api<PricingVersion>("/staff/pricing/");

export const pricingQuery = () => queryOptions({ queryKey: pricingKeys.inForce(), queryFn: getPricing });

export function usePricing() {
  return useQuery(pricingQuery());
}
