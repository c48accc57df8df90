import type { Design } from "@atelier/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiUpload } from "@/lib/api-client";
import type { DesignUpload } from "./create-design";
import { buildDesignFormData } from "./design-upload";
import { designKeys } from "./get-designs";
import { uploadKeys } from "./get-uploads";

/** PUT /api/designs/{id}/ (multipart; `data.remove_image_ids` drops stored images). */
export const updateDesign = ({ id, data, images, onProgress }: DesignUpload & { id: string }) =>
  apiUpload<Design>(`/designs/${encodeURIComponent(id)}/`, buildDesignFormData(data, images), { method: "PUT", ...(onProgress ? { onProgress } : {}) });

export function useUpdateDesign() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateDesign,
    onSuccess: (design) => {
      qc.setQueryData(designKeys.detail(design.id), design);
      void qc.invalidateQueries({ queryKey: designKeys.lists() });
      void qc.invalidateQueries({ queryKey: uploadKeys.all });
    },
  });
}
