import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { designKeys } from "./get-designs";
import { uploadKeys } from "./get-uploads";

/** DELETE /api/designs/{id}/ */
export const deleteDesign = (id: string) => api<null>(`/designs/${encodeURIComponent(id)}/`, { method: "DELETE" });

export function useDeleteDesign() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteDesign,
    onSuccess: (_, id) => {
      qc.removeQueries({ queryKey: designKeys.detail(id) });
      void qc.invalidateQueries({ queryKey: designKeys.lists() });
      void qc.invalidateQueries({ queryKey: uploadKeys.all });
    },
  });
}
