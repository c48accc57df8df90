import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { designKeys } from "./get-designs";
import { uploadKeys } from "./get-uploads";

/** DELETE /api/uploads/{id}/ (a design's image disappears with it). */
export const deleteUpload = (id: string) => api<null>(`/uploads/${encodeURIComponent(id)}/`, { method: "DELETE" });

export function useDeleteUpload() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteUpload,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: uploadKeys.all });
      void qc.invalidateQueries({ queryKey: designKeys.all });
    },
  });
}
