import type { PricingTables } from "@atelier/contract";
import { Calculator, Gem, Search } from "lucide-react";
import { useEffect, useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field, fieldAria } from "@/components/ui/field";
import { Input, NativeSelect } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { ApiError } from "@/lib/api-client";
import { formatAmount, NO_ESTIMATE } from "@/lib/format";
import { useRecentDesigns, type OrderWithDesign } from "../api/get-recent-designs";
import { usePreviewPricing, type PricingPreview } from "../api/preview-pricing";
import type { StoneIndex } from "../utils/pricing-draft";
import { EstimateComparison } from "./estimate-comparison";
import { Section } from "./section";
import { InlineAlert } from "@/components/ui/states";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const customerName = (o: OrderWithDesign) => `${o.customer.first_name} ${o.customer.last_name}`.trim() || o.customer.email;
const optionLabel = (o: OrderWithDesign) => `${o.order_number} · ${o.design_name} · ${customerName(o)}`;

/**
 * The draft's effect on a real design before anything is saved: choose one of the newest orders'
 * designs (or search them, or paste a design id) and see its estimate in force beside the draft's.
 */
export function PreviewPanel({
  id,
  signature,
  prepare,
  onServerErrors,
}: {
  id: string;
  /** The draft as it is now; a preview of another draft is marked out of date. */
  signature: string;
  /** The draft's tables, or null when the draft has mistakes (they are then shown). */
  prepare: () => { tables: PricingTables; stoneIndex: StoneIndex } | null;
  onServerErrors: (err: unknown, stoneIndex: StoneIndex) => boolean;
}) {
  const fieldId = useId();
  const [text, setText] = useState("");
  const [search, setSearch] = useState("");
  const [chosen, setChosen] = useState<string | null>(null);
  const [pasting, setPasting] = useState(false);
  const [pasted, setPasted] = useState("");
  const [designError, setDesignError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<{ preview: PricingPreview; signature: string; order: OrderWithDesign | undefined } | null>(null);
  const designs = useRecentDesigns(search);
  const preview = usePreviewPricing();

  useEffect(() => {
    if (text.trim() === search) return;
    const t = setTimeout(() => setSearch(text.trim()), 350);
    return () => clearTimeout(t);
  }, [text, search]);

  const rows = designs.data?.results ?? [];
  const selectedId = chosen && rows.some((o) => o.design_id === chosen) ? chosen : (rows[0]?.design_id ?? "");
  const selectedOrder = rows.find((o) => o.design_id === selectedId);
  const designId = pasting ? pasted.trim() : selectedId;

  function run(e: FormEvent) {
    e.preventDefault();
    setProblem(null);
    setDesignError(undefined);
    if (!designId) {
      setDesignError(pasting ? "Paste a design id." : "Choose a design.");
      return;
    }
    if (pasting && !UUID.test(designId)) {
      setDesignError("A design id looks like 3f2b8c1e-5a7d-4e2f-9b1c-0d6e8a4f2b7c.");
      return;
    }
    const prepared = prepare();
    if (!prepared) {
      setProblem("Some values need attention: fix the highlighted fields, then preview again.");
      return;
    }
    const at = signature;
    preview.mutate(
      { design_id: designId, tables: prepared.tables },
      {
        onSuccess: (data) => setResult({ preview: data, signature: at, order: pasting ? undefined : selectedOrder }),
        onError: (err) => {
          if (err instanceof ApiError && err.status === 404) setDesignError("No design has this id.");
          else if (err instanceof ApiError && err.field("design_id")) setDesignError(err.field("design_id"));
          else if (onServerErrors(err, prepared.stoneIndex))
            setProblem("The draft was refused: fix the highlighted fields, then preview again.");
          else
            setProblem(
              err instanceof ApiError && !err.message.startsWith("Request failed")
                ? err.message
                : "The preview could not be computed. Please try again.",
            );
        },
      },
    );
  }

  const stale = result !== null && result.signature !== signature;
  return (
    <Section
      id={id}
      title="Preview"
      description="The estimate of an existing design under the tables in force and under your draft, side by side. Nothing is saved."
    >
      <form onSubmit={run} noValidate className="flex flex-col gap-4" aria-label="Preview the draft">
        {pasting ? (
          <Field
            id={`${fieldId}-pasted`}
            label="Design id"
            hint="The id at the end of a design's address, e.g. /dashboard/designs/…"
            error={designError}
          >
            <Input
              id={`${fieldId}-pasted`}
              value={pasted}
              onChange={(e) => setPasted(e.target.value)}
              placeholder="3f2b8c1e-5a7d-4e2f-9b1c-0d6e8a4f2b7c"
              autoComplete="off"
              spellCheck={false}
              className="font-mono text-xs sm:text-sm"
              {...fieldAria(`${fieldId}-pasted`, designError, { hint: true })}
            />
          </Field>
        ) : (
          <div className="grid gap-4 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
            <div className="flex flex-col gap-1.5">
              <label htmlFor={`${fieldId}-search`} className="text-sm font-medium">
                Find an order
              </label>
              <div className="relative">
                <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted" aria-hidden />
                <Input
                  id={`${fieldId}-search`}
                  type="search"
                  value={text}
                  onChange={(e) => setText(e.target.value)}
                  placeholder="Order number, customer or design"
                  className="pl-9"
                />
              </div>
            </div>
            <Field id={`${fieldId}-design`} label="Design" error={designError}>
              {designs.isPending ? (
                <Skeleton className="h-11 w-full" />
              ) : (
                <NativeSelect
                  id={`${fieldId}-design`}
                  value={selectedId}
                  onChange={(e) => setChosen(e.target.value)}
                  disabled={rows.length === 0}
                  {...fieldAria(`${fieldId}-design`, designError)}
                >
                  {rows.length === 0 && <option value="">{search ? "No order matches" : "No orders yet"}</option>}
                  {rows.map((o) => (
                    <option key={o.id} value={o.design_id}>
                      {optionLabel(o)}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
          </div>
        )}
        {designs.isError && !pasting && (
          <p role="alert" className="text-sm text-destructive">
            The recent orders could not be loaded.{" "}
            <button
              type="button"
              className="cursor-pointer font-medium underline underline-offset-4"
              onClick={() => void designs.refetch()}
            >
              Try again
            </button>{" "}
            or paste a design id.
          </p>
        )}
        {!pasting && selectedOrder && <ChosenDesign order={selectedOrder} />}

        {problem && <InlineAlert>{problem}</InlineAlert>}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-between">
          <Button
            type="button"
            variant="link"
            className="h-auto self-start px-0 sm:self-auto"
            onClick={() => {
              setPasting((v) => !v);
              setDesignError(undefined);
            }}
          >
            {pasting ? "Choose from recent orders instead" : "Paste a design id instead"}
          </Button>
          <Button type="submit" loading={preview.isPending}>
            <Calculator /> {result ? "Preview again" : "Preview the draft"}
          </Button>
        </div>
      </form>

      {preview.isPending && !result && <ComparisonSkeleton />}
      {result && (
        <div className="flex flex-col gap-3 border-t border-border pt-5" aria-busy={preview.isPending || undefined}>
          <p className="text-sm text-muted" role="status" data-testid="preview-design">
            {result.order ? (
              <>
                <span className="font-medium text-foreground">{result.order.design_name}</span> ({result.order.order_number})
              </>
            ) : (
              "The pasted design"
            )}{" "}
            in {result.preview.draft.currency}.
          </p>
          {stale && (
            <p className="rounded-md border border-warning/20 bg-warning-soft px-4 py-2.5 text-sm text-warning">
              The draft has changed since this preview. Preview again to see its effect.
            </p>
          )}
          <EstimateComparison current={result.preview.current} draft={result.preview.draft} />
        </div>
      )}
    </Section>
  );
}

function ChosenDesign({ order }: { order: OrderWithDesign }) {
  return (
    <div className="flex items-center gap-3 rounded-md bg-surface-muted/60 px-3 py-2.5">
      <span className="flex size-11 shrink-0 items-center justify-center overflow-hidden rounded-md border border-border bg-surface text-accent">
        {order.thumbnail ? <img src={order.thumbnail} alt="" className="size-full object-cover" /> : <Gem className="size-5" aria-hidden />}
      </span>
      <div className="min-w-0 text-sm">
        <p className="truncate font-medium">{order.design_name}</p>
        <p className="truncate text-xs text-muted">
          {order.order_number} · {customerName(order)} · {order.estimate_point !== null ? `estimate at submission ${formatAmount(order.estimate_point, order.currency)}` : NO_ESTIMATE}
        </p>
      </div>
    </div>
  );
}

function ComparisonSkeleton() {
  return (
    <div className="grid gap-4 border-t border-border pt-5 md:grid-cols-2" aria-hidden>
      {[0, 1].map((i) => (
        <div key={i} className="flex flex-col gap-3 rounded-[var(--radius-card)] border border-border px-5 py-4">
          <Skeleton className="h-3 w-16" />
          <Skeleton className="h-9 w-40" />
          <Skeleton className="h-3 w-48" />
          {[0, 1, 2, 3].map((j) => (
            <Skeleton key={j} className="h-4 w-full" />
          ))}
        </div>
      ))}
    </div>
  );
}
