import type { PricingTables, PricingVersion } from "@atelier/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { pricingKeys } from "./keys";

/** PUT /api/staff/pricing/ {tables, note} (admins): the next version, in force at once. */
export function useSavePricing() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { tables: PricingTables; note: string }) => api<PricingVersion>("/staff/pricing/", { method: "PUT", body: input }),
    onSuccess: (saved) => {
      qc.setQueryData(pricingKeys.inForce(), saved);
      qc.setQueryData(pricingKeys.version(saved.version), saved);
      return qc.invalidateQueries({ queryKey: pricingKeys.all });
    },
  });
}
