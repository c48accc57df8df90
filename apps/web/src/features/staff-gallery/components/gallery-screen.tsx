import type { StaffGalleryPost } from "@atelier/contract";
import { ArrowDown, ArrowUp, ExternalLink, Eye, EyeOff, ImageOff, Images, Pencil, Plus, Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { EmptyState, ErrorState } from "@/components/ui/states";
import { toast } from "@/components/ui/use-toast";
import { paths } from "@/config/paths";
import { errorMessage } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { useGalleryPosts } from "../api/get-gallery-posts";
import { useReorderGalleryPosts } from "../api/reorder-gallery-posts";
import { useDeleteGalleryPost, useSetGalleryPostPublished } from "../api/save-gallery-post";
import { movePost } from "../utils/gallery-form";
import { GalleryPostDialog } from "./gallery-post-dialog";
import { possessive } from "../utils/possessive";

type Direction = "up" | "down";

/** A calendar day (YYYY-MM-DD) in the reader's words, never shifted by a time zone. */
function formatDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? date : new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeZone: "UTC" }).format(d);
}

/**
 * The staff gallery (/staff/gallery): every post, hidden ones too, in the order visitors see them;
 * add, edit, move, hide and delete. The home page and /gallery show the change on their next load.
 */
export function GalleryScreen() {
  const posts = useGalleryPosts();
  const reorder = useReorderGalleryPosts();
  const setPublished = useSetGalleryPostPublished();
  const remove = useDeleteGalleryPost();
  const [editing, setEditing] = useState<{ post: StaffGalleryPost | null } | null>(null);
  const [deleting, setDeleting] = useState<StaffGalleryPost | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const refocus = useRef<{ id: string; direction: Direction } | null>(null);

  // A moved row's button keeps the focus (moving its element in the page drops it), so the
  // keyboard can go on moving; at the top or bottom the other arrow takes it.
  useEffect(() => {
    const target = refocus.current;
    if (!target) return;
    refocus.current = null;
    const other: Direction = target.direction === "up" ? "down" : "up";
    const el = buttons.current.get(`${target.id}:${target.direction}`);
    (el && !el.disabled ? el : buttons.current.get(`${target.id}:${other}`))?.focus();
  }, [posts.data]);

  const list = posts.data ?? [];
  const hidden = list.filter((p) => !p.published).length;

  function move(index: number, direction: Direction) {
    const to = direction === "up" ? index - 1 : index + 1;
    const post = list[index];
    if (!post || to < 0 || to >= list.length) return;
    refocus.current = { id: post.id, direction };
    setAnnouncement(`${possessive(post.customer_name)} post moved to position ${to + 1} of ${list.length}.`);
    reorder.mutate(movePost(list, index, to), {
      onError: (err) => {
        setAnnouncement("");
        toast({ variant: "destructive", title: "The order was not saved", description: errorMessage(err, "Please try again.") });
      },
    });
  }

  function togglePublished(post: StaffGalleryPost) {
    const published = !post.published;
    setPublished.mutate(
      { id: post.id, published },
      {
        onSuccess: () =>
          toast(
            published
              ? { title: "Post shown", description: `${possessive(post.customer_name)} post is back on the public gallery.` }
              : { title: "Post hidden", description: `${possessive(post.customer_name)} post no longer shows on the public gallery.` },
          ),
        onError: (err) =>
          toast({
            variant: "destructive",
            title: published ? "The post could not be shown" : "The post could not be hidden",
            description: errorMessage(err, "Please try again."),
          }),
      },
    );
  }

  function confirmDelete() {
    if (!deleting) return;
    const post = deleting;
    remove.mutate(post.id, {
      onSuccess: () => {
        setDeleting(null);
        toast({ title: "Post deleted", description: `${possessive(post.customer_name)} post and its photograph are gone.` });
      },
      onError: (err) => {
        setDeleting(null);
        toast({ variant: "destructive", title: "The post could not be deleted", description: errorMessage(err, "Please try again.") });
      },
    });
  }

  const newPost = (
    <Button onClick={() => setEditing({ post: null })}>
      <Plus /> New post
    </Button>
  );

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-5 md:flex-row md:items-end md:justify-between">
        <div className="flex flex-col gap-2">
          <p className="eyebrow">Staff console</p>
          <h1 className="text-4xl sm:text-5xl">Gallery</h1>
          <p className="max-w-2xl text-muted">
            Finished pieces with their customers&apos; words, shown on the home page and the public gallery in this order.
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2 md:shrink-0">
          <Button variant="ghost" asChild>
            <a href={paths.gallery.getHref()} target="_blank" rel="noreferrer">
              <ExternalLink /> Public gallery <span className="sr-only">(opens in a new tab)</span>
            </a>
          </Button>
          {newPost}
        </div>
      </div>

      {posts.isPending ? (
        <GallerySkeleton />
      ) : posts.isError ? (
        <ErrorState message="The gallery could not be loaded. Please try again." onRetry={() => void posts.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState
          icon={<Images />}
          title="No gallery posts yet"
          description="Add a finished piece with its customer's words: it appears on the home page and the public gallery."
          action={newPost}
        />
      ) : (
        <section aria-labelledby="gallery-list-title" className="flex flex-col gap-4">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="gallery-list-title" className="text-3xl">
              In public order
            </h2>
            <p className="text-sm text-muted" data-testid="gallery-summary">
              {list.length === 1 ? "1 post" : `${list.length} posts`}
              {hidden > 0 && ` · ${hidden} hidden`}
            </p>
          </div>
          <Card className="overflow-hidden">
            <ol className="divide-y divide-border" aria-label="Gallery posts">
              {list.map((post, i) => (
                <GalleryRow
                  key={post.id}
                  post={post}
                  index={i}
                  count={list.length}
                  onMove={(direction) => move(i, direction)}
                  onEdit={() => setEditing({ post })}
                  onTogglePublished={() => togglePublished(post)}
                  onDelete={() => setDeleting(post)}
                  toggling={setPublished.isPending && setPublished.variables?.id === post.id}
                  buttonRef={(direction, el) => {
                    const key = `${post.id}:${direction}`;
                    if (el) buttons.current.set(key, el);
                    else buttons.current.delete(key);
                  }}
                />
              ))}
            </ol>
          </Card>
          <p className="text-xs text-muted">
            New posts come first. Move a post with its arrows; the public pages follow on their next load.
          </p>
        </section>
      )}
      <p className="sr-only" role="status" aria-live="polite">
        {announcement}
      </p>

      <GalleryPostDialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)} post={editing?.post ?? null} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && !remove.isPending && setDeleting(null)}
        title="Delete this post?"
        description={
          deleting
            ? `${possessive(deleting.customer_name)} post and its photograph are removed from the gallery for good. To take it off the public pages for a while, hide it instead.`
            : ""
        }
        confirmLabel="Delete post"
        cancelLabel="Keep post"
        loading={remove.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}

