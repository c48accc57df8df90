import { CURRENCIES, NEGATIVE_AMOUNT, QUOTE_MAX_VALID_DAYS, type Order, type Quote } from "@atelier/contract";
import { Eye, Plus, ReceiptText, Trash2 } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { QuoteBreakdown } from "@/components/quote-breakdown";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input, NativeSelect, Textarea } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { ApiError } from "@/lib/api-client";
import { amountFormatter } from "@/lib/format";
import { useIssueQuote } from "../api/actions";
import {
  draftFromEstimate,
  fromCents,
  newLineKey,
  previewQuote,
  toCents,
  toQuoteInput,
  totalCents,
  type QuoteDraft,
} from "../utils/quote-draft";
import { Panel } from "./panel";
import { InlineAlert } from "@/components/ui/states";

type Errors = Record<string, string>;

/** Checks what the server would refuse anyway, with its words, before sending. */
function checkDraft(draft: QuoteDraft): Errors {
  const errors: Errors = {};
  if (draft.lines.length === 0) errors.line_items = "A quote needs at least one line.";
  draft.lines.forEach((l, i) => {
    if (!l.label.trim()) errors[`line_items.${i}.label`] = "Each line needs a label.";
    if (toCents(l.amount) === null)
      errors[`line_items.${i}.amount`] = /^\s*-/.test(l.amount) ? NEGATIVE_AMOUNT : "Enter an amount with at most two decimal places.";
  });
  const advance = Number(draft.advancePercent);
  if (draft.advancePercent.trim() === "" || !Number.isFinite(advance) || advance < 0 || advance > 100)
    errors.advance_percent = "Enter a percentage from 0 to 100.";
  const days = Number(draft.validDays);
  if (draft.validDays.trim() === "" || !Number.isInteger(days) || days < 1 || days > QUOTE_MAX_VALID_DAYS)
    errors.valid_days = `Enter a number of days from 1 to ${QUOTE_MAX_VALID_DAYS}.`;
  return errors;
}

/** The server's 400 `{field: [msg]}` as one message per field. */
function serverErrors(err: ApiError): Errors {
  const errors: Errors = {};
  if (err.body && typeof err.body === "object") {
    for (const [key, value] of Object.entries(err.body as Record<string, unknown>)) {
      if (Array.isArray(value) && typeof value[0] === "string") errors[key] = value[0];
    }
  }
  return errors;
}

/**
 * The quote builder: starts from the estimate's lines; lines are edited, added and removed with
 * a live total; currency, advance, validity and a note; a preview of the customer's view.
 */
