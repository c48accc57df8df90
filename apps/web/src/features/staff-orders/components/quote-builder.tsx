import { zodResolver } from "@hookform/resolvers/zod";
import { CURRENCIES, quoteFormSchema, quoteInputFromForm, type Order, type Quote, type QuoteFormValues } from "@atelier/contract";
import { Eye, Plus, ReceiptText, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { useFieldArray, useForm, useWatch, type FieldPath } from "react-hook-form";
import { QuoteBreakdown } from "@/components/quote-breakdown";
import { Button } from "@/components/ui/button";
import { Field, fieldAria } from "@/components/ui/field";
import { Input, NativeSelect, Textarea } from "@/components/ui/input";
import { InlineAlert } from "@/components/ui/states";
import { toast } from "@/components/ui/use-toast";
import { ApiError } from "@/lib/api-client";
import { applyServerErrors } from "@/lib/form-errors";
import { amountFormatter } from "@/lib/format";
import { useIssueQuote } from "../api/actions";
import { useQuoteTax } from "../hooks/use-quote-tax";
import {
  draftFromEstimate,
  draftFromQuote,
  fromCents,
  labelAfterAmountEdit,
  previewQuote,
  splitCents,
  toCents,
  totalCents,
} from "../utils/quote-draft";
import { Panel } from "./panel";
import { MakingCheckbox, QuoteTaxNote } from "./quote-tax-note";

// The request the builder would send, checked by the contract's quoteInputSchema; `raw` keeps the
// values as typed, so the body is built once, by quoteInputFromForm.
const resolver = zodResolver(quoteFormSchema, undefined, { raw: true });

const LINE_FIELD = /^line_items\.\d+\.(label|amount)$/;
const FORM_FIELDS = new Set<string>(["currency", "advance_percent", "valid_days", "note"]);

/** The server's field key as the builder's field; the total ("amount") has no field and is shown under it. */
function formField(key: string): FieldPath<QuoteFormValues> | undefined {
  if (key === "valid_until") return "valid_days";
  if (LINE_FIELD.test(key) || FORM_FIELDS.has(key)) return key as FieldPath<QuoteFormValues>;
  return undefined;
}

/**
 * The quote builder: starts from the estimate's lines; lines are edited, added and removed with
 * a live total; currency, advance, validity and a note; a preview of the customer's view.
 */
export function QuoteBuilder({ order, pending }: { order: Order; pending: Quote | undefined }) {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [totalError, setTotalError] = useState<string | undefined>();
  const [showPreview, setShowPreview] = useState(false);
  const issue = useIssueQuote(order.id);
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    getValues,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<QuoteFormValues>({
    resolver,
    defaultValues: pending ? draftFromQuote(pending) : draftFromEstimate(order.estimate, order.currency),
  });
  const lines = useFieldArray({ control, name: "line_items" });
  const draft = useWatch({ control }) as QuoteFormValues;

  const total = totalCents(draft.line_items);
  const parts = splitCents(draft.line_items);
  const taxQuery = useQuoteTax(order.id, draft.currency, fromCents(parts.goods), fromCents(parts.making));
  // The rules bill making charges separately (the answer then has a `making` part): lines can be marked as such.
  const makingSeparate = Boolean(taxQuery.data?.making);
  // The server's tax for the lines as they are now (none while the answer for them is on its way).
  const tax = taxQuery.data && taxQuery.data.taxable === fromCents(total) ? taxQuery.data : null;
  const money = amountFormatter(draft.currency);
  // An order whose design is beyond the limits has no estimate: it is quoted by hand.
  const estimate = order.estimate;
  const estimateTotal = estimate ? (toCents(estimate.point) ?? 0) : null;
  const linesError = errors.line_items?.root?.message ?? errors.line_items?.message;

  async function submit(values: QuoteFormValues) {
    setProblem(null);
    setTotalError(undefined);
    try {
      const quote = await issue.mutateAsync(quoteInputFromForm(values));
      toast({
        title: pending ? "Quote replaced" : "Quote issued",
        description: `${order.order_number}: ${amountFormatter(quote.currency)(quote.amount)} sent to the customer.`,
      });
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) {
        const placed = applyServerErrors(err, setError, formField);
        const amount = err.field("amount");
        setTotalError(amount);
        setProblem(
          err.field("non_field_errors") ?? (placed || amount ? "The quote was not issued. Check the highlighted fields." : err.message),
        );
      } else {
        setProblem(err instanceof ApiError ? err.message : "The quote could not be issued. Please try again.");
      }
    }
  }

  const lineIds = (i: number) => ({ label: `${id}-line-${i}-label`, amount: `${id}-line-${i}-amount` });

  return (
    <Panel
      icon={<ReceiptText />}
      title={pending ? "Replace the quote" : "Build the quote"}
      description={
        pending
          ? "The customer has not answered the current quote yet. A new quote replaces it at once."
          : "Starts from the instant estimate. Adjust the lines, then issue it to the customer."
      }
    >
      <form onSubmit={handleSubmit(submit)} noValidate className="flex flex-col gap-6" aria-label="Quote builder">
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 text-sm font-medium">Lines</legend>
          <div
            className="hidden grid-cols-[minmax(0,1fr)_8.5rem_2.5rem] gap-3 px-1 text-xs uppercase tracking-wider text-muted sm:grid"
            aria-hidden
          >
            <span>Label</span>
            <span className="text-right">Amount ({draft.currency})</span>
            <span />
          </div>
          <ol className="flex flex-col gap-3" aria-label="Quote lines">
            {lines.fields.map((line, i) => {
              const ids = lineIds(i);
              const labelError = errors.line_items?.[i]?.label?.message;
              const amountError = errors.line_items?.[i]?.amount?.message;
              const label = draft.line_items[i]?.label.trim() ?? "";
              return (
                <li
                  key={line.id}
                  className="grid grid-cols-[minmax(0,1fr)_2.5rem] gap-x-3 gap-y-2 sm:grid-cols-[minmax(0,1fr)_8.5rem_2.5rem]"
                  data-testid="quote-line"
                >
                  <div className="flex flex-col gap-1">
                    <label htmlFor={ids.label} className="sr-only">
                      Line {i + 1} label
                    </label>
                    <Input
                      id={ids.label}
                      maxLength={200}
                      {...fieldAria(ids.label, labelError)}
                      {...register(`line_items.${i}.label`)}
                      placeholder="What this covers"
                    />
                    {labelError && (
                      <p id={`${ids.label}-error`} className="text-xs text-destructive">
                        {labelError}
                      </p>
                    )}
                  </div>
                  <div className="col-start-1 row-start-2 flex flex-col gap-1 sm:col-start-2 sm:row-start-1">
                    <label htmlFor={ids.amount} className="sr-only">
                      Line {i + 1} amount
                    </label>
                    <Input
                      id={ids.amount}
                      inputMode="decimal"
                      {...fieldAria(ids.amount, amountError)}
                      {...register(`line_items.${i}.amount`, {
                        onChange: () => {
                          const { label: now, amount } = getValues(`line_items.${i}`);
                          const next = labelAfterAmountEdit(now, amount, order.estimate);
                          if (next !== now) setValue(`line_items.${i}.label`, next);
                        },
                      })}
                      className="text-right tabular-nums"
                    />
                    {amountError && (
                      <p id={`${ids.amount}-error`} className="text-xs text-destructive">
                        {amountError}
                      </p>
                    )}
                    {makingSeparate && <MakingCheckbox id={`${ids.amount}-making`} line={i + 1} {...register(`line_items.${i}.making`)} />}
                  </div>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="col-start-2 row-start-1 sm:col-start-3"
                    aria-label={`Remove line ${i + 1}${label ? ` (${label})` : ""}`}
                    onClick={() => lines.remove(i)}
                  >
                    <Trash2 className="text-muted" />
                  </Button>
                </li>
              );
            })}
          </ol>
          {linesError && (
            <p className="text-xs text-destructive" role="alert">
              {linesError}
            </p>
          )}
          <Button
            type="button"
            variant="secondary"
            size="sm"
            className="self-start"
            onClick={() => lines.append({ label: "", amount: "" })}
          >
            <Plus /> Add a line
          </Button>
        </fieldset>

        <div className="flex flex-col gap-1 rounded-md bg-surface-muted/70 px-4 py-3">
          <div className="flex items-baseline justify-between gap-4">
            <span className="text-sm font-medium">Total</span>
            <output className="text-2xl font-semibold tabular-nums" aria-live="polite" data-testid="quote-total">
              {money(fromCents(total))}
            </output>
          </div>
          <p className="text-xs text-muted">
            {!estimate
              ? "No instant estimate for this design: its figures are beyond what we price."
              : total === estimateTotal
                ? "Same as the instant estimate."
                : `Instant estimate ${amountFormatter(estimate.currency)(estimate.point)}.`}
          </p>
          <QuoteTaxNote
            tax={tax}
            currency={draft.currency}
            loading={taxQuery.isFetching || (!tax && !taxQuery.isError)}
            failed={taxQuery.isError}
          />
          {totalError && (
            <p className="text-xs text-destructive" role="alert">
              {totalError}
            </p>
          )}
        </div>

        <div className="grid gap-4 sm:grid-cols-3">
          <Field id={`${id}-currency`} label="Currency" error={errors.currency?.message}>
            <NativeSelect id={`${id}-currency`} {...fieldAria(`${id}-currency`, errors.currency?.message)} {...register("currency")}>
              {CURRENCIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field id={`${id}-advance`} label="Advance (%)" error={errors.advance_percent?.message}>
            <Input
              id={`${id}-advance`}
              type="number"
              min={0}
              max={100}
              step="any"
              inputMode="decimal"
              {...fieldAria(`${id}-advance`, errors.advance_percent?.message)}
              {...register("advance_percent")}
            />
          </Field>
          <Field id={`${id}-days`} label="Valid for (days)" error={errors.valid_days?.message}>
            <Input
              id={`${id}-days`}
              type="number"
              min={1}
              max={365}
              step={1}
              inputMode="numeric"
              {...fieldAria(`${id}-days`, errors.valid_days?.message)}
              {...register("valid_days")}
            />
          </Field>
        </div>
        {estimate && draft.currency !== estimate.currency && (
          <p className="-mt-3 text-xs text-warning">The amounts are not converted: they are read in {draft.currency}.</p>
        )}

        <Field id={`${id}-note`} label="Note to the customer" hint="Optional. Shown with the quote." error={errors.note?.message}>
          <Textarea
            id={`${id}-note`}
            maxLength={2000}
            rows={3}
            {...fieldAria(`${id}-note`, errors.note?.message, { hint: true })}
            {...register("note")}
          />
        </Field>

        <div className="flex flex-col gap-3">
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="self-start"
            aria-expanded={showPreview}
            onClick={() => setShowPreview((v) => !v)}
          >
            <Eye /> {showPreview ? "Hide the customer's view" : "Preview the customer's view"}
          </Button>
          {showPreview && (
            <section
              aria-label="What the customer will see"
              className="rounded-[var(--radius-card)] border border-accent/30 bg-background px-5 py-4"
            >
              <p className="eyebrow mb-3">Customer&apos;s view</p>
              <QuoteBreakdown quote={previewQuote(draft, order, new Date(), tax)} />
            </section>
          )}
        </div>

        {problem && <InlineAlert>{problem}</InlineAlert>}

        <div className="flex flex-col-reverse gap-2 border-t border-border pt-5 sm:flex-row sm:justify-end">
          <Button
            type="button"
            variant="secondary"
            onClick={() => {
              reset(draftFromEstimate(order.estimate, order.currency));
              setTotalError(undefined);
              setProblem(null);
            }}
          >
            Start again from the estimate
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {pending ? "Replace quote" : "Issue quote"}
          </Button>
        </div>
      </form>
    </Panel>
  );
}
