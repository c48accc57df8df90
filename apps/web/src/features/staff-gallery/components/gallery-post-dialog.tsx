import type { StaffGalleryPost } from "@atelier/contract";
import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input, Textarea } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { useSaveGalleryPost, type GalleryPostValues } from "../api/save-gallery-post";
import { checkGalleryForm, NAME_MAX, QUOTE_MAX, serverErrors, valuesOf, type GalleryFormErrors } from "../utils/gallery-form";
import { possessive } from "../utils/possessive";
import { PhotoPicker } from "./photo-picker";
import { InlineAlert } from "@/components/ui/states";

/** Create (post = null) or edit a gallery post: its photograph, the customer's name and words, the day and whether it is shown. */
export function GalleryPostDialog({
  open,
  onOpenChange,
  post,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  post: StaffGalleryPost | null;
}) {
  const save = useSaveGalleryPost();
  const close = (next: boolean) => {
    // An upload under way finishes first: closing would hide its outcome.
    if (!next && save.isPending) return;
    onOpenChange(next);
  };
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-w-3xl">
        {open && <GalleryPostForm key={post?.id ?? "new"} post={post} save={save} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function GalleryPostForm({
  post,
  save,
  onDone,
}: {
  post: StaffGalleryPost | null;
  save: ReturnType<typeof useSaveGalleryPost>;
  onDone: () => void;
}) {
  const id = useId();
  const [values, setValues] = useState<GalleryPostValues>(() => valuesOf(post));
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<GalleryFormErrors>({});
  const [progress, setProgress] = useState<number | null>(null);
  const editing = post !== null;
  const change = (patch: Partial<GalleryPostValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    // A corrected field loses its message; the others keep theirs until the next try.
    setErrors((e) => {
      const next = { ...e };
      for (const key of Object.keys(patch)) delete next[key as keyof GalleryPostValues];
      return next;
    });
  };

  function submit(e: FormEvent) {
    e.preventDefault();
    const found = checkGalleryForm(values, !editing && file === null);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      const first = (["image", "customer_name", "customer_quote", "date"] as const).find((k) => found[k]);
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setProgress(file ? 0 : null);
    save.mutate(
      { ...(post && { id: post.id }), values, image: file, ...(file && { onProgress: setProgress }) },
      {
        onSuccess: (saved) => {
          toast(
            editing
              ? { title: "Post saved", description: `${possessive(saved.customer_name)} post is updated.` }
              : {
                  title: "Post added",
                  description: saved.published ? "It comes first in the public gallery." : "It is hidden until you show it.",
                },
          );
          onDone();
        },
        onError: (err) => {
          setProgress(null);
          setErrors(serverErrors(err));
        },
      },
    );
  }

  const pending = save.isPending;
  const alt = values.customer_name.trim() ? `The piece made for ${values.customer_name.trim()}` : "The piece";
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-6">
      <DialogHeader>
        <DialogTitle>{editing ? "Edit the post" : "New gallery post"}</DialogTitle>
        <DialogDescription>
          {editing
            ? "Changes show on the home page and the public gallery on their next load."
            : "A finished piece with its customer's words. A new post comes first in the gallery."}
        </DialogDescription>
      </DialogHeader>

      <div className="grid gap-6 sm:grid-cols-[minmax(0,15rem)_minmax(0,1fr)] md:grid-cols-[minmax(0,18rem)_minmax(0,1fr)]">
        <div className="flex flex-col gap-1.5">
          <span className="text-sm font-medium">
            Photograph
            {!editing && (
              <span className="ml-0.5 text-destructive" aria-hidden>
                *
              </span>
            )}
          </span>
          <PhotoPicker
            id={`${id}-image`}
            file={file}
            onFileChange={(next, problem) => {
              setFile(next);
              setErrors((e) => {
                const rest = { ...e };
                delete rest.image;
                return problem ? { ...rest, image: problem } : rest;
              });
            }}
            savedSrc={post?.image || null}
            alt={alt}
            error={errors.image}
            progress={progress}
            disabled={pending}
          />
        </div>

        <div className="flex flex-col gap-5">
          <Field
            id={`${id}-customer_name`}
            label="Customer's name"
            required
            hint="As it appears under the piece, e.g. Priya N."
            error={errors.customer_name}
          >
            <Input
              id={`${id}-customer_name`}
              value={values.customer_name}
              maxLength={NAME_MAX}
              autoFocus
              autoComplete="off"
              onChange={(e) => change({ customer_name: e.target.value })}
              aria-invalid={errors.customer_name ? true : undefined}
              aria-describedby={errors.customer_name ? `${id}-customer_name-error` : `${id}-customer_name-hint`}
              disabled={pending}
            />
          </Field>
          <Field
            id={`${id}-customer_quote`}
            label="Their words"
            required
            hint={`${values.customer_quote.length} of ${QUOTE_MAX} characters.`}
            error={errors.customer_quote}
          >
            <Textarea
              id={`${id}-customer_quote`}
              value={values.customer_quote}
              maxLength={QUOTE_MAX}
              rows={5}
              onChange={(e) => change({ customer_quote: e.target.value })}
              aria-invalid={errors.customer_quote ? true : undefined}
              aria-describedby={errors.customer_quote ? `${id}-customer_quote-error` : `${id}-customer_quote-hint`}
              disabled={pending}
            />
          </Field>
          <Field id={`${id}-date`} label="Delivered on" required hint="The day the customer received the piece." error={errors.date}>
            <Input
              id={`${id}-date`}
              type="date"
              value={values.date}
              onChange={(e) => change({ date: e.target.value })}
              aria-invalid={errors.date ? true : undefined}
              aria-describedby={errors.date ? `${id}-date-error` : `${id}-date-hint`}
              disabled={pending}
              className="sm:max-w-56"
            />
          </Field>
          <div className="flex items-start gap-3 rounded-md border border-border bg-background/60 px-4 py-3">
            <input
              id={`${id}-published`}
              type="checkbox"
              checked={values.published}
              onChange={(e) => change({ published: e.target.checked })}
              disabled={pending}
              aria-describedby={`${id}-published-hint`}
              className="mt-0.5 size-4 shrink-0 cursor-pointer accent-[var(--color-accent-strong)]"
            />
            <div className="flex flex-col gap-0.5">
              <label htmlFor={`${id}-published`} className="cursor-pointer text-sm font-medium">
                Show on the public gallery
              </label>
              <p id={`${id}-published-hint`} className="text-xs text-muted">
                {values.published ? "Visitors see it on the home page and /gallery." : "Kept here, hidden from visitors."}
              </p>
            </div>
          </div>
        </div>
      </div>

      {errors.form && <InlineAlert>{errors.form}</InlineAlert>}

      <DialogFooter className="border-t border-border pt-5">
        <Button type="button" variant="secondary" onClick={onDone} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" loading={pending}>
          {pending ? "Saving…" : editing ? "Save changes" : "Add the post"}
        </Button>
      </DialogFooter>
    </form>
  );
}
