import type { StaffGalleryPost } from "@atelier/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { galleryKeys } from "./keys";

/** GET /api/staff/gallery/: every post, hidden ones too, in the public order. */
export const getGalleryPosts = () => api<StaffGalleryPost[]>("/staff/gallery/");

export const galleryPostsQuery = () => queryOptions({ queryKey: galleryKeys.list(), queryFn: getGalleryPosts });

export function useGalleryPosts() {
  return useQuery(galleryPostsQuery());
}
