import { MAX_IMAGE_BYTES, type StaffGalleryPost } from "@atelier/contract";
import { checkImageFiles, type ImageRules } from "@/components/ui/image-dropzone";
import { ApiError } from "@/lib/api-client";
import type { GalleryPostValues } from "../api/save-gallery-post";

/** The photographs a gallery post may show (the server checks the content again): no GIF in the shop window. */
export const GALLERY_IMAGE_RULES: ImageRules = {
  maxFiles: 1,
  maxBytes: MAX_IMAGE_BYTES,
  accept: ["image/jpeg", "image/png", "image/webp"],
};

export const MISSING_IMAGE_MESSAGE = "Add a photograph of the piece.";
export const NAME_MAX = 120;
export const QUOTE_MAX = 600;

export type GalleryFormErrors = Partial<Record<keyof GalleryPostValues | "image" | "form", string>>;

/** Today as YYYY-MM-DD in the reader's calendar (the default date of a new post). */
export function today(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function valuesOf(post: StaffGalleryPost | null, now = new Date()): GalleryPostValues {
  return post
    ? { customer_name: post.customer_name, customer_quote: post.customer_quote, date: post.date, published: post.published }
    : { customer_name: "", customer_quote: "", date: today(now), published: true };
}

/** A picked file's problem (type or size), or null when it may be sent. */
export function checkGalleryImage(file: File): string | null {
  return checkImageFiles([file], 0, GALLERY_IMAGE_RULES).messages[0]?.replace(" and was not added", "") ?? null;
}

const FIELDS = ["customer_name", "customer_quote", "date", "published", "image"] as const;

/** A refused save as messages per field (400 `{field: [msg]}`), else one message for the form. */
export function serverErrors(err: unknown): GalleryFormErrors {
  if (!(err instanceof ApiError)) return { form: "The post could not be saved. Please try again." };
  const errors: GalleryFormErrors = {};
  if (err.status === 400) {
    for (const field of FIELDS) {
      const message = err.field(field);
      if (message) errors[field] = message;
    }
    const other = err.field("non_field_errors");
    if (other) errors.form = other;
    if (Object.keys(errors).length > 0) return errors;
  }
  // 413 (too large), 415 or anything else: the server's own words.
  if (err.status === 413 || err.status === 415) return { image: err.message };
  return {
    form: err.status === 0 || err.message.startsWith("Request failed") ? "The post could not be saved. Please try again." : err.message,
  };
}

/** The list with the post at `from` moved to `to`, positions renumbered as the server would. */
export function movePost(posts: readonly StaffGalleryPost[], from: number, to: number): StaffGalleryPost[] {
  const next = [...posts];
  const [moved] = next.splice(from, 1);
  if (!moved) return next;
  next.splice(Math.max(0, Math.min(to, next.length)), 0, moved);
  return next.map((p, i) => ({ ...p, position: i }));
}
