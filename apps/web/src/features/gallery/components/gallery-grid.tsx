import { useGalleryPosts } from "../api/gallery-posts";
import { formatGalleryDate, GalleryEmpty, GalleryError, GALLERY_LOADING } from "./gallery-states";
import { GalleryImage } from "./gallery-image";

/** Every published post with the customer's words (the /gallery page). */
export function GalleryGrid() {
  const { status, data, retry } = useGalleryPosts();
  if (status === "error") return <GalleryError message="Failed to load gallery items" onRetry={retry} />;
  if (status !== "success") {
    return (
      <div role="status" className="flex flex-col gap-8">
        <p className="text-center text-sm text-muted">{GALLERY_LOADING}</p>
        <ul aria-hidden className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
          {Array.from({ length: 6 }, (_, i) => (
            <li key={i} className="flex flex-col gap-4">
              <div className="aspect-square animate-pulse rounded-[var(--radius-card)] bg-surface-muted" />
              <div className="h-5 w-4/5 animate-pulse rounded bg-surface-muted" />
              <div className="h-4 w-1/3 animate-pulse rounded bg-surface-muted" />
            </li>
          ))}
        </ul>
      </div>
    );
  }
  if (data.length === 0) return <GalleryEmpty />;
  return (
    <ul className="grid gap-x-8 gap-y-12 sm:grid-cols-2 lg:grid-cols-3">
      {data.map((post) => (
        <li key={post.id}>
          <figure className="flex flex-col gap-5">
            <GalleryImage
              post={post}
              sizes="(min-width: 1024px) 352px, (min-width: 640px) 45vw, 100vw"
              className="aspect-square w-full rounded-[var(--radius-card)] object-cover shadow-[var(--shadow-card)]"
            />
            <blockquote className="font-display text-2xl leading-snug text-foreground">
              <p>“{post.customer_quote}”</p>
            </blockquote>
            <figcaption className="flex items-center justify-between gap-4 border-t border-border pt-3 text-sm">
              <span className="font-medium text-foreground">{post.customer_name}</span>
              <span className="text-muted">{formatGalleryDate(post.date)}</span>
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}
