import type { Design, DesignFromLink } from "@atelier/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { designKeys } from "./get-designs";

/** POST /api/designs/ with JSON: the save of a reviewed extracted product (spec §7). */
export const saveLinkDesign = (payload: DesignFromLink) => api<Design>("/designs/", { method: "POST", body: payload });

export function useSaveLinkDesign() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveLinkDesign,
    onSuccess: () => void qc.invalidateQueries({ queryKey: designKeys.lists() }),
  });
}
