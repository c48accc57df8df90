import { PAGE_SIZE, type Design } from "@atelier/contract";
import { FileClock, Gem, Plus, X } from "lucide-react";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/dialog";
import { Pagination } from "@/components/ui/pagination";
import { EmptyState, ErrorState } from "@/components/ui/states";
import { toast } from "@/components/ui/use-toast";
import { paths } from "@/config/paths";
import { useDeleteDesign } from "../api/delete-design";
import { useDesigns } from "../api/get-designs";
import { DesignCard, DesignCardSkeleton } from "./design-card";

const pageFrom = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : 1;
};

/** My Designs (spec §2): cards, delete with confirmation, Previous/Next, `?search=` and `?page=`. */
export function DesignsScreen() {
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params.get("page"));
  const search = params.get("search")?.trim() ?? "";
  const designs = useDesigns({ page, search });
  const remove = useDeleteDesign();
  const [toDelete, setToDelete] = useState<Design | null>(null);

  const pageCount = designs.data ? Math.ceil(designs.data.count / PAGE_SIZE) : 0;
  const setPage = (n: number) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (n > 1) next.set("page", String(n));
      else next.delete("page");
      return next;
    });

  function confirmDelete() {
    if (!toDelete) return;
    const lastOnPage = designs.data?.results.length === 1 && page > 1;
    remove.mutate(toDelete.id, {
      onSuccess: () => {
        toast({ title: "Design deleted" });
        setToDelete(null);
        if (lastOnPage) setPage(page - 1);
      },
      onError: () => toast({ variant: "destructive", title: "Error", description: "Failed to delete the design. Please try again." }),
    });
  }

  const newDesign = (
    <Button asChild>
      <Link to={paths.dashboard.newDesign.getHref()}>
        <Plus aria-hidden /> New Design
      </Link>
    </Button>
  );

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-5 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-col gap-2">
          <p className="eyebrow">Your atelier</p>
          <h1 className="text-4xl sm:text-5xl">My Designs</h1>
          <p className="max-w-xl text-muted">Every piece you have shared or described, with its details and reference images.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="secondary">
            <Link to={paths.dashboard.uploadHistory.getHref()}>
              <FileClock aria-hidden /> Upload History
            </Link>
          </Button>
          {newDesign}
        </div>
      </div>

      {search && (
        <div className="flex flex-wrap items-center gap-3 rounded-md border border-border bg-surface px-4 py-3 text-sm">
          <span>
            Results for <span className="font-medium">“{search}”</span>
          </span>
          <Link to={paths.dashboard.designs.getHref()} className="inline-flex items-center gap-1 text-accent-strong underline-offset-4 hover:underline">
            <X className="size-3.5" aria-hidden /> Clear search
          </Link>
        </div>
      )}

      {designs.isPending ? (
        <div className="grid gap-6 md:grid-cols-2" aria-busy="true" aria-label="Loading designs">
          {[0, 1, 2, 3].map((i) => (
            <DesignCardSkeleton key={i} />
          ))}
        </div>
      ) : designs.isError || (designs.isPlaceholderData && designs.failureCount > 0) ? (
        <ErrorState message="Failed to load your designs. Please try again." onRetry={() => void designs.refetch()} />
      ) : designs.data.results.length === 0 ? (
        <EmptyState
          icon={<Gem />}
          title="No designs found"
          description={search ? `Nothing matches “${search}”. Try other words or start a new design.` : "Share a link to a piece you love or describe your own, and it will appear here."}
          action={
            <Button asChild>
              <Link to={paths.dashboard.newDesign.getHref()}>Create Your First Design</Link>
            </Button>
          }
        />
      ) : (
        <>
          <ul className="grid gap-6 md:grid-cols-2" aria-label="Designs">
            {designs.data.results.map((d) => (
              <li key={d.id} className="flex">
                <DesignCard design={d} onDelete={setToDelete} />
              </li>
            ))}
          </ul>
          <Pagination page={page} pageCount={pageCount} onPageChange={setPage} />
        </>
      )}

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && !remove.isPending && setToDelete(null)}
        title="Delete this design?"
        description={toDelete ? `“${toDelete.name}” and its reference images will be removed. This cannot be undone.` : ""}
        confirmLabel="Delete"
        loading={remove.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
