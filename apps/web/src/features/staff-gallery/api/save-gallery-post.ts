import type { StaffGalleryPost } from "@atelier/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, apiUpload } from "@/lib/api-client";
import { galleryKeys } from "./keys";

export interface GalleryPostValues {
  customer_name: string;
  customer_quote: string;
  /** YYYY-MM-DD */
  date: string;
  published: boolean;
}

const postPath = (id: string) => `/staff/gallery/${encodeURIComponent(id)}/`;

/** The multipart body both endpoints read: the text fields, then the photograph (`image`) when there is one. */
export function galleryFormData(values: Partial<GalleryPostValues>, image: File | null): FormData {
  const form = new FormData();
  if (values.customer_name !== undefined) form.append("customer_name", values.customer_name.trim());
  if (values.customer_quote !== undefined) form.append("customer_quote", values.customer_quote.trim());
  if (values.date !== undefined) form.append("date", values.date);
  if (values.published !== undefined) form.append("published", String(values.published));
  if (image) form.append("image", image, image.name);
  return form;
}

export interface SaveGalleryPostInput {
  /** Absent for a new post. */
  id?: string;
  values: GalleryPostValues;
  /** Required for a new post; for an edit, a replacement photograph or null to keep the current one. */
  image: File | null;
  onProgress?: (fraction: number) => void;
}

/** POST /api/staff/gallery/ (a new post comes first) or PATCH /api/staff/gallery/{id}/, multipart, with upload progress. */
export function useSaveGalleryPost() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values, image, onProgress }: SaveGalleryPostInput) =>
      apiUpload<StaffGalleryPost>(id ? postPath(id) : "/staff/gallery/", galleryFormData(values, image), {
        method: id ? "PATCH" : "POST",
        ...(onProgress && { onProgress }),
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: galleryKeys.all }),
  });
}

/** PATCH /api/staff/gallery/{id}/ with `published` only: show or hide a post on the public gallery. */
export function useSetGalleryPostPublished() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, published }: { id: string; published: boolean }) =>
      api<StaffGalleryPost>(postPath(id), { method: "PATCH", body: galleryFormData({ published }, null) }),
    onSuccess: (post) => {
      qc.setQueryData<StaffGalleryPost[]>(galleryKeys.list(), (posts) => posts?.map((p) => (p.id === post.id ? post : p)));
      return qc.invalidateQueries({ queryKey: galleryKeys.all });
    },
  });
}

/** DELETE /api/staff/gallery/{id}/: the post and its photograph. */
export function useDeleteGalleryPost() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<null>(postPath(id), { method: "DELETE" }),
    onSuccess: (_data, id) => {
      qc.setQueryData<StaffGalleryPost[]>(galleryKeys.list(), (posts) => posts?.filter((p) => p.id !== id));
      return qc.invalidateQueries({ queryKey: galleryKeys.all });
    },
  });
}
