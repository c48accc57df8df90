import type { StaffGalleryPost } from "@atelier/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { galleryKeys } from "./keys";

/** POST /api/staff/gallery/reorder/ {ids}: every post's id in the new order; answers the list. */
export const reorderGalleryPosts = (ids: string[]) => api<StaffGalleryPost[]>("/staff/gallery/reorder/", { method: "POST", body: { ids } });

/**
 * Reorders at once on screen (the move buttons must feel immediate) and puts the list back if
 * the server refuses; the server's answer then replaces the guess.
 */
export function useReorderGalleryPosts() {
  const qc = useQueryClient();
  const key = galleryKeys.list();
  const mutationKey = [...galleryKeys.all, "reorder"];
  // Quick moves send one request each; only the last one's answer (or failure) may replace the list.
  const last = () => qc.isMutating({ mutationKey }) <= 1;
  return useMutation({
    mutationKey,
    mutationFn: (posts: StaffGalleryPost[]) => reorderGalleryPosts(posts.map((p) => p.id)),
    onMutate: async (posts) => {
      await qc.cancelQueries({ queryKey: key });
      const previous = qc.getQueryData<StaffGalleryPost[]>(key);
      qc.setQueryData(key, posts);
      return { previous };
    },
    onError: async (_err, _posts, context) => {
      if (last() && context?.previous) qc.setQueryData(key, context.previous);
      else await qc.invalidateQueries({ queryKey: key });
    },
    onSuccess: (posts) => {
      if (last()) qc.setQueryData(key, posts);
    },
  });
}