export function QuoteBuilder({ order, pending }: { order: Order; pending: Quote | undefined }) {
  const id = useId();
  const [draft, setDraft] = useState<QuoteDraft>(() => draftFromEstimate(order.estimate, order.currency));
  const [errors, setErrors] = useState<Errors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [showPreview, setShowPreview] = useState(false);
  const issue = useIssueQuote(order.id);

  const total = totalCents(draft.lines);
  const money = amountFormatter(draft.currency);
  const estimateTotal = order.estimate ? (toCents(order.estimate.point) ?? 0) : null;
  const change = (patch: Partial<QuoteDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const changeLine = (key: string, patch: { label?: string; amount?: string }) =>
    setDraft((d) => ({ ...d, lines: d.lines.map((l) => (l.key === key ? { ...l, ...patch } : l)) }));
  const fieldError = (name: string) => errors[name];

  function submit(e: FormEvent) {
    e.preventDefault();
    setProblem(null);
    const found = checkDraft(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    issue.mutate(toQuoteInput(draft), {
      onSuccess: (quote) => {
        toast({
          title: pending ? "Quote replaced" : "Quote issued",
          description: `${order.order_number}: ${amountFormatter(quote.currency)(quote.amount)} sent to the customer.`,
        });
      },
      onError: (err) => {
        if (err instanceof ApiError && err.status === 400) {
          const fields = serverErrors(err);
          setErrors(fields);
          const shown = Object.keys(fields).some((k) => k !== "non_field_errors" && k !== "detail");
          setProblem(fields.non_field_errors ?? (shown ? "The quote was not issued. Check the highlighted fields." : err.message));
        } else {
          setProblem(err instanceof ApiError ? err.message : "The quote could not be issued. Please try again.");
        }
      },
    });
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
      <form onSubmit={submit} noValidate className="flex flex-col gap-6" aria-label="Quote builder">
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
            {draft.lines.map((line, i) => {
              const ids = lineIds(i);
              const labelError = fieldError(`line_items.${i}.label`);
              const amountError = fieldError(`line_items.${i}.amount`);
              return (
                <li
                  key={line.key}
                  className="grid grid-cols-[minmax(0,1fr)_2.5rem] gap-x-3 gap-y-2 sm:grid-cols-[minmax(0,1fr)_8.5rem_2.5rem]"
                  data-testid="quote-line"
                >
                  <div className="flex flex-col gap-1">
                    <label htmlFor={ids.label} className="sr-only">
                      Line {i + 1} label
                    </label>
                    <Input
                      id={ids.label}
                      value={line.label}
                      maxLength={200}
                      onChange={(e) => changeLine(line.key, { label: e.target.value })}
                      aria-invalid={labelError ? true : undefined}
                      aria-describedby={labelError ? `${ids.label}-error` : undefined}
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
                      value={line.amount}
                      inputMode="decimal"
                      onChange={(e) => changeLine(line.key, { amount: e.target.value })}
                      aria-invalid={amountError ? true : undefined}
                      aria-describedby={amountError ? `${ids.amount}-error` : undefined}
                      className="text-right tabular-nums"
                    />
                    {amountError && (
                      <p id={`${ids.amount}-error`} className="text-xs text-destructive">
                        {amountError}
                      </p>
                    )}
                  </div>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="col-start-2 row-start-1 sm:col-start-3"
                    aria-label={`Remove line ${i + 1}${line.label.trim() ? ` (${line.label.trim()})` : ""}`}
                    onClick={() => change({ lines: draft.lines.filter((l) => l.key !== line.key) })}
                  >
                    <Trash2 className="text-muted" />
                  </Button>
                </li>
              );
            })}
          </ol>
          {fieldError("line_items") && (
            <p className="text-xs text-destructive" role="alert">
              {fieldError("line_items")}
            </p>
          )}
          <Button
            type="button"
            variant="secondary"
            size="sm"
            className="self-start"
            onClick={() => change({ lines: [...draft.lines, { key: newLineKey(), label: "", amount: "" }] })}
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
            {!order.estimate
              ? "No instant estimate for this design: its figures are beyond what we price."
              : total === estimateTotal
                ? "Same as the instant estimate."
                : `Instant estimate ${amountFormatter(order.estimate.currency)(order.estimate.point)}.`}
          </p>
          {fieldError("amount") && (
            <p className="text-xs text-destructive" role="alert">
              {fieldError("amount")}
            </p>
          )}
        </div>

        <div className="grid gap-4 sm:grid-cols-3">
          <Field id={`${id}-currency`} label="Currency" error={fieldError("currency")}>
            <NativeSelect
              id={`${id}-currency`}
              value={draft.currency}
              onChange={(e) => change({ currency: e.target.value as QuoteDraft["currency"] })}
            >
              {CURRENCIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field id={`${id}-advance`} label="Advance (%)" error={fieldError("advance_percent")}>
            <Input
              id={`${id}-advance`}
              type="number"
              min={0}
              max={100}
              step="any"
              inputMode="decimal"
              value={draft.advancePercent}
              onChange={(e) => change({ advancePercent: e.target.value })}
              aria-invalid={fieldError("advance_percent") ? true : undefined}
              aria-describedby={fieldError("advance_percent") ? `${id}-advance-error` : undefined}
            />
          </Field>
          <Field id={`${id}-days`} label="Valid for (days)" error={fieldError("valid_days") ?? fieldError("valid_until")}>
            <Input
              id={`${id}-days`}
              type="number"
              min={1}
              max={365}
              step={1}
              inputMode="numeric"
              value={draft.validDays}
              onChange={(e) => change({ validDays: e.target.value })}
              aria-invalid={fieldError("valid_days") ? true : undefined}
              aria-describedby={fieldError("valid_days") ? `${id}-days-error` : undefined}
            />
          </Field>
        </div>
        {order.estimate && draft.currency !== order.estimate.currency && (
          <p className="-mt-3 text-xs text-warning">The amounts are not converted: they are read in {draft.currency}.</p>
        )}

        <Field id={`${id}-note`} label="Note to the customer" hint="Optional. Shown with the quote." error={fieldError("note")}>
          <Textarea id={`${id}-note`} value={draft.note} maxLength={2000} rows={3} onChange={(e) => change({ note: e.target.value })} />
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
              <QuoteBreakdown quote={previewQuote(draft, order)} />
            </section>
          )}
        </div>

        {problem && <InlineAlert>{problem}</InlineAlert>}

        <div className="flex flex-col-reverse gap-2 border-t border-border pt-5 sm:flex-row sm:justify-end">
          <Button
            type="button"
            variant="secondary"
            onClick={() => {
              setDraft(draftFromEstimate(order.estimate, order.currency));
              setErrors({});
              setProblem(null);
            }}
          >
            Start again from the estimate
          </Button>
          <Button type="submit" loading={issue.isPending}>
            {pending ? "Replace quote" : "Issue quote"}
          </Button>
        </div>
      </form>
    </Panel>
  );
}
