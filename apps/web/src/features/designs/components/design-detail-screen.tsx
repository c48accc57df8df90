import { DESIGN_STATUS_INFO, DESIGN_TYPE_LABELS, type Design } from "@atelier/contract";
import { ArrowLeft, ExternalLink, Gem, Maximize2, Pencil, Trash2 } from "lucide-react";
import { useEffect, useState, type ReactNode } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Link, useLocation, useNavigate } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { EstimateSummary } from "@/components/estimate-summary";
import { ImageLightbox } from "@/components/ui/image-lightbox";
import { ErrorState } from "@/components/ui/states";
import { OrderStatusBadge } from "@/components/ui/status-badge";
import { toast } from "@/components/ui/use-toast";
import { paths } from "@/config/paths";
import { ApiError } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { formatDateTime } from "@/lib/format";
import { useDeleteDesign } from "../api/delete-design";
import { useDesign } from "../api/get-design";
import { designKeys } from "../api/get-designs";
import { designRows, metalRows, singleStoneRows, specRows, stoneLines } from "../utils/design-details";
import { DetailList } from "./detail-list";
import { DesignNotFound, StoneList } from "./design-parts";

/** Design detail (spec §2): gallery, basic info and the sections that have data. */
export function DesignDetailScreen({ designId }: { designId: string }) {
  const design = useDesign(designId);
  const navigate = useNavigate();
  const location = useLocation();
  const notFound = design.error instanceof ApiError && design.error.status === 404;
  const failed = design.isError && !notFound && !design.data;

  useEffect(() => {
    if (failed && !(design.error instanceof ApiError && design.error.status === 401)) {
      toast({ variant: "destructive", title: "Error", description: "Failed to load design details. Please try again." });
    }
  }, [failed, design.error]);

  // Back returns to where the user came from; opened directly, it leads to My Designs.
  const back = () => (location.key !== "default" ? void navigate(-1) : void navigate(paths.dashboard.designs.getHref()));

  const backButton = (
    <Button variant="ghost" size="sm" className="-ml-3 self-start" onClick={back}>
      <ArrowLeft aria-hidden /> Back
    </Button>
  );

  if (design.isPending) return <DetailSkeleton back={backButton} />;
  if (notFound) {
    return (
      <div className="flex flex-col gap-6">
        {backButton}
        <DesignNotFound />
      </div>
    );
  }
  if (!design.data) {
    return (
      <div className="flex flex-col gap-6">
        {backButton}
        <ErrorState message="Failed to fetch design details" onRetry={() => void design.refetch()} />
      </div>
    );
  }
  return <DesignDetail design={design.data} back={backButton} />;
}

