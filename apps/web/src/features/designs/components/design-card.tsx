import { DESIGN_STATUS_INFO, DESIGN_TYPE_LABELS, type Design } from "@atelier/contract";
import { ExternalLink, Gem, Trash2 } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { paths } from "@/config/paths";
import { formatDateTime } from "@/lib/format";
import { designRows, metalRows, specRows, stoneLines } from "../utils/design-details";
import { DetailGroup } from "./detail-list";
import { StoneList } from "./design-parts";

export function DesignCard({ design, onDelete }: { design: Design; onDelete: (design: Design) => void }) {
  const status = DESIGN_STATUS_INFO[design.status];
  const cover = design.images[0];
  const stones = stoneLines(design);
  const href = paths.dashboard.design.getHref(design.id);
  const metal = metalRows(design);
  const details = designRows(design);
  const specs = specRows(design);

  return (
    <Card className="flex w-full flex-col overflow-hidden" data-testid="design-card">
      <Link to={href} tabIndex={-1} aria-hidden className="relative block aspect-[16/10] overflow-hidden bg-surface-muted">
        {cover ? (
          <img src={cover.thumbnail || cover.image} alt="" loading="lazy" className="size-full object-cover transition-transform duration-300 hover:scale-[1.02]" />
        ) : (
          <div className="flex size-full flex-col items-center justify-center gap-2 bg-gradient-to-br from-accent-soft/70 to-surface-muted text-accent">
            <Gem className="size-9" aria-hidden />
            <span className="text-xs text-muted">No reference images</span>
          </div>
        )}
        {design.images.length > 1 && (
          <span className="absolute bottom-3 right-3 rounded-full bg-foreground/70 px-2.5 py-0.5 text-xs font-medium text-background">{design.images.length} images</span>
        )}
      </Link>

      <div className="flex flex-1 flex-col gap-5 p-5 sm:p-6">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="eyebrow">{DESIGN_TYPE_LABELS[design.design_type]}</p>
            <h2 className="mt-1 break-words text-2xl">
              <Link to={href} className="hover:text-accent-hover">
                {design.name}
              </Link>
            </h2>
            <p className="mt-1 text-xs text-muted">
              Created <time dateTime={design.created_at}>{formatDateTime(design.created_at)}</time>
            </p>
          </div>
          <Badge tone={status.tone} className="shrink-0">
            {status.label}
          </Badge>
        </div>

        {design.description && <p className="line-clamp-3 text-sm leading-relaxed text-foreground/80">{design.description}</p>}

        {(metal.length > 0 || details.length > 0 || specs.length > 0) && (
          <div className="flex flex-col gap-4 border-t border-border pt-4">
            <DetailGroup title="Metal" rows={metal} />
            <DetailGroup title="Design" rows={details} />
            <DetailGroup title="Specifications" rows={specs} />
          </div>
        )}

        {stones.length > 0 && (
          <div className="flex flex-col gap-2">
            <h3 className="font-sans text-[0.7rem] font-semibold uppercase tracking-[0.18em] text-accent-strong">Stones</h3>
            <StoneList lines={stones} />
          </div>
        )}

        {design.images.length > 1 && (
          <ul className="flex flex-wrap gap-2" aria-label="Reference images">
            {design.images.map((img, i) => (
              <li key={img.id}>
                <img src={img.thumbnail || img.image} alt={`Reference ${i + 1}`} loading="lazy" className="size-12 rounded-md border border-border object-cover" />
              </li>
            ))}
          </ul>
        )}

        <div className="mt-auto flex flex-wrap items-center gap-2 pt-1">
          <Button asChild size="sm">
            <Link to={href}>View Details</Link>
          </Button>
          {design.inspiration_link && (
            <Button asChild size="sm" variant="secondary">
              <a href={design.inspiration_link} target="_blank" rel="noopener noreferrer">
                <ExternalLink aria-hidden /> View Link
              </a>
            </Button>
          )}
          {design.editable && (
            <Button size="sm" variant="ghost" className="ml-auto text-destructive hover:bg-destructive-soft" onClick={() => onDelete(design)}>
              <Trash2 aria-hidden /> Delete
            </Button>
          )}
        </div>
      </div>
    </Card>
  );
}

export function DesignCardSkeleton() {
  return (
    <div className="flex flex-col overflow-hidden rounded-[var(--radius-card)] border border-border bg-surface" aria-hidden>
      <Skeleton className="aspect-[16/10] rounded-none" />
      <div className="flex flex-col gap-3 p-6">
        <Skeleton className="h-3 w-16" />
        <Skeleton className="h-7 w-2/3" />
        <Skeleton className="h-3 w-40" />
        <Skeleton className="mt-2 h-12 w-full" />
        <div className="mt-2 flex gap-2">
          <Skeleton className="h-8 w-28" />
          <Skeleton className="h-8 w-24" />
        </div>
      </div>
    </div>
  );
}
