import type { PricingVersion } from "@atelier/contract";
import { AlertTriangle, Calculator } from "lucide-react";
import { useId, useMemo, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { ErrorState } from "@/components/ui/states";
import { toast } from "@/components/ui/use-toast";
import { ApiError, errorMessage } from "@/lib/api-client";
import { formatDateTime, formatRelative } from "@/lib/format";
import { usePricing } from "../api/get-pricing";
import { useSavePricing } from "../api/save-pricing";
import {
  checkDraft,
  draftFromTables,
  draftSignature,
  serverDraftErrors,
  tableChanges,
  type DraftErrors,
  type PricingDraft,
  type StoneIndex,
} from "../utils/pricing-draft";
import { PreviewPanel } from "./preview-panel";
import { SaveDialog } from "./save-dialog";
import { TablesEditor, type DraftUpdate } from "./tables-editor";
import { UnsavedChangesGuard } from "./unsaved-changes";
import { savedBy, VersionsPanel } from "./versions-panel";

/**
 * Pricing (/staff/pricing, admins): the pricing engine's tables edited in place, checked against
 * the contract as they are typed and by the server on preview and save; a preview of any design
 * under the draft; each save a new version, in force at once.
 */
export function PricingScreen() {
  const pricing = usePricing();
  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-2">
        <p className="eyebrow">Administration</p>
        <h1 className="text-4xl sm:text-5xl">Pricing</h1>
        <p className="max-w-2xl text-muted">
          The tables behind every instant estimate. Edit them in place, preview a design with your draft, then save: each save is a new
          version, and new estimates use it at once.
        </p>
        {pricing.data && (
          <p className="text-sm text-muted" data-testid="pricing-in-force">
            <span className="font-medium text-foreground">Version {pricing.data.version} in force</span> · {savedBy(pricing.data)},{" "}
            <time dateTime={pricing.data.created_at} title={formatDateTime(pricing.data.created_at)}>
              {formatRelative(pricing.data.created_at)}
            </time>
          </p>
        )}
      </div>
      {pricing.isPending ? (
        <PricingSkeleton />
      ) : pricing.isError ? (
        <ErrorState message="The pricing tables could not be loaded. Please try again." onRetry={() => void pricing.refetch()} />
      ) : (
        <PricingWorkspace inForce={pricing.data} />
      )}
    </div>
  );
}