function GalleryRow({
  post,
  index,
  count,
  onMove,
  onEdit,
  onTogglePublished,
  onDelete,
  toggling,
  buttonRef,
}: {
  post: StaffGalleryPost;
  index: number;
  count: number;
  onMove: (direction: Direction) => void;
  onEdit: () => void;
  onTogglePublished: () => void;
  onDelete: () => void;
  toggling: boolean;
  buttonRef: (direction: Direction, el: HTMLButtonElement | null) => void;
}) {
  const [broken, setBroken] = useState(false);
  const whose = possessive(post.customer_name);
  return (
    <li className="flex flex-col gap-4 px-4 py-5 sm:px-6 lg:flex-row lg:items-center lg:gap-6" data-testid="gallery-row">
      <div className="flex min-w-0 flex-1 gap-4 sm:gap-6">
        <div
          className={cn(
            "relative size-24 shrink-0 overflow-hidden rounded-md border border-border bg-surface-muted sm:size-32",
            !post.published && "opacity-70",
          )}
        >
          {post.image && !broken ? (
            <img
              src={post.image}
              alt={`The piece made for ${post.customer_name}`}
              className={cn("size-full object-cover", !post.published && "grayscale-[40%]")}
              loading="lazy"
              onError={() => setBroken(true)}
            />
          ) : (
            <span className="flex size-full items-center justify-center text-muted" title="The photograph is missing">
              <ImageOff className="size-6" aria-hidden />
              <span className="sr-only">No photograph</span>
            </span>
          )}
          <span className="absolute left-1.5 top-1.5 flex size-6 items-center justify-center rounded-full bg-surface/90 text-xs font-semibold tabular-nums shadow-sm">
            <span className="sr-only">Position</span> {index + 1}
          </span>
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="font-sans text-base font-medium">{post.customer_name}</h3>
            {!post.published && (
              <Badge tone="neutral">
                <EyeOff className="mr-1 size-3" aria-hidden />
                Hidden
              </Badge>
            )}
          </div>
          <blockquote className={cn("line-clamp-3 font-display text-lg leading-snug sm:text-xl", !post.published && "text-foreground/70")}>
            <p>“{post.customer_quote}”</p>
          </blockquote>
          <p className="text-xs text-muted">
            Delivered <time dateTime={post.date}>{formatDay(post.date)}</time>
          </p>
        </div>
      </div>

      {/* Below the row on phones and tablets (under the words), beside it on desks. */}
      <div className="flex flex-wrap items-center gap-2 sm:pl-38 lg:shrink-0 lg:flex-nowrap lg:pl-0">
        <div
          className="flex items-center gap-1 rounded-md border border-border p-0.5 lg:flex-col"
          role="group"
          aria-label={`Move ${whose} post`}
        >
          <Button
            ref={(el) => buttonRef("up", el)}
            variant="ghost"
            size="icon"
            className="size-9"
            disabled={index === 0}
            onClick={() => onMove("up")}
            aria-label={`Move ${whose} post up`}
          >
            <ArrowUp />
          </Button>
          <Button
            ref={(el) => buttonRef("down", el)}
            variant="ghost"
            size="icon"
            className="size-9"
            disabled={index === count - 1}
            onClick={() => onMove("down")}
            aria-label={`Move ${whose} post down`}
          >
            <ArrowDown />
          </Button>
        </div>
        <Button variant="secondary" size="sm" onClick={onEdit}>
          <Pencil /> Edit <span className="sr-only">{whose} post</span>
        </Button>
        <Button variant="secondary" size="sm" onClick={onTogglePublished} loading={toggling} className="min-w-[5.5rem]">
          {!toggling && (post.published ? <EyeOff /> : <Eye />)}
          {post.published ? "Hide" : "Show"} <span className="sr-only">{whose} post</span>
        </Button>
        <Button variant="ghost" size="sm" onClick={onDelete} className="text-destructive hover:bg-destructive-soft max-sm:px-2.5">
          <Trash2 /> <span className="max-sm:sr-only">Delete</span> <span className="sr-only">{whose} post</span>
        </Button>
      </div>
    </li>
  );
}

function GallerySkeleton() {
  return (
    <Card className="divide-y divide-border" aria-busy="true">
      <span className="sr-only" role="status">
        Loading the gallery…
      </span>
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="flex items-center gap-4 px-4 py-5 sm:gap-6 sm:px-6">
          <Skeleton className="size-24 shrink-0 sm:size-32" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-4 w-32" />
            <Skeleton className="h-6 w-4/5" />
            <Skeleton className="h-6 w-3/5" />
            <Skeleton className="h-3 w-24" />
          </div>
          <Skeleton className="hidden h-8 w-64 lg:block" />
        </div>
      ))}
    </Card>
  );
}
