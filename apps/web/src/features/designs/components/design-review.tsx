import { DESIGN_TYPE_LABELS, designFieldGroups, type DesignData, type Estimate } from "@atelier/contract";
import { CircleAlert, Pencil, Scale } from "lucide-react";
import { EstimateSummary } from "@/components/estimate-summary";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { formatAmount } from "@/lib/format";
import { budgetWarning } from "../utils/budget-warning";
import type { DetailRow } from "../utils/design-details";
import { DESIGN_STEPS } from "../utils/design-steps";
import { DetailList } from "./detail-list";
import { Notice } from "./form-section";

/** The live estimate of the details under review, as a query gives it (react-query's `data` and `status`). */
export interface ReviewEstimate {
  data: Estimate | undefined;
  status: "pending" | "error" | "success";
  refetch?: () => unknown;
}

const stepIndex = (id: (typeof DESIGN_STEPS)[number]["id"]) => DESIGN_STEPS.findIndex((s) => s.id === id);

/** The rows of each step of the form, as the review lists them (labels as the design page writes them). */
export function reviewSections(details: DesignData, images: { added: number; kept: number }) {
  // A stone row has no id until it is saved; the groups do not read it.
  const stones = details.stones.map((s, i) => ({ ...s, id: String(i) }));
  const groups = designFieldGroups({ ...details, stones, metal: "", stones_text: "" }, { money: formatAmount });
  const group = (id: string) => groups.find((g) => g.id === id)?.rows ?? [];
  const piece: DetailRow[] = [
    { label: "Name", value: details.name },
    { label: "Type", value: DESIGN_TYPE_LABELS[details.design_type] },
    { label: "Style", value: details.style },
    { label: "Description", value: details.description },
    { label: "Inspiration", value: details.inspiration_link },
  ].filter((r) => r.value.trim() !== "");
  const imageText = [images.added > 0 && `${images.added} new`, images.kept > 0 && `${images.kept} saved`].filter(Boolean).join(", ");
  return [
    { step: stepIndex("piece"), rows: piece, empty: "" },
    { step: stepIndex("metal"), rows: group("metal"), empty: "No metal chosen: your jeweller suggests one." },
    { step: stepIndex("stones"), rows: group("stones"), empty: "No stones." },
    { step: stepIndex("details"), rows: [...group("size"), ...group("details").filter((r) => r.label !== "Style"), ...group("budget")], empty: "Nothing added." },
    { step: stepIndex("images"), rows: imageText ? [{ label: "Images", value: imageText }] : [], empty: "No reference images." },
  ];
}

/**
 * The last step: everything the customer entered, each part with a way back to its step, beside the
 * live instant estimate and, when the estimate is far above the budget, what would bring it down.
 */
export function DesignReview({
  details,
  images,
  estimate,
  onEdit,
  disabled,
}: {
  details: DesignData;
  images: { added: number; kept: number };
  estimate: ReviewEstimate;
  onEdit: (step: number) => void;
  disabled?: boolean;
}) {
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)] lg:items-start">
      {/* The estimate first on a phone (it is what the customer came to see), beside the details on a wide screen. */}
      <div className="lg:sticky lg:top-20 lg:order-last">
        <ReviewEstimatePanel details={details} estimate={estimate} />
      </div>
      <div className="flex flex-col divide-y divide-border">
        {reviewSections(details, images).map(({ step, rows, empty }) => {
          const title = DESIGN_STEPS[step]?.title ?? "";
          return (
            <section key={step} aria-label={title} className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0">
              <div className="flex items-center justify-between gap-3">
                <h3 className="font-sans text-[0.7rem] font-semibold uppercase tracking-[0.18em] text-accent-strong">{title}</h3>
                <Button type="button" variant="ghost" size="sm" onClick={() => onEdit(step)} disabled={disabled} aria-label={`Edit ${title}`}>
                  <Pencil aria-hidden /> Edit
                </Button>
              </div>
              {rows.length > 0 ? <DetailList rows={rows} className="grid-cols-[7.5rem_minmax(0,1fr)] sm:grid-cols-[9rem_minmax(0,1fr)] [&_dd]:whitespace-pre-line" /> : <p className="text-sm text-muted">{empty}</p>}
            </section>
          );
        })}
      </div>
    </div>
  );
}

function ReviewEstimatePanel({ details, estimate }: { details: DesignData; estimate: ReviewEstimate }) {
  if (estimate.status === "pending") {
    return (
      <div aria-busy="true" aria-label="Loading the instant estimate" className="flex flex-col gap-4 rounded-md border border-border bg-background/60 p-5">
        <Skeleton className="h-7 w-48" />
        <Skeleton className="h-3 w-56" />
        <div className="flex flex-col gap-3 pt-2">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="flex justify-between gap-4">
              <Skeleton className="h-4 w-40" />
              <Skeleton className="h-4 w-16" />
            </div>
          ))}
        </div>
        <Skeleton className="h-11 w-full" />
      </div>
    );
  }
  if (estimate.status === "error" || !estimate.data) {
    return (
      <div role="status" className="flex flex-col gap-3 rounded-md border border-border bg-background/60 p-5 text-sm">
        <p className="flex items-center gap-2 font-medium">
          <CircleAlert className="size-4 shrink-0 text-muted" aria-hidden /> Estimate unavailable
        </p>
        <p className="text-muted">We cannot work out the instant estimate right now. Submit your design and it appears on the design page straight away.</p>
        {estimate.refetch && (
          <div>
            <Button type="button" variant="secondary" size="sm" onClick={() => void estimate.refetch?.()}>
              Try Again
            </Button>
          </div>
        )}
      </div>
    );
  }
  const warning = budgetWarning(estimate.data, details.budget, details);
  return (
    <div className="flex flex-col gap-4 rounded-md border border-border bg-background/60 p-5">
      {warning && (
        <Notice tone="warning" icon={<Scale aria-hidden />} title="Above your budget">
          <p>{warning.message}</p>
          {warning.suggestions.length > 0 ? (
            <>
              <p className="mt-2">These changes would bring it down:</p>
              <ul className="mt-1 flex list-disc flex-col gap-1 pl-5" aria-label="Ways to lower the estimate">
                {warning.suggestions.map((s) => (
                  <li key={s}>{s}</li>
                ))}
              </ul>
            </>
          ) : (
            <p className="mt-2">Your jeweller can suggest ways to bring it closer to your budget in the quote.</p>
          )}
        </Notice>
      )}
      <EstimateSummary estimate={estimate.data} headingLevel={3} />
    </div>
  );
}