function PricingWorkspace({ inForce }: { inForce: PricingVersion }) {
  const baseId = useId();
  const editorRef = useRef<HTMLDivElement>(null);
  // The version the draft started from, and the draft itself.
  const [base, setBase] = useState(inForce);
  const [draft, setDraft] = useState<PricingDraft>(() => draftFromTables(inForce.tables));
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<DraftErrors>({});
  const [serverProblem, setServerProblem] = useState<string | null>(null);
  const [saveOpen, setSaveOpen] = useState(false);
  const [noteError, setNoteError] = useState<string | undefined>();
  const [discardOpen, setDiscardOpen] = useState(false);
  const save = useSavePricing();

  const checked = useMemo(() => checkDraft(draft), [draft]);
  const signature = useMemo(() => draftSignature(draft), [draft]);
  const initialSignature = useMemo(() => draftSignature(draftFromTables(base.tables)), [base]);
  const changes = useMemo(() => (checked.ok ? tableChanges(base.tables, checked.tables) : []), [checked, base]);
  // A draft that only reformats a value ("7150" for "7150.00") changes nothing.
  const dirty = checked.ok ? changes.length > 0 : signature !== initialSignature;

  // Another admin saved while nothing was edited here: start from their version.
  if (inForce.version !== base.version && !dirty) {
    setBase(inForce);
    setDraft(draftFromTables(inForce.tables));
  }

  const errors: DraftErrors = { ...serverErrors };
  if (!checked.ok) {
    for (const [key, message] of Object.entries(checked.errors)) if (attempted || touched.has(key)) errors[key] = message;
  }

  const focusFirstError = () =>
    setTimeout(() => editorRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [role="alert"]')?.focus(), 0);

  const change: DraftUpdate = (update, key) => {
    setDraft(update);
    setServerProblem(null);
    if (key === null) {
      // Rows moved: messages keyed by row number no longer point at the right row.
      setServerErrors({});
      setTouched(new Set());
      return;
    }
    setServerErrors((e) => {
      if (!(key in e)) return e;
      const rest = { ...e };
      delete rest[key];
      return rest;
    });
  };
  const blur = (key: string) => setTouched((t) => (t.has(key) ? t : new Set(t).add(key)));

  function reset(to: PricingVersion["tables"], version: PricingVersion) {
    setBase(version);
    setDraft(draftFromTables(to));
    setTouched(new Set());
    setAttempted(false);
    setServerErrors({});
    setServerProblem(null);
  }

  /** The draft's tables for a preview or a save, or null after showing what is wrong. */
  function prepare(): { tables: PricingVersion["tables"]; stoneIndex: StoneIndex } | null {
    if (checked.ok) return { tables: checked.tables, stoneIndex: checked.stoneIndex };
    setAttempted(true);
    focusFirstError();
    return null;
  }

  function showServerErrors(err: unknown, stoneIndex: StoneIndex): boolean {
    const fields = serverDraftErrors(err, stoneIndex);
    if (Object.keys(fields).length === 0) return false;
    setServerErrors(fields);
    focusFirstError();
    return true;
  }

  function startSave() {
    setServerProblem(null);
    if (!prepare()) {
      setServerProblem("Some values need attention: fix the highlighted fields, then save.");
      return;
    }
    setNoteError(undefined);
    setSaveOpen(true);
  }

  function confirmSave(note: string) {
    if (!checked.ok) return;
    const { tables, stoneIndex } = checked;
    save.mutate(
      { tables, note },
      {
        onSuccess: (saved) => {
          reset(saved.tables, saved);
          setSaveOpen(false);
          toast({ title: `Pricing version ${saved.version} saved`, description: "New estimates use it from now on." });
        },
        onError: (err) => {
          const note = err instanceof ApiError ? err.field("note") : undefined;
          if (note) {
            setNoteError(note);
            return;
          }
          setSaveOpen(false);
          if (showServerErrors(err, stoneIndex)) setServerProblem("The tables were not saved: fix the highlighted fields, then save.");
          else setServerProblem(errorMessage(err, "The tables could not be saved. Please try again."));
        },
      },
    );
  }

  const previewId = `${baseId}-preview`;
  const nextVersion = inForce.version + 1;
  const showBar = dirty || serverProblem !== null;
  return (
    <>
      <UnsavedChangesGuard when={dirty && !save.isPending} />
      {inForce.version !== base.version && (
        <p role="status" className="flex gap-3 rounded-md border border-warning/20 bg-warning-soft px-4 py-3 text-sm text-warning">
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>
            Version {inForce.version} was saved by {savedBy(inForce)} while you were editing; your draft started from version {base.version}
            . Saving makes version {nextVersion} from your draft. To start from the newest tables instead, discard your changes.
          </span>
        </p>
      )}

      <div ref={editorRef}>
        <TablesEditor baseId={baseId} draft={draft} onChange={change} onBlur={blur} errors={errors} disabled={save.isPending} />
      </div>

      <PreviewPanel id={previewId} signature={signature} prepare={prepare} onServerErrors={showServerErrors} />

      <VersionsPanel
        id={`${baseId}-versions`}
        inForce={inForce.version}
        dirty={dirty}
        onUseVersion={(v) => {
          reset(v.tables, inForce);
          toast({ title: `Draft from version ${v.version}`, description: "Preview it, then save it as a new version." });
          window.scrollTo({ top: 0 });
        }}
      />

      {showBar && (
        <Card
          className="sticky bottom-4 z-20 flex flex-col gap-3 border-accent/40 px-4 py-3 shadow-[var(--shadow-dialog)] sm:flex-row sm:items-center sm:justify-between sm:px-5"
          role="region"
          aria-label="Unsaved changes"
        >
          <div className="min-w-0 text-sm" aria-live="polite">
            {serverProblem ? (
              <p role="alert" className="text-destructive">
                {serverProblem}
              </p>
            ) : checked.ok ? (
              <p>
                <span className="font-medium">{changes.length === 1 ? "1 unsaved change" : `${changes.length} unsaved changes`}</span>
                <span className="text-muted"> · saving makes version {nextVersion}</span>
              </p>
            ) : (
              <p>
                <span className="font-medium">Unsaved changes</span>
                <span className="text-muted"> · some values need attention</span>
              </p>
            )}
          </div>
          <div className="flex gap-2 sm:shrink-0">
            <Button
              variant="ghost"
              size="sm"
              className="hidden sm:inline-flex"
              onClick={() => {
                const title = document.getElementById(`${previewId}-title`);
                title?.closest("section")?.parentElement?.scrollIntoView({ block: "start" });
                title?.closest("section")?.querySelector<HTMLElement>("input, select")?.focus({ preventScroll: true });
              }}
            >
              <Calculator /> Preview
            </Button>
            <Button variant="secondary" size="sm" onClick={() => setDiscardOpen(true)} disabled={!dirty || save.isPending}>
              Discard changes
            </Button>
            <Button size="sm" onClick={startSave} disabled={!dirty} loading={save.isPending}>
              Save as version {nextVersion}
            </Button>
          </div>
        </Card>
      )}

      <SaveDialog
        key={saveOpen ? "open" : "closed"}
        open={saveOpen}
        onOpenChange={setSaveOpen}
        nextVersion={nextVersion}
        changes={changes}
        pending={save.isPending}
        noteError={noteError}
        onSave={confirmSave}
      />
      <ConfirmDialog
        open={discardOpen}
        onOpenChange={setDiscardOpen}
        title="Discard your changes?"
        description={`The draft goes back to version ${inForce.version}, the tables in force. Nothing is saved.`}
        confirmLabel="Discard changes"
        cancelLabel="Keep editing"
        onConfirm={() => {
          reset(inForce.tables, inForce);
          setDiscardOpen(false);
          toast({ title: "Changes discarded", description: `The draft is version ${inForce.version} again.` });
        }}
      />
    </>
  );
}

function PricingSkeleton() {
  return (
    <div className="flex flex-col gap-6" aria-busy="true">
      <span className="sr-only" role="status">
        Loading the pricing tables…
      </span>
      {[6, 8, 7].map((rows, i) => (
        <Card key={i} className="flex flex-col gap-4 p-5 sm:p-7">
          <Skeleton className="h-7 w-48" />
          <Skeleton className="h-4 w-full max-w-xl" />
          {Array.from({ length: rows }, (_, j) => (
            <div key={j} className="flex gap-3">
              <Skeleton className="h-10 flex-1" />
              <Skeleton className="h-10 flex-1" />
              <Skeleton className="hidden h-10 flex-1 sm:block" />
            </div>
          ))}
        </Card>
      ))}
    </div>
  );
}