function DesignDetail({ design, back }: { design: Design; back: ReactNode }) {
  const navigate = useNavigate();
  const remove = useDeleteDesign();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [selected, setSelected] = useState(0);
  const [lightbox, setLightbox] = useState<number | null>(null);
  const status = DESIGN_STATUS_INFO[design.status];
  const current = design.images[Math.min(selected, design.images.length - 1)];

  const metal = metalRows(design);
  const details = designRows(design);
  const specs = specRows(design);
  const stones = stoneLines(design);
  // The older single-stone fields only when there is no stone list (the server mirrors the first stone there).
  const singleStone = stones.length === 0 ? singleStoneRows(design) : [];

  // Awaited rather than mutate()'s callbacks: the live order event of the deletion refetches the
  // design (now 404) and can unmount this screen before the answer, and mutate()'s own callbacks are
  // dropped with it; the toast and the navigation must happen anyway.
  async function onDelete() {
    try {
      await remove.mutateAsync(design.id);
    } catch {
      setConfirming(false);
      toast({ variant: "destructive", title: "Error", description: "Failed to delete the design. Please try again." });
      return;
    }
    toast({ title: "Design deleted" });
    await navigate(paths.dashboard.designs.getHref(), { replace: true });
    queryClient.removeQueries({ queryKey: designKeys.detail(design.id), exact: true });
  }

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-4">
        {back}
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <Badge tone="gold">{DESIGN_TYPE_LABELS[design.design_type]}</Badge>
              <Badge tone={status.tone}>{status.label}</Badge>
            </div>
            <h1 className="mt-3 break-words text-4xl sm:text-5xl">{design.name}</h1>
          </div>
          {design.editable && (
            <div className="flex shrink-0 gap-2">
              <Button asChild variant="secondary">
                <Link to={`${paths.dashboard.newDesign.getHref()}?edit=${encodeURIComponent(design.id)}`} state={{ design }}>
                  <Pencil aria-hidden /> Edit
                </Link>
              </Button>
              <Button variant="secondary" className="text-destructive hover:bg-destructive-soft" onClick={() => setConfirming(true)}>
                <Trash2 aria-hidden /> Delete
              </Button>
            </div>
          )}
        </div>
        {design.order && (
          <div
            className="flex flex-col gap-2 rounded-md border border-border bg-surface px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between"
            data-testid="design-order"
          >
            <p className="flex shrink-0 flex-wrap items-center gap-2">
              <span className="text-muted">Order</span>
              <Link
                to={paths.dashboard.order.getHref(design.order.id)}
                className="font-mono font-medium text-accent-strong underline-offset-4 hover:underline"
              >
                {design.order.order_number}
              </Link>
              <OrderStatusBadge status={design.order.status} />
            </p>
            {!design.editable && (
              <p className="text-muted">
                This design is in production, so it can no longer be edited here. Ask for changes in{" "}
                <Link to={paths.dashboard.order.getHref(design.order.id)} className="text-accent-strong underline underline-offset-4">
                  the order&apos;s comments
                </Link>
                .
              </p>
            )}
          </div>
        )}
      </div>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1.15fr)_minmax(0,1fr)]">
        <div className="flex flex-col gap-3">
          {current ? (
            <>
              <button
                type="button"
                onClick={() => setLightbox(design.images.indexOf(current))}
                className="group relative block aspect-square w-full cursor-zoom-in overflow-hidden rounded-[var(--radius-card)] border border-border bg-surface-muted sm:aspect-[4/3]"
                aria-label="View full-size image"
              >
                <img
                  src={current.preview ?? current.image}
                  alt={`${design.name}, reference ${design.images.indexOf(current) + 1}`}
                  className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.02]"
                />
                <span className="absolute bottom-3 right-3 flex size-9 items-center justify-center rounded-full bg-surface/90 text-foreground shadow">
                  <Maximize2 className="size-4" aria-hidden />
                </span>
              </button>
              {design.images.length > 1 && (
                <ul className="flex flex-wrap gap-2" aria-label="Reference images">
                  {design.images.map((img, i) => (
                    <li key={img.id}>
                      <button
                        type="button"
                        onClick={() => setSelected(i)}
                        aria-label={`Show image ${i + 1}`}
                        aria-pressed={img.id === current.id}
                        className={cn(
                          "block size-16 cursor-pointer overflow-hidden rounded-md border-2 transition-colors sm:size-20",
                          img.id === current.id ? "border-accent-strong" : "border-transparent opacity-80 hover:opacity-100",
                        )}
                      >
                        <img src={img.thumbnail || img.image} alt="" className="size-full object-cover" />
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </>
          ) : (
            <div className="flex aspect-[4/3] flex-col items-center justify-center gap-2 rounded-[var(--radius-card)] border border-border bg-gradient-to-br from-accent-soft/70 to-surface-muted text-accent">
              <Gem className="size-10" aria-hidden />
              <span className="text-sm text-muted">No reference images</span>
            </div>
          )}
        </div>

        <div className="flex flex-col gap-6 self-start">
          {design.estimate && (
            <Card className="p-5 sm:p-8">
              <EstimateSummary estimate={design.estimate} />
            </Card>
          )}
          <Card className="flex flex-col gap-5 p-5 sm:p-8">
            <h2 className="text-2xl">About this design</h2>
            {design.description ? (
              <p className="whitespace-pre-line leading-relaxed text-foreground/85">{design.description}</p>
            ) : (
              <p className="text-sm text-muted">No description.</p>
            )}
            <DetailList
              className="border-t border-border pt-4"
              rows={[
                { label: "Created", value: formatDateTime(design.created_at) },
                { label: "Updated", value: formatDateTime(design.updated_at) },
              ]}
            />
            {design.inspiration_link && (
              <a
                href={design.inspiration_link}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex min-w-0 items-center gap-2 self-start rounded-md border border-border px-3 py-2 text-sm text-accent-strong hover:bg-accent-soft/40"
              >
                <ExternalLink className="size-4 shrink-0" aria-hidden />
                <span className="truncate">Inspiration link · {hostOf(design.inspiration_link)}</span>
              </a>
            )}
          </Card>
        </div>
      </div>

      <div className="grid gap-6 md:grid-cols-2">
        {metal.length > 0 && (
          <Section title="Metal">
            <DetailList rows={metal} />
          </Section>
        )}
        {specs.length > 0 && (
          <Section title="Specifications">
            <DetailList rows={specs} />
          </Section>
        )}
        {details.length > 0 && (
          <Section title="Design Details">
            <DetailList rows={details} />
          </Section>
        )}
        {(stones.length > 0 || singleStone.length > 0) && (
          <Section title="Stone Details">
            {stones.length > 0 && <StoneList lines={stones} className="gap-2" />}
            {singleStone.length > 0 && <DetailList rows={singleStone} className={stones.length > 0 ? "mt-4" : undefined} />}
          </Section>
        )}
        {design.special_requests && (
          <Section title="Special Requests" className="md:col-span-2">
            <p className="whitespace-pre-line text-sm leading-relaxed">{design.special_requests}</p>
          </Section>
        )}
      </div>

      <ImageLightbox
        images={design.images}
        index={lightbox}
        onIndexChange={setLightbox}
        onClose={() => setLightbox(null)}
        title={design.name}
      />
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => !remove.isPending && setConfirming(open)}
        title="Delete this design?"
        description={`“${design.name}” and its reference images will be removed. This cannot be undone.`}
        confirmLabel="Delete"
        loading={remove.isPending}
        onConfirm={onDelete}
      />
    </div>
  );
}

function hostOf(url: string): string {
  try {
    return new URL(url).host.replace(/^www\./, "");
  } catch {
    return url;
  }
}

function Section({ title, className, children }: { title: string; className?: string; children: ReactNode }) {
  return (
    <Card className={cn("p-5 sm:p-7", className)}>
      <section aria-label={title} className="flex flex-col gap-4">
        <h2 className="text-2xl">{title}</h2>
        {children}
      </section>
    </Card>
  );
}

function DetailSkeleton({ back }: { back: ReactNode }) {
  return (
    <div className="flex flex-col gap-8" aria-busy="true" aria-label="Loading design">
      {back}
      <div className="flex flex-col gap-3">
        <Skeleton className="h-5 w-32 rounded-full" />
        <Skeleton className="h-12 w-2/3" />
      </div>
      <div className="grid gap-6 lg:grid-cols-[1.15fr_1fr]">
        <Skeleton className="aspect-[4/3] w-full" />
        <div className="flex flex-col gap-4 rounded-[var(--radius-card)] border border-border bg-surface p-8">
          <Skeleton className="h-7 w-48" />
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-16 w-full" />
        </div>
      </div>
      <div className="grid gap-6 md:grid-cols-2">
        <Skeleton className="h-40" />
        <Skeleton className="h-40" />
      </div>
    </div>
  );
}
