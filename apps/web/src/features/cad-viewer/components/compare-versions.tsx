import { personLabel, type CadDesign, type Order } from "@atelier/contract";
import { Box, MessageSquare } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { CadStatusBadge } from "@/components/ui/status-badge";
import { fieldBase } from "@/components/ui/field-styles";
import { cn } from "@/lib/cn";
import { formatDateTime } from "@/lib/format";
import { metalFinish } from "../lib/metals";
import type { ModelStage } from "../lib/stage";
import { ModelCanvas } from "./model-canvas";

/** The comments posted after the earlier version was uploaded and up to the later one. */
export function commentsBetween(order: Order, earlier: CadDesign, later: CadDesign): Order["comments"] {
  return order.comments.filter((c) => c.created_at > earlier.created_at && c.created_at <= later.created_at);
}

/**
 * Two CAD versions side by side: renderings, models (their cameras linked), descriptions, and the
 * changes asked for between the two uploads. Opens on the two newest versions.
 */
export function CompareVersions({ order }: { order: Order }) {
  const versions = [...order.cad_designs].sort((a, b) => a.version - b.version);
  const [leftId, setLeftId] = useState(versions.at(-2)?.id ?? "");
  const [rightId, setRightId] = useState(versions.at(-1)?.id ?? "");
  const [linked, setLinked] = useState(true);
  const [stageA, setStageA] = useState<ModelStage | null>(null);
  const [stageB, setStageB] = useState<ModelStage | null>(null);
  const left = versions.find((v) => v.id === leftId) ?? versions[0]!;
  const right = versions.find((v) => v.id === rightId) ?? versions.at(-1)!;
  const [earlier, later] = left.version <= right.version ? [left, right] : [right, left];
  const between = earlier.id === later.id ? [] : commentsBetween(order, earlier, later);
  const metal = metalFinish(order.design.metal);
  const ring = order.design.design_type === "ring";
  const ids = { left: useId(), right: useId(), link: useId() };

  useEffect(() => {
    if (!stageA || !stageB) return;
    if (!linked) return;
    stageB.setPose(stageA.pose());
    stageA.followUserMoves((pose) => stageB.setPose(pose));
    stageB.followUserMoves((pose) => stageA.setPose(pose));
    return () => {
      stageA.followUserMoves(null);
      stageB.followUserMoves(null);
    };
  }, [stageA, stageB, linked]);

  const picker = (id: string, value: string, onChange: (v: string) => void, label: string) => (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm text-muted">
        {label}
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={cn(fieldBase, "h-9 w-auto pr-8")}>
        {versions.map((v) => (
          <option key={v.id} value={v.id}>
            Version {v.version}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <div className="flex flex-col gap-6" data-testid="cad-compare">
      <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
        {picker(ids.left, left.id, setLeftId, "Left")}
        {picker(ids.right, right.id, setRightId, "Right")}
        <label htmlFor={ids.link} className="flex cursor-pointer items-center gap-2 text-sm">
          <input id={ids.link} type="checkbox" checked={linked} onChange={(e) => setLinked(e.target.checked)} className="size-4 accent-[var(--color-accent-strong)]" />
          Turn both models together
        </label>
      </div>
      <div className="grid gap-6 md:grid-cols-2">
        {[left, right].map((cad, i) => (
          <section key={`${i}-${cad.id}`} className="flex min-w-0 flex-col gap-3" aria-label={`Version ${cad.version}`} data-testid="compare-column">
            <div className="flex flex-wrap items-center gap-2">
              <h3 className="font-sans text-base font-medium">Version {cad.version}</h3>
              <CadStatusBadge status={cad.status} />
              <span className="text-xs text-muted">
                <time dateTime={cad.created_at}>{formatDateTime(cad.created_at)}</time>
              </span>
            </div>
            <Renderings cad={cad} />
            {cad.model ? (
              <ModelCanvas
                model={cad.model}
                version={cad.version}
                metal={metal}
                ring={ring}
                label={`3D model of CAD version ${cad.version}`}
                poster={cad.images[0]?.preview ?? cad.images[0]?.thumbnail ?? cad.image ?? undefined}
                onStage={i === 0 ? setStageA : setStageB}
              />
            ) : (
              <div className="flex aspect-[4/3] flex-col items-center justify-center gap-2 rounded-md bg-surface-muted text-sm text-muted">
                <Box className="size-6" aria-hidden />
                No 3D file for this version
              </div>
            )}
            <p className="whitespace-pre-line text-sm leading-relaxed">{cad.description || <span className="text-muted">No description.</span>}</p>
          </section>
        ))}
      </div>
      <section className="flex flex-col gap-3 border-t border-border pt-5" aria-labelledby={`${ids.link}-changes`} data-testid="compare-changes">
        <h3 id={`${ids.link}-changes`} className="eyebrow font-sans">
          {earlier.id === later.id ? "Changes asked for" : `Changes asked for between version ${earlier.version} and version ${later.version}`}
        </h3>
        {earlier.id === later.id ? (
          <p className="text-sm text-muted">Choose two different versions to see what was asked for in between.</p>
        ) : between.length === 0 ? (
          <p className="text-sm text-muted">No comments were posted between these two uploads.</p>
        ) : (
          <ol className="flex flex-col gap-3">
            {between.map((c) => (
              <li key={c.id} className="flex gap-3 rounded-md bg-surface-muted px-4 py-3">
                <MessageSquare className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden />
                <div className="flex min-w-0 flex-col gap-1">
                  <p className="text-xs text-muted">
                    <span className="font-medium text-foreground">
                      {personLabel(c.user, { me: c.user.role === "customer" })}
                    </span>{" "}
                    · <time dateTime={c.created_at}>{formatDateTime(c.created_at)}</time>
                  </p>
                  <p className="whitespace-pre-line break-words text-sm">{c.text}</p>
                </div>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

function Renderings({ cad }: { cad: CadDesign }) {
  const images = cad.images.length > 0 ? cad.images : cad.image ? [{ id: cad.id, image: cad.image, thumbnail: cad.image, preview: cad.image }] : [];
  const [index, setIndex] = useState(0);
  const shown = images[Math.min(index, images.length - 1)];
  if (!shown) return <div className="flex aspect-[4/3] items-center justify-center rounded-md bg-surface-muted text-sm text-muted">No renderings</div>;
  return (
    <div className="flex flex-col gap-2">
      <img src={shown.preview ?? shown.image} alt={`Rendering of CAD version ${cad.version}`} className="aspect-[4/3] w-full rounded-md bg-surface-muted object-cover" />
      {images.length > 1 && (
        <div className="flex flex-wrap gap-2">
          {images.map((img, i) => (
            <button
              key={img.id}
              type="button"
              onClick={() => setIndex(i)}
              aria-label={`Show rendering ${i + 1}`}
              aria-pressed={i === index}
              className={cn("size-12 cursor-pointer overflow-hidden rounded border", i === index ? "border-accent-strong" : "border-border")}
            >
              <img src={img.thumbnail ?? img.image} alt="" className="size-full object-cover" />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
