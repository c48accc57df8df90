import type { Tone } from "@atelier/contract";
import { Search } from "lucide-react";
import { useEffect, useId, useState, type FormEvent } from "react";
import { useSearchParams } from "react-router";
import { ConfirmDialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input, NativeSelect, Textarea } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { errorMessage } from "@/lib/api-client";

/** A refused move (409 with a clear sentence), or any other failure, in a destructive toast. */
export function toastFailure(err: unknown, fallback: string) {
  toast({ variant: "destructive", title: "Error", description: errorMessage(err, fallback) });
}

/** Border colours of the design system's tones (activity items, timeline dots). */
export const TONE_BORDER: Record<Tone, string> = {
  neutral: "border-input",
  gold: "border-accent",
  blue: "border-info",
  green: "border-success",
  garnet: "border-destructive",
};
export const TONE_DOT: Record<Tone, string> = {
  neutral: "bg-muted",
  gold: "bg-accent",
  blue: "bg-info",
  green: "bg-success",
  garnet: "bg-destructive",
};

const pageFrom = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : 1;
};

/** A list's page, status filter and search, kept in the address (`?page=&status=&search=`). */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params.get("page"));
  const status = params.get("status")?.trim().toLowerCase() || "all";
  const search = params.get("search")?.trim() ?? "";
  const update = (changes: { page?: number; status?: string; search?: string }) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      const set = (key: string, value: string | undefined, empty: string) => {
        if (value === undefined) return;
        if (value && value !== empty) next.set(key, value);
        else next.delete(key);
      };
      set("status", changes.status, "all");
      set("search", changes.search, "");
      // A new filter or search starts at the first page.
      if (changes.page === undefined && (changes.status !== undefined || changes.search !== undefined)) next.delete("page");
      else set("page", changes.page !== undefined ? String(changes.page) : undefined, "1");
      return next;
    });
  return { page, status, search, update };
}

/** Search box (applied as you pause typing, or on Enter) and a status filter, side by side from tablet up. */
export function ListToolbar({
  search,
  status,
  statusOptions,
  onSearch,
  onStatus,
  searchLabel,
  placeholder,
}: {
  search: string;
  status: string;
  statusOptions: readonly { value: string; label: string }[];
  onSearch: (value: string) => void;
  onStatus: (value: string) => void;
  searchLabel: string;
  placeholder: string;
}) {
  const id = useId();
  const [text, setText] = useState(search);
  // The address changed (a link, Back, "Clear filters"): show its search (adjusting state while rendering).
  const [shown, setShown] = useState(search);
  if (shown !== search) {
    setShown(search);
    setText(search);
  }
  useEffect(() => {
    if (text.trim() === search) return;
    const t = setTimeout(() => onSearch(text.trim()), 350);
    return () => clearTimeout(t);
  }, [text, search, onSearch]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(text.trim());
  };
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <form role="search" onSubmit={submit} className="relative flex-1">
        <label htmlFor={`${id}-search`} className="sr-only">
          {searchLabel}
        </label>
        <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted" aria-hidden />
        <Input id={`${id}-search`} type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder={placeholder} className="bg-surface pl-9" />
      </form>
      <div className="flex items-center gap-2 sm:w-56">
        <label htmlFor={`${id}-status`} className="shrink-0 text-sm text-muted">
          Status
        </label>
        <NativeSelect id={`${id}-status`} value={status} onChange={(e) => onStatus(e.target.value)} className="bg-surface">
          {statusOptions.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect>
      </div>
    </div>
  );
}

/** A confirmation that asks for an optional reason (decline a quote, cancel an order). */
export function ReasonDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  loading,
  onConfirm,
  cancelLabel,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  loading: boolean;
  onConfirm: (reason: string) => void;
  cancelLabel?: string;
}) {
  const id = useId();
  const [reason, setReason] = useState("");
  // Each opening starts with an empty reason.
  const [wasOpen, setWasOpen] = useState(open);
  if (wasOpen !== open) {
    setWasOpen(open);
    if (open) setReason("");
  }
  return (
    <ConfirmDialog open={open} onOpenChange={onOpenChange} title={title} description={description} confirmLabel={confirmLabel} cancelLabel={cancelLabel} loading={loading} onConfirm={() => onConfirm(reason.trim())}>
      <Field id={id} label="Reason (optional)">
        <Textarea id={id} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={1000} rows={3} />
      </Field>
    </ConfirmDialog>
  );
}
