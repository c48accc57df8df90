/**
 * The CAD viewer's public entry. Only this small file (with the renderings' gallery, the model
 * prefetch and the worker's handle) is in the page's bundle: the camera controls (three.js) load
 * when the CAD Designs tab first shows a model (React.lazy), the model's bytes and the worker start
 * loading at the same moment, and the worker loads what reads and draws the model (three.js, the
 * WebAssembly readers for Rhino 3DM and STEP) on demand. Nothing WebGL does runs on the page's thread.
 */
import type { Order } from "@atelier/contract";
import { GitCompareArrows } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { CadMedia } from "./components/cad-media";

const CompareVersions = lazy(() => import("./components/compare-versions").then((m) => ({ default: m.CompareVersions })));

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

export { CadMedia };

/**
 * The slot the order screens' CAD sections take (composed in routes/, as features never import each
 * other): a version's renderings and 3D model on one stage, and the comparison of two versions.
 */
export const cadViewer = { Media: CadMedia, Compare: CadCompare };
