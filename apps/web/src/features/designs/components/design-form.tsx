import { zodResolver } from "@hookform/resolvers/zod";
import {
  ALLOWED_IMAGE_TYPES,
  CURRENCIES,
  DESIGN_TYPE_LABELS,
  DESIGN_TYPES,
  designInputSchema,
  MAX_IMAGE_BYTES,
  MAX_IMAGES_PER_DESIGN,
  METAL_COLOR_LABELS,
  METAL_COLORS,
  METAL_TYPE_LABELS,
  METAL_TYPES,
  PURITIES,
  type Design,
  type DesignData,
  type DesignInput,
} from "@atelier/contract";
import { ArrowLeft, ArrowRight, Info } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Controller, FormProvider, get, useForm, useWatch, type FieldErrors, type Path, type Resolver } from "react-hook-form";
import { useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import { Field, fieldAria, Label } from "@/components/ui/field";
import { ImageDropzone } from "@/components/ui/image-dropzone";
import { Progress } from "@/components/ui/progress";
import { Input, NativeSelect, Textarea } from "@/components/ui/input";
import { RadioGroup, RadioPill } from "@/components/ui/radio-group";
import { toast } from "@/components/ui/use-toast";
import { paths } from "@/config/paths";
import { ApiError, errorMessage } from "@/lib/api-client";
import { applyServerErrors } from "@/lib/form-errors";
import { useCreateDesign } from "../api/create-design";
import { fileProgress, uploadLayout } from "../api/design-upload";
import { useUpdateDesign } from "../api/update-design";
import { designFormFromDesign, emptyDesignForm, type DesignFormValues } from "../utils/design-form-values";
import { DESIGN_STEPS, firstStepOf, IMAGES_STEP, REVIEW_STEP } from "../utils/design-steps";
import { DesignReview, type ReviewEstimate } from "./design-review";
import { FormSection, Notice } from "./form-section";
import { StepIndicator } from "./step-indicator";
import { StonesEditor } from "./stones-editor";

// The contract schema parses the texts of the form (numbers, trimming, required messages).
const resolver = zodResolver(designInputSchema) as unknown as Resolver<DesignFormValues, unknown, DesignData>;

const FORM_FIELDS = new Set<string>(Object.keys(emptyDesignForm()));
const STONE_FIELD = /^stones\.\d+\.(stone_type|stone_cut|stone_carat|stone_color|stone_clarity|position|quantity)$/;
const STONE_FIELDS = ["stone_type", "stone_cut", "stone_carat", "stone_color", "stone_clarity", "position", "quantity"] as const;

/** The server's key when it names one of the form's fields (a stone's as `stones.<i>.<field>`). */
const formField = (key: string) => (FORM_FIELDS.has(key) || STONE_FIELD.test(key) ? (key as Path<DesignFormValues>) : undefined);

/** The first field of a step that has an error, in the step's order (a stone's field by stone, then by column). */
function firstInvalidField(step: number, errors: FieldErrors<DesignFormValues>, stoneCount: number): Path<DesignFormValues> | undefined {
  for (const name of DESIGN_STEPS[step]?.fields ?? []) {
    if (name !== "stones") {
      if (get(errors, name)) return name;
      continue;
    }
    for (let i = 0; i < stoneCount; i++) {
      const field = STONE_FIELDS.find((f) => get(errors, `stones.${i}.${f}`));
      if (field) return `stones.${i}.${field}`;
    }
  }
  return undefined;
}

/** How long Submit stays disabled after the review opens (longer than a double click). */
const SUBMIT_DELAY_MS = 400;

/** Until a live estimate is given (`useEstimate`), the review says the estimate is unavailable. */
const noEstimate = (): ReviewEstimate => ({ data: undefined, status: "error" });

export interface DesignFormProps {
  /** The design being edited; absent for a new design. */
  design?: Design | undefined;
  /** Spec: a file the visitor picked before signing in; it has to be chosen again. */
  pendingFileName?: string | undefined;
  /** Set when a link could not be extracted: it becomes the inspiration link. */
  prefillLink?: { url: string; nonce: number } | null | undefined;
  /**
   * The live instant estimate of the details under review (`useDesignEstimatePreview` on the new-design screen; a query hook: called on every render,
   * with the parsed details on the review step and null elsewhere). Absent: "Estimate unavailable".
   */
  useEstimate?: (details: DesignData | null) => ReviewEstimate;
}

export function DesignForm({ design, pendingFileName, prefillLink, useEstimate = noEstimate }: DesignFormProps) {
  const navigate = useNavigate();
  const editing = Boolean(design);
  const methods = useForm<DesignFormValues, unknown, DesignData>({
    resolver,
    defaultValues: design
      ? designFormFromDesign(design, { metalTypes: METAL_TYPES, metalColors: METAL_COLORS, purities: PURITIES })
      : emptyDesignForm(prefillLink?.url ?? ""),
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    setFocus,
    trigger,
    getValues,
    getFieldState,
    subscribe,
    formState: { errors, isSubmitting },
  } = methods;
  const designType = useWatch({ control, name: "design_type" });
  const ringSize = useWatch({ control, name: "ring_size" });
  const chainLength = useWatch({ control, name: "chain_length" });

  // Steps: an edited design is complete, so every step can be opened at once.
  const [step, setStep] = useState(0);
  const [furthest, setFurthest] = useState(editing ? REVIEW_STEP : 0);
  const [checking, setChecking] = useState(false);
  /** The parsed details shown on the review step (what the submit sends, and what is estimated). */
  const [reviewed, setReviewed] = useState<DesignData | null>(null);
  // Submit waits a moment after the review opens: a double click on Next must not also submit.
  const [submitReady, setSubmitReady] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const stepChanged = useRef(false);

  const [files, setFiles] = useState<File[]>([]);
  const [removedIds, setRemovedIds] = useState<string[]>([]);
  const [progress, setProgress] = useState<number[] | null>(null);
  const [imagesError, setImagesError] = useState<string | undefined>();
  const create = useCreateDesign();
  const update = useUpdateDesign();
  const estimate = useEstimate(step === REVIEW_STEP ? reviewed : null);

  useEffect(() => {
    if (prefillLink) setValue("inspiration_link", prefillLink.url, { shouldDirty: true });
  }, [prefillLink, setValue]);
  // A link that could not be extracted opens the first step, where it became the inspiration link.
  const [shownPrefill, setShownPrefill] = useState(prefillLink);
  if (prefillLink !== shownPrefill) {
    setShownPrefill(prefillLink);
    if (prefillLink) setStep(0);
  }

  // A field whose error was shown (by Next or by the server) is checked again as it changes, so the message goes once it is right.
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ name }) => {
          if (name && getFieldState(name as Path<DesignFormValues>).error) void trigger(name as Path<DesignFormValues>);
        },
      }),
    [subscribe, getFieldState, trigger],
  );

  // After a step change: the first invalid field of the new step, else its heading, takes the focus.
  useEffect(() => {
    if (!stepChanged.current) return;
    stepChanged.current = false;
    const invalid = firstInvalidField(step, errors, getValues("stones").length);
    if (invalid) return setFocus(invalid, { shouldSelect: false });
    // The top of the form (the step indicator) comes into view, and the new step's heading is read out.
    formRef.current?.scrollIntoView?.({ block: "start" });
    headingRef.current?.focus({ preventScroll: true });
    // Only on a step change; `errors` is read as it is then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [step]);

  useEffect(() => {
    if (step !== REVIEW_STEP) return;
    const timer = setTimeout(() => setSubmitReady(true), SUBMIT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [step]);

  function show(next: number) {
    stepChanged.current = true;
    setSubmitReady(false);
    setStep(next);
    setFurthest((f) => Math.max(f, next));
    if (next === REVIEW_STEP) setReviewed(parseDetails(getValues()));
  }

  /** Opens step `target`; going forward, every step on the way must be valid first (the first that is not opens instead). */
  async function goTo(target: number) {
    if (target <= step) return show(target);
    setChecking(true);
    try {
      for (let i = step; i < target; i++) {
        const fields = DESIGN_STEPS[i]?.fields ?? [];
        if (fields.length === 0) continue;
        const valid = await trigger([...fields], { shouldFocus: i === step });
        if (!valid) {
          if (i !== step) show(i);
          return;
        }
      }
      show(target);
    } finally {
      setChecking(false);
    }
  }

  const existing = (design?.images ?? [])
    .map((img, i) => ({ id: img.id, src: img.thumbnail || img.image, alt: `Saved reference ${i + 1}` }))
    .filter((img) => !removedIds.includes(img.id));

  async function submit(values: DesignData) {
    setImagesError(undefined);
    const data: DesignInput = { ...values, remove_image_ids: removedIds };
    const layout = uploadLayout(data, files);
    const onProgress = (fraction: number) => setProgress(fileProgress(layout, fraction));
    setProgress(files.map(() => 0));
    try {
      const saved = design ? await update.mutateAsync({ id: design.id, data, images: files, onProgress }) : await create.mutateAsync({ data, images: files, onProgress });
      toast({ title: design ? "Design updated successfully!" : "Design submitted successfully!" });
      void navigate(paths.dashboard.design.getHref(saved.id), { replace: editing });
    } catch (err) {
      setProgress(null);
      if (err instanceof ApiError && err.status === 401) return; // the app signs the user out
      applyServerErrors(err, setError, formField);
      const imagesError = err instanceof ApiError ? (err.field("images") ?? err.field("remove_image_ids")) : undefined;
      if (imagesError) setImagesError(imagesError);
      // Everything typed stays; the first step the server found fault with opens, its field focused.
      const faulty = err instanceof ApiError && err.status === 400 && err.body && typeof err.body === "object" ? firstStepOf(Object.keys(err.body)) : undefined;
      if (faulty !== undefined) show(faulty);
      toast({ variant: "destructive", title: "Error", description: errorMessage(err, "Failed to submit design") });
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    // Enter in a field of an earlier step means Next, never a submit.
    if (step !== REVIEW_STEP) {
      event.preventDefault();
      void goTo(step + 1);
      return;
    }
    void handleSubmit(submit, (invalid) => {
      const first = firstStepOf(Object.keys(invalid));
      if (first !== undefined) show(first);
    })(event);
  }

  const busy = isSubmitting;
  const err = (name: keyof DesignFormValues) => {
    const e = errors[name];
    return e && "message" in e && typeof e.message === "string" ? e.message : undefined;
  };
  const current = DESIGN_STEPS[step] ?? DESIGN_STEPS[0]!;

  return (
    <FormProvider {...methods}>
      <form ref={formRef} noValidate onSubmit={onSubmit} className="flex scroll-mt-24 flex-col gap-6" aria-label={editing ? "Edit design" : "Custom design"}>
        {pendingFileName && (
          <Notice icon={<Info aria-hidden />} title="Please upload your file again">
            You started with “{pendingFileName}”. Files cannot be carried over while you sign in, so please add it again under Reference images.
          </Notice>
        )}

        <StepIndicator steps={DESIGN_STEPS} current={step} furthest={furthest} onSelect={(i) => void goTo(i)} disabled={busy || checking} />

        <FormSection
          title={current.title}
          description={current.description}
          headingRef={headingRef}
          className={step === REVIEW_STEP ? "p-4 sm:p-8" : undefined}
        >
          {step === 0 && (
            <div className="grid gap-5">
              <Field id="name" label="Design Name" required error={err("name")}>
                <Input id="name" placeholder="e.g. Anniversary solitaire" maxLength={200} aria-required {...fieldAria("name", err("name"))} {...register("name")} />
              </Field>
              <fieldset className="flex flex-col gap-2">
                <legend className="mb-2 text-sm font-medium text-foreground">Jewelry type</legend>
                <Controller
                  control={control}
                  name="design_type"
                  render={({ field }) => (
                    <RadioGroup aria-label="Jewelry type" value={field.value} onValueChange={field.onChange} disabled={busy}>
                      {DESIGN_TYPES.map((t) => (
                        <RadioPill key={t} value={t}>
                          {DESIGN_TYPE_LABELS[t]}
                        </RadioPill>
                      ))}
                    </RadioGroup>
                  )}
                />
              </fieldset>
              <Field id="description" label="Description" required error={err("description")}>
                <Textarea
                  id="description"
                  rows={5}
                  maxLength={5000}
                  placeholder="The story of the piece, the look you want, who it is for…"
                  aria-required
                  {...fieldAria("description", err("description"))}
                  {...register("description")}
                />
              </Field>
              <div className="grid gap-5 sm:grid-cols-2">
                <Field id="style" label="Style" error={err("style")}>
                  <Input id="style" placeholder="e.g. Vintage, minimalist" maxLength={200} {...fieldAria("style", err("style"))} {...register("style")} />
                </Field>
                <Field id="inspiration_link" label="Inspiration link" hint="Optional: a piece you saw online that captures the idea." error={err("inspiration_link")}>
                  <Input
                    id="inspiration_link"
                    type="url"
                    inputMode="url"
                    placeholder="https://"
                    maxLength={2048}
                    {...fieldAria("inspiration_link", err("inspiration_link"), { hint: true })}
                    {...register("inspiration_link")}
                  />
                </Field>
              </div>
            </div>
          )}

          {step === 1 && (
            <div className="grid grid-cols-2 gap-x-3 gap-y-5 sm:gap-x-5">
              <Field id="metal_type" label="Metal type" error={err("metal_type")}>
                <NativeSelect id="metal_type" {...fieldAria("metal_type", err("metal_type"))} {...register("metal_type")}>
                  <option value="">Select metal</option>
                  {METAL_TYPES.map((m) => (
                    <option key={m} value={m}>
                      {METAL_TYPE_LABELS[m]}
                    </option>
                  ))}
                </NativeSelect>
              </Field>
              <Field id="purity" label="Purity" error={err("purity")}>
                <NativeSelect id="purity" {...fieldAria("purity", err("purity"))} {...register("purity")}>
                  <option value="">Select purity</option>
                  {PURITIES.map((p) => (
                    <option key={p} value={p}>
                      {p}
                    </option>
                  ))}
                </NativeSelect>
              </Field>
              <Field id="metal_color" label="Metal color" error={err("metal_color")}>
                <NativeSelect id="metal_color" {...fieldAria("metal_color", err("metal_color"))} {...register("metal_color")}>
                  <option value="">Select color</option>
                  {METAL_COLORS.map((c) => (
                    <option key={c} value={c}>
                      {METAL_COLOR_LABELS[c]}
                    </option>
                  ))}
                </NativeSelect>
              </Field>
              <Field id="weight" label="Weight (grams)" error={err("weight")}>
                <Input id="weight" type="number" inputMode="decimal" step="0.01" min="0" placeholder="e.g. 4.5" {...fieldAria("weight", err("weight"))} {...register("weight")} />
              </Field>
              <p className="col-span-2 text-xs text-muted">Not sure? Leave any of these empty: the estimate assumes what is usual and your jeweller confirms it.</p>
            </div>
          )}

          {step === 2 && <StonesEditor idPrefix="design" disabled={busy} />}

          {step === 3 && (
            <div className="flex flex-col gap-8">
              <div className="flex flex-col gap-5">
                <div className="grid grid-cols-2 gap-x-3 gap-y-5 sm:grid-cols-3 sm:gap-x-5">
                  <Field id="size" label="Size" error={err("size")}>
                    <Input id="size" placeholder="e.g. Medium, 7" maxLength={50} {...fieldAria("size", err("size"))} {...register("size")} />
                  </Field>
                  {(designType === "ring" || ringSize) && (
                    <Field id="ring_size" label="Ring size" error={err("ring_size")}>
                      <Input id="ring_size" placeholder="e.g. US 6.5 / IN 13" maxLength={50} {...fieldAria("ring_size", err("ring_size"))} {...register("ring_size")} />
                    </Field>
                  )}
                  {(designType === "necklace" || designType === "pendant" || chainLength) && (
                    <Field id="chain_length" label="Chain length" error={err("chain_length")}>
                      <Input id="chain_length" placeholder="e.g. 18 inches" maxLength={50} {...fieldAria("chain_length", err("chain_length"))} {...register("chain_length")} />
                    </Field>
                  )}
                </div>
                <div className="grid grid-cols-3 gap-x-3 gap-y-5 sm:gap-x-5">
                  <Field id="length" label="Length (mm)" error={err("length")}>
                    <Input id="length" type="number" inputMode="decimal" step="0.01" min="0" {...fieldAria("length", err("length"))} {...register("length")} />
                  </Field>
                  <Field id="width" label="Width (mm)" error={err("width")}>
                    <Input id="width" type="number" inputMode="decimal" step="0.01" min="0" {...fieldAria("width", err("width"))} {...register("width")} />
                  </Field>
                  <Field id="height" label="Height (mm)" error={err("height")}>
                    <Input id="height" type="number" inputMode="decimal" step="0.01" min="0" {...fieldAria("height", err("height"))} {...register("height")} />
                  </Field>
                </div>
                <div className="grid grid-cols-2 gap-x-3 gap-y-5 sm:grid-cols-3 sm:gap-x-5">
                  <Field id="band_width" label="Band width (mm)" error={err("band_width")}>
                    <Input id="band_width" type="number" inputMode="decimal" step="0.01" min="0" placeholder="e.g. 2.5" {...fieldAria("band_width", err("band_width"))} {...register("band_width")} />
                  </Field>
                  <Field id="setting_type" label="Setting type" className="sm:col-span-2" error={err("setting_type")}>
                    <Input id="setting_type" placeholder="e.g. Prong, bezel, pavé" maxLength={200} {...fieldAria("setting_type", err("setting_type"))} {...register("setting_type")} />
                  </Field>
                </div>
                <Field id="design_features" label="Design features" hint="Engraving, milgrain edges, a hidden halo…" error={err("design_features")}>
                  <Textarea id="design_features" rows={3} maxLength={2000} {...fieldAria("design_features", err("design_features"), { hint: true })} {...register("design_features")} />
                </Field>
                <Field id="special_requests" label="Special requests" error={err("special_requests")}>
                  <Textarea
                    id="special_requests"
                    rows={3}
                    maxLength={2000}
                    placeholder="A date it must arrive by, a gift box…"
                    {...fieldAria("special_requests", err("special_requests"))}
                    {...register("special_requests")}
                  />
                </Field>
              </div>
              <div className="flex flex-col gap-1.5 sm:max-w-md">
                <Label htmlFor="budget">Budget range</Label>
                <div className="flex gap-2">
                  <Input
                    id="budget"
                    type="number"
                    inputMode="decimal"
                    step="0.01"
                    min="0"
                    placeholder="Up to…"
                    className="min-w-0 flex-1"
                    {...fieldAria("budget", err("budget"), { hint: true })}
                    {...register("budget")}
                  />
                  <NativeSelect aria-label="Currency" className="w-28" {...register("currency")}>
                    {CURRENCIES.map((c) => (
                      <option key={c} value={c}>
                        {c}
                      </option>
                    ))}
                  </NativeSelect>
                </div>
                {errors.budget?.message ? (
                  <p id="budget-error" role="alert" className="text-xs text-destructive">
                    {errors.budget.message}
                  </p>
                ) : (
                  <p id="budget-hint" className="text-xs text-muted">
                    The most you would like to spend; the review compares it with the estimate.
                  </p>
                )}
              </div>
            </div>
          )}

          {step === IMAGES_STEP && (
            <ImageDropzone
              id="reference-images"
              files={files}
              onFilesChange={(next) => {
                setFiles(next);
                setImagesError(undefined);
              }}
              existing={existing}
              onRemoveExisting={(id) => setRemovedIds((ids) => [...ids, id])}
              progress={progress}
              hint="PNG, JPG, GIF up to 10MB"
              maxFiles={MAX_IMAGES_PER_DESIGN}
              maxBytes={MAX_IMAGE_BYTES}
              accept={ALLOWED_IMAGE_TYPES}
              disabled={busy}
              error={imagesError}
            />
          )}

          {step === REVIEW_STEP && reviewed && (
            <DesignReview details={reviewed} images={{ added: files.length, kept: existing.length }} estimate={estimate} onEdit={(i) => show(i)} disabled={busy} />
          )}
        </FormSection>

        {step === REVIEW_STEP && progress && files.length > 0 && (
          <ul aria-label="Image uploads" className="flex flex-col gap-2 text-sm">
            {files.map((file, i) => (
              <li key={`${file.name}-${i}`} className="flex items-center gap-3">
                <span className="min-w-0 flex-1 truncate text-muted">{file.name}</span>
                <Progress value={Math.round((progress[i] ?? 0) * 100)} label={`Upload of ${file.name}`} className="h-1.5 w-32 shrink-0 sm:w-48" />
              </li>
            ))}
          </ul>
        )}

        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex flex-col-reverse gap-3 sm:flex-row">
            {editing && design && (
              <Button type="button" variant="ghost" disabled={busy} onClick={() => void navigate(paths.dashboard.design.getHref(design.id))}>
                Cancel
              </Button>
            )}
            {step > 0 && (
              <Button type="button" variant="secondary" disabled={busy} onClick={() => show(step - 1)}>
                <ArrowLeft aria-hidden /> Back
              </Button>
            )}
          </div>
          {step === REVIEW_STEP ? (
            <Button key="submit" type="submit" size="lg" loading={busy} disabled={!submitReady} className="sm:min-w-48">
              {editing ? (busy ? "Updating..." : "Update Design") : busy ? "Submitting..." : "Submit Design"}
            </Button>
          ) : (
            <Button key="next" type="submit" size="lg" loading={checking} className="sm:min-w-40">
              Next <ArrowRight aria-hidden />
            </Button>
          )}
        </div>
      </form>
    </FormProvider>
  );
}

/** The details the submit would send, from the form's texts (every step already checked). */
function parseDetails(values: DesignFormValues): DesignData | null {
  const parsed = designInputSchema.safeParse(values);
  return parsed.success ? parsed.data : null;
}
