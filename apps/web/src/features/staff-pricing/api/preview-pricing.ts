import type { Estimate, PricingTables } from "@atelier/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export interface PricingPreview {
  current: Estimate;
  draft: Estimate;
}

/** POST /api/staff/pricing/preview/ {design_id, tables}: the design's estimate in force and under the draft; saves nothing. */
export function usePreviewPricing() {
  return useMutation({
    mutationFn: (input: { design_id: string; tables: PricingTables }) =>
      api<PricingPreview>("/staff/pricing/preview/", { method: "POST", body: input }),
  });
}
