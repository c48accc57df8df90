import { DESIGN_STATUS_INFO, DESIGN_TYPE_LABELS } from "@atelier/contract";
import { ArrowRight, Gem } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { ErrorState } from "@/components/ui/states";
import { paths } from "@/config/paths";
import { formatRelative } from "@/lib/format";
import { useDesigns } from "../api/get-designs";

const SHOWN = 3;

/** The overview's "Your designs": the count and the newest few, read from the designs list. */
export function RecentDesigns() {
  const designs = useDesigns({ page: 1, search: "" });

  return (
    <section aria-labelledby="recent-designs" className="flex flex-col gap-5">
      <div className="flex items-end justify-between gap-4">
        <div>
          <p className="eyebrow">Total Designs</p>
          <h2 id="recent-designs" className="mt-1 text-3xl">
            {designs.data ? `${designs.data.count} ${designs.data.count === 1 ? "design" : "designs"}` : "Your designs"}
          </h2>
        </div>
        {designs.data && designs.data.count > 0 && (
          <Link to={paths.dashboard.designs.getHref()} className="inline-flex items-center gap-1 text-sm font-medium text-accent-strong hover:underline">
            View all <ArrowRight className="size-4" aria-hidden />
          </Link>
        )}
      </div>

      {designs.isPending && (
        <div className="grid gap-5 sm:grid-cols-3" aria-busy="true" aria-label="Loading designs">
          {Array.from({ length: SHOWN }, (_, i) => (
            <Skeleton key={i} className="aspect-[4/3] w-full" />
          ))}
        </div>
      )}
      {designs.isError && <ErrorState message="Failed to load your designs. Please try again." onRetry={() => void designs.refetch()} />}
      {designs.data?.count === 0 && (
        <p className="rounded-[var(--radius-card)] border border-dashed border-input bg-surface px-6 py-8 text-center text-sm text-muted">
          No designs yet. Share a link or describe your piece above to get your first quote.
        </p>
      )}
      {designs.data && designs.data.count > 0 && (
        <ul className="grid gap-5 sm:grid-cols-3">
          {designs.data.results.slice(0, SHOWN).map((design) => {
            const cover = design.images[0];
            const status = DESIGN_STATUS_INFO[design.status];
            return (
              <li key={design.id}>
                <Card className="group relative overflow-hidden">
                  <div className="aspect-[4/3] overflow-hidden bg-surface-muted">
                    {cover ? (
                      <img src={cover.thumbnail || cover.image} alt="" loading="lazy" className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]" />
                    ) : (
                      <div className="flex size-full items-center justify-center bg-gradient-to-br from-accent-soft/70 to-surface-muted text-accent">
                        <Gem className="size-8" aria-hidden />
                      </div>
                    )}
                  </div>
                  <div className="flex flex-col gap-1.5 p-4">
                    <div className="flex items-center justify-between gap-2">
                      <span className="text-xs text-muted">{DESIGN_TYPE_LABELS[design.design_type]}</span>
                      <Badge tone={status.tone}>{status.label}</Badge>
                    </div>
                    <h3 className="truncate text-xl">
                      <Link to={paths.dashboard.design.getHref(design.id)} className="after:absolute after:inset-0">
                        {design.name}
                      </Link>
                    </h3>
                    <p className="text-xs text-muted">
                      <time dateTime={design.created_at}>{formatRelative(design.created_at)}</time>
                    </p>
                  </div>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
