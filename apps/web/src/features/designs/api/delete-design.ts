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
      // A screen still showing the design would refetch a removed query and answer "Design not found"
      // before its own onSuccess (toast, navigation) runs; it is marked stale instead and that screen
      // removes it once it has left (see design-detail-screen).
      const detail = designKeys.detail(id);
      if (qc.getQueryCache().find({ queryKey: detail, exact: true })?.getObserversCount()) {
        void qc.invalidateQueries({ queryKey: detail, exact: true, refetchType: "none" });
      } else {
        qc.removeQueries({ queryKey: detail, exact: true });
      }
      void qc.invalidateQueries({ queryKey: designKeys.lists() });
      void qc.invalidateQueries({ queryKey: uploadKeys.all });
    },
  });
}
