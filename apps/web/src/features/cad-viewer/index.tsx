/**
 * The CAD viewer's public entry. Only this small file (with the model prefetch and the worker's
 * handle) is in the page's bundle: three.js and the loaders load when the CAD Designs tab first
 * shows a model (React.lazy), the model's bytes and the worker start loading at the same moment,
 * and the WebAssembly readers (Rhino 3DM, STEP) load only when a file of that kind is opened.
 */
import type { CadDesign, Order } from "@atelier/contract";
import { GitCompareArrows } from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { newestModelVersion, prefetchModel } from "./lib/model-prefetch";
import { warmUpModelWorker } from "./lib/parse-client";

const VersionModel = lazy(() => import("./components/version-model").then((m) => ({ default: m.VersionModel })));
const CompareVersions = lazy(() => import("./components/compare-versions").then((m) => ({ default: m.CompareVersions })));

/** A version's 3D file in the interactive viewer (or a button that opens it), for the CAD tab. */
export function CadModel(props: { order: Order; cad: CadDesign }) {
  // The version that opens by itself starts downloading now, beside the viewer's code.
  const url = props.cad.model && newestModelVersion(props.order)?.id === props.cad.id ? props.cad.model.url : null;
  useEffect(() => {
    if (!url) return;
    prefetchModel(url);
    warmUpModelWorker();
  }, [url]);
  return (
    <Suspense fallback={<Skeleton className="aspect-[4/3] w-full" />}>
      <VersionModel {...props} />
    </Suspense>
  );
}

/** "Compare versions", shown with two or more versions; opens them side by side. */
export function CadCompare({ order }: { order: Order }) {
  const [open, setOpen] = useState(false);
  if (order.cad_designs.length < 2) return null;
  return (
    <>
      <Button variant="secondary" size="sm" className="self-start" onClick={() => setOpen(true)}>
        <GitCompareArrows aria-hidden /> Compare versions
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-w-6xl">
          <DialogHeader>
            <DialogTitle className="text-2xl sm:text-3xl">Compare versions</DialogTitle>
            <DialogDescription>Renderings and 3D models side by side, with what was asked for between the two uploads.</DialogDescription>
          </DialogHeader>
          <Suspense fallback={<Skeleton className="h-96 w-full" />}>
            <CompareVersions order={order} />
          </Suspense>
        </DialogContent>
      </Dialog>
    </>
  );
}

/** The slot the order screen's CAD tab takes (composed in routes/, as features never import each other). */
export const cadViewer = { Model: CadModel, Compare: CadCompare };
