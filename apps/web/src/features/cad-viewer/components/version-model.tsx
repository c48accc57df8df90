import type { CadDesign, Order } from "@atelier/contract";
import { Box } from "lucide-react";
import { useState } from "react";
import { formatFileSize } from "@/lib/format";
import { metalFinish } from "../lib/metals";
import { newestModelVersion } from "../lib/model-prefetch";
import { ModelCanvas } from "./model-canvas";

/** A CAD version's 3D file beside its renderings (the CAD Designs tab). */
export function VersionModel({ order, cad }: { order: Order; cad: CadDesign }) {
  const [open, setOpen] = useState(() => newestModelVersion(order)?.id === cad.id);
  const model = cad.model;
  if (!model) return null;
  if (!open) {
    return (
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="group flex aspect-[4/3] w-full cursor-pointer flex-col items-center justify-center gap-2 rounded-md border border-dashed border-border bg-surface-muted/60 text-sm transition-colors hover:border-accent hover:bg-accent-soft/40"
      >
        <Box className="size-8 text-accent" aria-hidden />
        <span className="font-medium">View version {cad.version} in 3D</span>
        <span className="text-xs text-muted">
          {model.format.toUpperCase()} · {formatFileSize(model.size)}
        </span>
      </button>
    );
  }
  return (
    <ModelCanvas model={model} version={cad.version} metal={metalFinish(order.design.metal)} ring={order.design.design_type === "ring"} label={`3D model of CAD version ${cad.version}`} />
  );
}
