import type { Design, DesignInput } from "@atelier/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiUpload } from "@/lib/api-client";
import { buildDesignFormData } from "./design-upload";
import { designKeys } from "./get-designs";
import { uploadKeys } from "./get-uploads";

export interface DesignUpload {
  data: DesignInput;
  images: File[];
  onProgress?: (fraction: number) => void;
}

/** POST /api/designs/ (multipart). */
export const createDesign = ({ data, images, onProgress }: DesignUpload) =>
  apiUpload<Design>("/designs/", buildDesignFormData(data, images), onProgress ? { onProgress } : {});

export function useCreateDesign() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createDesign,
    onSuccess: (design) => {
      qc.setQueryData(designKeys.detail(design.id), design);
      void qc.invalidateQueries({ queryKey: designKeys.lists() });
      void qc.invalidateQueries({ queryKey: uploadKeys.all });
    },
  });
}
