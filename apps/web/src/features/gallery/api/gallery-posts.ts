import type { GalleryPost } from "@atelier/contract";
import { api } from "@/lib/api-client";
import { createRemoteResource } from "@/lib/remote-resource";

/** GET /api/social-proof/ (public). */
const galleryPosts = createRemoteResource((signal) => api<GalleryPost[]>("/social-proof/", { anonymous: true, signal }));

export const useGalleryPosts = galleryPosts.useResource;
export const resetGalleryPosts = galleryPosts.reset;
