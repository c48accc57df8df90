import { ChevronLeft, ChevronRight, ExternalLink } from "lucide-react";
import type { KeyboardEvent } from "react";
import { Dialog, DialogContent, DialogTitle } from "./dialog";

/** Any image with a full-size address and an optional large preview (design references, order images, CAD renderings). */
export interface LightboxImage {
  id: string;
  image: string;
  preview?: string | undefined;
}

/** The full-size image of a gallery in a dialog; arrow keys and buttons move between images. */
export function ImageLightbox({
  images,
  index,
  onIndexChange,
  onClose,
  title,
}: {
  images: readonly LightboxImage[];
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  title: string;
}) {
  const open = index !== null;
  const image = index !== null ? images[index] : undefined;
  const count = images.length;
  const go = (delta: number) => index !== null && onIndexChange((index + delta + count) % count);

  function onKeyDown(e: KeyboardEvent) {
    if (count < 2) return;
    if (e.key === "ArrowRight") go(1);
    if (e.key === "ArrowLeft") go(-1);
  }

  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent aria-describedby={undefined} onKeyDown={onKeyDown} className="max-w-5xl gap-3 bg-surface p-3 sm:p-4">
        <DialogTitle className="pr-10 font-display text-xl">
          {title}
          {count > 1 && index !== null && <span className="ml-2 font-sans text-sm text-muted">{`${index + 1} of ${count}`}</span>}
        </DialogTitle>
        {image && (
          <div className="relative flex items-center justify-center overflow-hidden rounded-md bg-surface-muted">
            <img src={image.preview ?? image.image} alt={`${title}, reference ${(index ?? 0) + 1} in full size`} className="max-h-[75dvh] w-auto max-w-full object-contain" />
            {count > 1 && (
              <>
                <button
                  type="button"
                  onClick={() => go(-1)}
                  aria-label="Previous image"
                  className="absolute left-2 top-1/2 flex size-10 -translate-y-1/2 cursor-pointer items-center justify-center rounded-full bg-surface/90 text-foreground shadow hover:bg-surface"
                >
                  <ChevronLeft className="size-5" aria-hidden />
                </button>
                <button
                  type="button"
                  onClick={() => go(1)}
                  aria-label="Next image"
                  className="absolute right-2 top-1/2 flex size-10 -translate-y-1/2 cursor-pointer items-center justify-center rounded-full bg-surface/90 text-foreground shadow hover:bg-surface"
                >
                  <ChevronRight className="size-5" aria-hidden />
                </button>
              </>
            )}
          </div>
        )}
        {image && (
          <a href={image.image} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1.5 justify-self-start text-sm text-accent-strong underline-offset-4 hover:underline">
            <ExternalLink className="size-4" aria-hidden /> Open original
          </a>
        )}
      </DialogContent>
    </Dialog>
  );
}
