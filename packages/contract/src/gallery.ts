import { z } from "zod";

/** A customer piece with their words, shown in the landing page's carousel and on /gallery (spec §3). */
export const galleryPostSchema = z.object({
  id: z.string(),
  /** A public URL of the picture (the project's own images live under /images/gallery/). */
  image: z.string(),
  customer_name: z.string(),
  customer_quote: z.string(),
  /** The day the piece was delivered, `YYYY-MM-DD`. */
  date: z.string(),
});
export type GalleryPost = z.infer<typeof galleryPostSchema>;
export const galleryPostListSchema = z.array(galleryPostSchema);
