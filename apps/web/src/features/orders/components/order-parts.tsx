import { zodResolver } from "@hookform/resolvers/zod";
import { cancelInputSchema, type Tone } from "@atelier/contract";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { useSearchParams } from "react-router";
import { ConfirmDialog } from "@/components/ui/dialog";
import { Field, fieldAria } from "@/components/ui/field";
import { Textarea } from "@/components/ui/input";
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

// Declining a quote and cancelling an order take the same optional reason (the contract trims it).
const reasonResolver = zodResolver(cancelInputSchema);

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
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: reasonResolver, defaultValues: { reason: "" } });
  // Each opening starts with an empty reason.
  const [wasOpen, setWasOpen] = useState(open);
  if (wasOpen !== open) {
    setWasOpen(open);
    if (open) reset({ reason: "" });
  }
  const error = errors.reason?.message;
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      cancelLabel={cancelLabel}
      loading={loading}
      onConfirm={() => void handleSubmit(({ reason }) => onConfirm(reason))()}
    >
      <Field id={id} label="Reason (optional)" error={error}>
        <Textarea id={id} maxLength={1000} rows={3} {...fieldAria(id, error)} {...register("reason")} />
      </Field>
    </ConfirmDialog>
  );
}
