import type { CadDesign, Order } from "@atelier/contract";
import { Box, Gem, Maximize2 } from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";
import type { LightboxImage } from "@/components/ui/image-lightbox";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/cn";
import { formatFileSize } from "@/lib/format";
import { metalFinish } from "../lib/metals";
import { newestModelVersion, prefetchModel } from "../lib/model-prefetch";
import { warmUpModelWorker } from "../lib/viewer-client";

// three.js (the camera's controls) loads with the first model shown; the renderings need none of it.
const ModelCanvas = lazy(() => import("./model-canvas").then((m) => ({ default: m.ModelCanvas })));

export type OpenImages = (images: LightboxImage[], index: number, title: string) => void;

interface Rendering {
  id: string;
  image: string;
  thumbnail: string;
  preview?: string | undefined;
}

/** Every rendering of a version (older versions carry only `image`). */
export function renderingsOf(cad: CadDesign): Rendering[] {
  if (cad.images.length > 0) return cad.images;
  return cad.image ? [{ id: cad.id, image: cad.image, thumbnail: cad.image }] : [];
}

/**
 * A CAD version's renderings and 3D model on one stage, with a strip to choose what it shows: the
 * 3D model (when the version has one) and each rendering. The renderings show at once; the newest
 * version's model opens by itself (its first rendering stands in until the first frame), older
 * ones when asked. A rendering opens full size in the lightbox.
 */
export function CadMedia({ order, cad, onOpenImages }: { order: Order; cad: CadDesign; onOpenImages: OpenImages }) {
  const images = renderingsOf(cad);
  const model = cad.model;
  const opensByItself = model !== null && newestModelVersion(order)?.id === cad.id;
  const [shown, setShown] = useState<"model" | number>(opensByItself ? "model" : 0);
  // Once opened, the model stays on its canvas while a rendering is shown (no second download).
  const [modelOpened, setModelOpened] = useState(opensByItself);
  const index = shown === "model" ? null : Math.min(shown, Math.max(0, images.length - 1));
  const current = index !== null ? images[index] : undefined;
  const title = `CAD design, version ${cad.version}`;
  // The model that opens by itself starts downloading now, and the worker starting, beside the viewer's code.
  const prefetchUrl = opensByItself ? model.url : null;
  useEffect(() => {
    if (!prefetchUrl) return;
    prefetchModel(prefetchUrl);
    warmUpModelWorker();
  }, [prefetchUrl]);
  useEffect(() => {
    // For the CAD tab's long-task test and bench: the renderings are on screen from here.
    performance.mark("cad-media:shown");
  }, []);
  const showModel = () => {
    setModelOpened(true);
    setShown("model");
  };

  return (
    <div className="flex min-w-0 flex-col gap-2" data-testid="cad-media">
      {model && modelOpened && (
        <div className={cn(shown !== "model" && "hidden")}>
          <Suspense fallback={<Skeleton className="aspect-[4/3] w-full sm:aspect-[16/10]" />}>
            <ModelCanvas
              model={model}
              version={cad.version}
              metal={metalFinish(order.design.metal)}
              ring={order.design.design_type === "ring"}
              label={`3D model of CAD version ${cad.version}`}
              poster={images[0]?.preview ?? images[0]?.thumbnail}
            />
          </Suspense>
        </div>
      )}
      {shown !== "model" &&
        (current && index !== null ? (
          <button
            type="button"
            onClick={() => onOpenImages(images, index, title)}
            aria-label={`View CAD version ${cad.version} in full size${images.length > 1 ? ` (rendering ${index + 1} of ${images.length})` : ""}`}
            className="group relative aspect-[4/3] w-full cursor-zoom-in overflow-hidden rounded-md border border-border bg-surface-muted sm:aspect-[16/10]"
            data-testid="cad-rendering"
          >
            <img src={current.preview ?? current.image} alt="" className="size-full object-contain" />
            <span className="absolute bottom-2 right-2 flex size-8 items-center justify-center rounded-full bg-surface/90 shadow">
              <Maximize2 className="size-4" aria-hidden />
            </span>
          </button>
        ) : (
          <div className="flex aspect-[4/3] w-full items-center justify-center rounded-md bg-surface-muted text-accent sm:aspect-[16/10]">
            <Gem className="size-8" aria-hidden />
            <span className="sr-only">No renderings</span>
          </div>
        ))}
      {(images.length > 1 || model) && (
        <ul className="flex gap-2 overflow-x-auto pb-1" aria-label={`Version ${cad.version}: what to show`}>
          {model && (
            <li className="shrink-0">
              <button
                type="button"
                onClick={showModel}
                aria-pressed={shown === "model"}
                aria-label={`View version ${cad.version} in 3D (${model.format.toUpperCase()}, ${formatFileSize(model.size)})`}
                title={`3D model (${model.format.toUpperCase()}, ${formatFileSize(model.size)})`}
                className={thumbClass(shown === "model")}
              >
                <span className="flex size-full flex-col items-center justify-center gap-0.5 bg-surface text-foreground">
                  <Box className="size-5 text-accent-strong" aria-hidden />
                  <span className="text-xs font-medium leading-none">3D</span>
                </span>
              </button>
            </li>
          )}
          {images.map((img, i) => (
            <li key={img.id} className="shrink-0">
              <button
                type="button"
                onClick={() => setShown(i)}
                aria-pressed={shown === i}
                aria-label={`Show rendering ${i + 1} of ${images.length}`}
                className={thumbClass(shown === i)}
              >
                <img src={img.thumbnail || img.image} alt="" className="size-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

const thumbClass = (selected: boolean) =>
  cn(
    "block size-14 cursor-pointer overflow-hidden rounded-md border-2 bg-surface-muted transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent/40 sm:size-16",
    selected ? "border-accent-strong" : "border-transparent hover:border-border",
  );
