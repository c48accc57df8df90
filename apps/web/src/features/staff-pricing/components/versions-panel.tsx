import { PAGE_SIZE, type PricingVersion } from "@atelier/contract";
import { History } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Pagination } from "@/components/ui/pagination";
import { Skeleton } from "@/components/ui/skeleton";
import { EmptyState, ErrorState } from "@/components/ui/states";
import { formatDateTime, formatRelative } from "@/lib/format";
import { usePricingVersion, usePricingVersions, type PricingVersionSummary } from "../api/get-pricing-versions";
import { tableChanges, tableEntries } from "../utils/pricing-draft";
import { ChangesList } from "./changes-list";
import { Section } from "./section";

export const savedBy = (v: Pick<PricingVersion, "created_by">) => v.created_by?.name ?? "Shipped with the product";

/** Every saved version, newest first, with who saved it and when; each opens to show what it changed. */
export function VersionsPanel({
  id,
  inForce,
  dirty,
  onUseVersion,
}: {
  id: string;
  inForce: number;
  dirty: boolean;
  onUseVersion: (version: PricingVersion) => void;
}) {
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const versions = usePricingVersions(page);
  const pageCount = versions.data ? Math.ceil(versions.data.count / PAGE_SIZE) : 0;
  return (
    <Section
      id={id}
      title="Versions"
      description="Each save is a new version. Estimates made from then on use it; earlier ones keep their figures."
    >
      {versions.isPending ? (
        <div className="flex flex-col gap-3" aria-busy="true">
          <span className="sr-only" role="status">
            Loading the versions…
          </span>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-16 w-full" />
          ))}
        </div>
      ) : versions.isError ? (
        <ErrorState message="The versions could not be loaded. Please try again." onRetry={() => void versions.refetch()} />
      ) : versions.data.results.length === 0 ? (
        <EmptyState icon={<History />} title="No versions yet" description="The first save makes version 2." />
      ) : (
        <>
          <ol className="flex flex-col divide-y divide-border" aria-label="Pricing versions">
            {versions.data.results.map((v) => (
              <VersionRow key={v.id} version={v} inForce={v.version === inForce} onOpen={() => setOpen(v.version)} />
            ))}
          </ol>
          <Pagination page={page} pageCount={pageCount} onPageChange={setPage} />
        </>
      )}
      <VersionDialog
        version={open}
        inForce={inForce}
        dirty={dirty}
        onClose={() => setOpen(null)}
        onUse={(v) => {
          setOpen(null);
          onUseVersion(v);
        }}
      />
    </Section>
  );
}

function VersionRow({ version: v, inForce, onOpen }: { version: PricingVersionSummary; inForce: boolean; onOpen: () => void }) {
  return (
    <li className="flex flex-col gap-2 py-3.5 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:gap-4" data-testid="pricing-version">
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium">Version {v.version}</span>
          {inForce && <Badge tone="green">In force</Badge>}
        </div>
        <p className="text-sm text-muted">
          <span className="text-foreground/90">{savedBy(v)}</span> ·{" "}
          <time dateTime={v.created_at} title={formatDateTime(v.created_at)}>
            {formatRelative(v.created_at)}
          </time>
        </p>
        {v.note ? <p className="text-sm">{v.note}</p> : <p className="text-sm italic text-muted">No note</p>}
      </div>
      <Button variant="secondary" size="sm" className="self-start sm:self-center" onClick={onOpen}>
        View <span className="sr-only">version {v.version}</span>
      </Button>
    </li>
  );
}

function VersionDialog({
  version,
  inForce,
  dirty,
  onClose,
  onUse,
}: {
  version: number | null;
  inForce: number;
  dirty: boolean;
  onClose: () => void;
  onUse: (v: PricingVersion) => void;
}) {
  const shown = usePricingVersion(version);
  const previous = usePricingVersion(version !== null && version > 1 ? version - 1 : null);
  const v = shown.data;
  return (
    <Dialog open={version !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Version {version}</DialogTitle>
          <DialogDescription>
            {v ? (
              <>
                {savedBy(v)} · {formatDateTime(v.created_at)}
                {v.version === inForce && " · in force"}
              </>
            ) : (
              "Loading…"
            )}
          </DialogDescription>
        </DialogHeader>
        {shown.isPending ? (
          <div className="flex flex-col gap-2" aria-busy="true">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-8 w-full" />
            ))}
          </div>
        ) : shown.isError ? (
          <ErrorState message="This version could not be loaded. Please try again." onRetry={() => void shown.refetch()} />
        ) : (
          <div className="flex flex-col gap-5">
            {shown.data.note && <p className="rounded-md bg-surface-muted/70 px-4 py-3 text-sm">{shown.data.note}</p>}
            <div className="flex flex-col gap-2">
              <h3 className="eyebrow font-sans">What it changed</h3>
              {shown.data.version === 1 ? (
                <p className="text-sm text-muted">The tables the product was installed with.</p>
              ) : previous.isPending ? (
                <Skeleton className="h-16 w-full" />
              ) : previous.isError ? (
                <p className="text-sm text-muted">The version before it could not be loaded.</p>
              ) : (
                (() => {
                  const changes = tableChanges(previous.data.tables, shown.data.tables);
                  return changes.length === 0 ? (
                    <p className="text-sm text-muted">Nothing: it kept every value of version {shown.data.version - 1}.</p>
                  ) : (
                    <ChangesList changes={changes} label={`Changes from version ${shown.data.version - 1}`} />
                  );
                })()
              )}
            </div>
            <details className="group rounded-md border border-border">
              <summary className="cursor-pointer px-4 py-3 text-sm font-medium">Every value of version {shown.data.version}</summary>
              <dl className="grid gap-x-6 border-t border-border px-4 py-3 text-sm sm:grid-cols-2">
                {tableEntries(shown.data.tables).map((e) => (
                  <div key={e.id} className="flex items-baseline justify-between gap-3 py-1">
                    <dt className="min-w-0 text-muted">{e.label}</dt>
                    <dd className="shrink-0 tabular-nums">{e.value}</dd>
                  </div>
                ))}
              </dl>
            </details>
          </div>
        )}
        <DialogFooter className="border-t border-border pt-5">
          <Button variant="secondary" onClick={onClose}>
            Done
          </Button>
          {v && v.version !== inForce && (
            <Button onClick={() => onUse(v)} title={dirty ? "Replaces your unsaved changes" : undefined}>
              {dirty ? "Replace my draft with these values" : "Start a draft from these values"}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
