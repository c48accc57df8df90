import { zodResolver } from "@hookform/resolvers/zod";
import { pricingSaveInputSchema } from "@atelier/contract";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Field, fieldAria } from "@/components/ui/field";
import { Textarea } from "@/components/ui/input";
import type { TableChange } from "../utils/pricing-draft";
import { ChangesList } from "./changes-list";

const NOTE_MAX = 500;
/** The save's note, checked (and trimmed) by the contract's schema of the save. */
const noteResolver = zodResolver(pricingSaveInputSchema.pick({ note: true }));

/** Confirms a save: what changes, an optional note for the history, and that new estimates use it at once. */
export function SaveDialog({
  open,
  onOpenChange,
  nextVersion,
  changes,
  pending,
  noteError,
  onSave,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  nextVersion: number;
  changes: TableChange[];
  pending: boolean;
  noteError: string | undefined;
  onSave: (note: string) => void;
}) {
  const id = useId();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: noteResolver, defaultValues: { note: "" } });
  // The server's refusal (a prop) or the contract's check of the note.
  const error = noteError ?? errors.note?.message;
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent className="max-w-xl">
        <form onSubmit={handleSubmit(({ note }) => onSave(note))} noValidate className="flex flex-col gap-5">
          <DialogHeader>
            <DialogTitle>Save as version {nextVersion}</DialogTitle>
            <DialogDescription>
              New estimates use it as soon as it is saved. Estimates and quotes made before keep their figures.
            </DialogDescription>
          </DialogHeader>
          <div className="flex flex-col gap-2">
            <h3 className="eyebrow font-sans">{changes.length === 1 ? "1 change" : `${changes.length} changes`}</h3>
            <div className="max-h-64 overflow-y-auto">
              <ChangesList changes={changes} label={`Changes in version ${nextVersion}`} />
            </div>
          </div>
          <Field id={`${id}-note`} label="Note" hint="Optional. Why the rates changed, for the history." error={error}>
            <Textarea
              id={`${id}-note`}
              rows={3}
              maxLength={NOTE_MAX}
              placeholder="e.g. Gold up 4% on the MCX close"
              {...fieldAria(`${id}-note`, error, { hint: true })}
              {...register("note")}
            />
          </Field>
          <DialogFooter className="border-t border-border pt-5">
            <Button type="button" variant="secondary" onClick={() => onOpenChange(false)} disabled={pending}>
              Keep editing
            </Button>
            <Button type="submit" loading={pending}>
              {pending ? "Saving…" : `Save version ${nextVersion}`}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
