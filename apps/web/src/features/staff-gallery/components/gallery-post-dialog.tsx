import { zodResolver } from "@hookform/resolvers/zod";
import { galleryPostInputSchema, type StaffGalleryPost } from "@atelier/contract";
import { useId, useState } from "react";
import { useForm, useWatch, type Resolver } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Field, fieldAria } from "@/components/ui/field";
import { Input, Textarea } from "@/components/ui/input";
import { InlineAlert } from "@/components/ui/states";
import { toast } from "@/components/ui/use-toast";
import { useSaveGalleryPost, type GalleryPostValues } from "../api/save-gallery-post";
import { MISSING_IMAGE_MESSAGE, NAME_MAX, QUOTE_MAX, serverErrors, valuesOf } from "../utils/gallery-form";
import { possessive } from "../utils/possessive";
import { PhotoPicker } from "./photo-picker";

// `raw`: the values are sent as typed (galleryFormData trims them), checked by the contract's schema;
// the form's values are a narrower type than the schema's input (published is a boolean here).
const resolver = zodResolver(galleryPostInputSchema, undefined, { raw: true }) as Resolver<GalleryPostValues>;
const FIELDS = ["customer_name", "customer_quote", "date", "published"] as const;

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
  const [file, setFile] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const [progress, setProgress] = useState<number | null>(null);
  const editing = post !== null;
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<GalleryPostValues>({ resolver, defaultValues: valuesOf(post), shouldFocusError: false });
  const values = useWatch({ control }) as GalleryPostValues;

  /** The photograph comes first on the form, so its message gets the focus before the fields'. */
  const needsImage = () => {
    const missing = !editing && file === null;
    if (missing) setImageError(MISSING_IMAGE_MESSAGE);
    return missing;
  };
  const focusFirst = (invalid: readonly string[]) => {
    const first = ["image", ...FIELDS].find((k) => invalid.includes(k));
    if (first) document.getElementById(`${id}-${first}`)?.focus();
  };

  const submit = handleSubmit(
    async (valid) => {
      if (needsImage()) return focusFirst(["image"]);
      setProblem(undefined);
      setProgress(file ? 0 : null);
      try {
        const saved = await save.mutateAsync({ ...(post && { id: post.id }), values: valid, image: file, ...(file && { onProgress: setProgress }) });
        toast(
          editing
            ? { title: "Post saved", description: `${possessive(saved.customer_name)} post is updated.` }
            : {
                title: "Post added",
                description: saved.published ? "It comes first in the public gallery." : "It is hidden until you show it.",
              },
        );
        onDone();
      } catch (err) {
        setProgress(null);
        const found = serverErrors(err);
        for (const field of FIELDS) {
          const message = found[field];
          if (message) setError(field, { type: "server", message });
        }
        setImageError(found.image);
        setProblem(found.form);
      }
    },
    (invalid) => focusFirst([...(needsImage() ? ["image"] : []), ...Object.keys(invalid)]),
  );

  const pending = save.isPending;
  const alt = values.customer_name.trim() ? `The piece made for ${values.customer_name.trim()}` : "The piece";
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-6">
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
              setImageError(problem ?? undefined);
            }}
            savedSrc={post?.image || null}
            alt={alt}
            error={imageError}
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
            error={errors.customer_name?.message}
          >
            <Input
              id={`${id}-customer_name`}
              maxLength={NAME_MAX}
              autoFocus
              autoComplete="off"
              {...fieldAria(`${id}-customer_name`, errors.customer_name?.message, { hint: true })}
              {...register("customer_name")}
              disabled={pending}
            />
          </Field>
          <Field
            id={`${id}-customer_quote`}
            label="Their words"
            required
            hint={`${values.customer_quote.length} of ${QUOTE_MAX} characters.`}
            error={errors.customer_quote?.message}
          >
            <Textarea
              id={`${id}-customer_quote`}
              maxLength={QUOTE_MAX}
              rows={5}
              {...fieldAria(`${id}-customer_quote`, errors.customer_quote?.message, { hint: true })}
              {...register("customer_quote")}
              disabled={pending}
            />
          </Field>
          <Field id={`${id}-date`} label="Delivered on" required hint="The day the customer received the piece." error={errors.date?.message}>
            <Input
              id={`${id}-date`}
              type="date"
              {...fieldAria(`${id}-date`, errors.date?.message, { hint: true })}
              {...register("date")}
              disabled={pending}
              className="sm:max-w-56"
            />
          </Field>
          <div className="flex items-start gap-3 rounded-md border border-border bg-background/60 px-4 py-3">
            <input
              id={`${id}-published`}
              type="checkbox"
              disabled={pending}
              {...fieldAria(`${id}-published`, errors.published?.message, { hint: true })}
              {...register("published")}
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

      {problem && <InlineAlert>{problem}</InlineAlert>}

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
