import type { GalleryPost } from "@atelier/contract";
import { Pause, Play } from "lucide-react";
import { useEffect, useState, useSyncExternalStore } from "react";
import { useGalleryPosts } from "../api/gallery-posts";
import { GalleryEmpty, GalleryError, GALLERY_LOADING } from "./gallery-states";
import { GalleryImage } from "./gallery-image";

/** Spec §9: advance every 3000 ms, loop, 3 / 5 / 8 items on small / medium / large screens. */
export const ADVANCE_MS = 3000;
const MEDIUM = "(min-width: 768px)";
const LARGE = "(min-width: 1024px)";
const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";
/** The CSS twin of perView(): each item is 1/--per-view of the track. */
const PER_VIEW_CLASS = "[--per-view:3] md:[--per-view:5] lg:[--per-view:8]";

function useMedia(query: string): boolean {
  return useSyncExternalStore(
    (l) => {
      const m = window.matchMedia(query);
      m.addEventListener("change", l);
      return () => m.removeEventListener("change", l);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

export function GalleryCarousel() {
  const { status, data, retry } = useGalleryPosts();
  if (status === "error") return <GalleryError message="Failed to load gallery posts" onRetry={retry} />;
  if (status !== "success") {
    return (
      <div role="status" className="flex flex-col gap-5 overflow-hidden">
        <div aria-hidden className={`-mx-1.5 flex ${PER_VIEW_CLASS}`}>
          {Array.from({ length: 8 }, (_, i) => (
            <div key={i} className="shrink-0 basis-[calc(100%/var(--per-view))] px-1.5">
              <div className="aspect-square animate-pulse rounded-[var(--radius-card)] bg-surface-muted" />
              <div className="mt-2 h-4 w-2/3 animate-pulse rounded bg-surface-muted" />
              <div className="mt-1.5 h-3 w-full animate-pulse rounded bg-surface-muted" />
            </div>
          ))}
        </div>
        <p className="text-center text-xs text-muted">{GALLERY_LOADING}</p>
      </div>
    );
  }
  if (data.length === 0) return <GalleryEmpty />;
  return <Track posts={data} />;
}

function Track({ posts }: { posts: GalleryPost[] }) {
  const medium = useMedia(MEDIUM);
  const large = useMedia(LARGE);
  const reducedMotion = useMedia(REDUCED_MOTION);
  const perView = large ? 8 : medium ? 5 : 3;
  const [index, setIndex] = useState(0);
  const [animate, setAnimate] = useState(true);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);

  const canMove = posts.length > perView && !reducedMotion;
  const running = canMove && !hovered && !focused && !stopped;

  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => setIndex((i) => i + 1), ADVANCE_MS);
    return () => window.clearInterval(timer);
  }, [running]);

  // After the last real item has slid in (its clones fill the view), jump back to the start unseen.
  useEffect(() => {
    if (animate) return;
    const frame = requestAnimationFrame(() => requestAnimationFrame(() => setAnimate(true)));
    return () => cancelAnimationFrame(frame);
  }, [animate]);

  const shown = canMove ? index : 0;
  const items = canMove ? [...posts, ...posts.slice(0, perView)] : posts;

  return (
    <div
      role="region"
      aria-roledescription="carousel"
      aria-label="Customer gallery"
      className="flex flex-col gap-5"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setFocused(false);
      }}
    >
      <div className="overflow-hidden">
        <ul
          className={`-mx-1.5 flex ${PER_VIEW_CLASS}`}
          aria-live={running ? "off" : "polite"}
          style={{
            transform: `translateX(calc(${-shown} * 100% / var(--per-view)))`,
            transition: animate && canMove ? "transform 700ms var(--ease-out)" : "none",
          }}
          onTransitionEnd={(e) => {
            if (e.target !== e.currentTarget) return;
            if (index >= posts.length) {
              setAnimate(false);
              setIndex(0);
            }
          }}
        >
          {items.map((post, i) => {
            const clone = i >= posts.length;
            return (
              <li key={clone ? `clone-${post.id}` : post.id} aria-hidden={clone || undefined} className="shrink-0 basis-[calc(100%/var(--per-view))] px-1.5">
                <figure className="flex flex-col gap-2">
                  <GalleryImage
                    post={post}
                    sizes="(min-width: 1024px) 140px, (min-width: 768px) 150px, 33vw"
                    className="aspect-square w-full rounded-[var(--radius-card)] object-cover shadow-[var(--shadow-card)]"
                  />
                  <figcaption className="px-0.5">
                    <span className="block truncate text-sm font-medium text-foreground">{post.customer_name}</span>
                    <span className="line-clamp-2 text-xs leading-snug text-muted">{post.customer_quote}</span>
                  </figcaption>
                </figure>
              </li>
            );
          })}
        </ul>
      </div>
      {canMove && (
        <button
          type="button"
          onClick={() => setStopped((s) => !s)}
          className="inline-flex items-center gap-2 self-center rounded-full border border-input bg-surface px-4 py-1.5 text-xs font-medium text-foreground transition-colors hover:bg-surface-muted"
        >
          {stopped ? <Play className="size-3.5" aria-hidden /> : <Pause className="size-3.5" aria-hidden />}
          {stopped ? "Play gallery" : "Pause gallery"}
        </button>
      )}
    </div>
  );
}
