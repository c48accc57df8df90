import { CURRENCIES, DESIGN_TYPE_LABELS, DESIGN_TYPES, MAX_IMAGES_PER_DESIGN, type ExtractedProduct } from "@atelier/contract";
import { ImageOff, Plus, TriangleAlert, X } from "lucide-react";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import { Field, Label, fieldAria } from "@/components/ui/field";
import { Input, NativeSelect, Textarea } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { paths } from "@/config/paths";
import { ApiError, errorMessage } from "@/lib/api-client";
import { isHttpUrl } from "@/lib/extracted-product";
import { useSaveLinkDesign } from "../api/save-link-design";
import { linkDesignPayload, missingInWords, reviewValuesFromProduct, type ReviewValues } from "@/lib/link-design";
import { FormSection, Notice } from "./form-section";
import { StonesEditor } from "./stones-editor";

type TextField = Exclude<keyof ReviewValues, "stones" | "image_urls" | "jewelry_type" | "is_available">;

/** The review of an extracted product before it is saved as a design (spec §2, Share a Link). */
export function LinkReviewForm({ product, onStartOver }: { product: ExtractedProduct; onStartOver: () => void }) {
  const navigate = useNavigate();
  const save = useSaveLinkDesign();
  const methods = useForm<ReviewValues>({ defaultValues: reviewValuesFromProduct(product) });
  const { register, handleSubmit } = methods;
  const [imageUrls, setImageUrls] = useState<string[]>(product.media.image_urls);
  const [newImage, setNewImage] = useState("");
  const [imageError, setImageError] = useState<string | undefined>();
  const missing = missingInWords(product.missing);
  const formRef = useRef<HTMLFormElement>(null);

  // The review appears below the link box: bring it into view (it is below the fold on a phone).
  useEffect(() => {
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    formRef.current?.scrollIntoView?.({ behavior: reduce ? "auto" : "smooth", block: "start" });
  }, []);
  const currencies = CURRENCIES.includes(product.currency as (typeof CURRENCIES)[number]) || !product.currency ? CURRENCIES : [...CURRENCIES, product.currency];

  const text = (name: TextField, label: string, opts: { placeholder?: string; type?: string; inputMode?: "decimal" | "url"; className?: string; hint?: string } = {}) => (
    <Field id={`review-${name}`} label={label} className={opts.className} hint={opts.hint}>
      <Input id={`review-${name}`} type={opts.type ?? "text"} inputMode={opts.inputMode} step={opts.type === "number" ? "0.01" : undefined} min={opts.type === "number" ? "0" : undefined} placeholder={opts.placeholder} {...register(name)} />
    </Field>
  );

  function addImage() {
    const url = newImage.trim();
    if (!url) return;
    if (!isHttpUrl(url)) {
      setImageError("Enter a valid image URL (starting with http:// or https://).");
      return;
    }
    setImageError(undefined);
    setImageUrls((list) => (list.includes(url) ? list : [...list, url]));
    setNewImage("");
  }

  function onImageKey(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === "Enter") {
      e.preventDefault();
      addImage();
    }
  }

  function submit(values: ReviewValues) {
    save.mutate(linkDesignPayload({ ...values, image_urls: imageUrls }), {
      onSuccess: (saved) => {
        toast({ title: "Design saved successfully!" });
        // As after a custom design: straight to the saved design and its estimate (issue 22).
        void navigate(paths.dashboard.design.getHref(saved.id));
      },
      onError: (err) => {
        if (err instanceof ApiError && err.status === 401) return; // the app signs the user out
        toast({ variant: "destructive", title: "Error", description: errorMessage(err, "Failed to save design") });
      },
    });
  }

  return (
    <FormProvider {...methods}>
      <form ref={formRef} noValidate onSubmit={handleSubmit(submit)} className="flex scroll-mt-24 flex-col gap-6" aria-label="Review extracted details">
        <Notice tone="warning" icon={<TriangleAlert aria-hidden />} title="Please review before saving">
          {missing.length > 0 ? (
            <>
              Some details were not available from the product page and should be filled in manually: <span className="font-medium">{missing.join(", ")}</span>.
            </>
          ) : (
            "Some details may not be available from extraction. Please check every section and fill in anything missing manually."
          )}
        </Notice>

        <FormSection title="Basic Details">
          <div className="grid gap-5 sm:grid-cols-2">
            {text("title", "Design name", { className: "sm:col-span-2" })}
            <Field id="review-jewelry_type" label="Jewelry type">
              <NativeSelect id="review-jewelry_type" {...register("jewelry_type")}>
                {DESIGN_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {DESIGN_TYPE_LABELS[t]}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="review-price">Price</Label>
              <div className="flex gap-2">
                <Input id="review-price" type="number" inputMode="decimal" step="0.01" min="0" className="flex-1" {...register("price")} />
                <NativeSelect aria-label="Currency" className="w-28" {...register("currency")}>
                  {currencies.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </NativeSelect>
              </div>
            </div>
            <Field id="review-description" label="Description" className="sm:col-span-2">
              <Textarea id="review-description" rows={4} {...register("description")} />
            </Field>
            {text("product_id", "Product ID")}
            {text("source_website", "Source website")}
            {text("url", "Source link", { type: "url", inputMode: "url", className: "sm:col-span-2" })}
          </div>
        </FormSection>

        <FormSection title="Additional Information">
          <div className="grid gap-5 sm:grid-cols-3">
            {text("style", "Style")}
            {text("collection", "Collection")}
            <Field id="review-is_available" label="Availability">
              <NativeSelect id="review-is_available" {...register("is_available")}>
                <option value="yes">In stock</option>
                <option value="no">Out of stock</option>
              </NativeSelect>
            </Field>
          </div>
        </FormSection>

        <FormSection title="Metal Details">
          <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {text("metal_type", "Metal type", { placeholder: "e.g. Gold" })}
            {text("metal_color", "Metal color", { placeholder: "e.g. Rose" })}
            {text("purity", "Purity", { placeholder: "e.g. 18K" })}
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="review-weight">Weight</Label>
              <div className="flex gap-2">
                <Input id="review-weight" type="number" inputMode="decimal" step="0.01" min="0" className="min-w-0 flex-1" {...register("weight")} />
                <Input aria-label="Weight unit" className="w-16" maxLength={10} {...register("weight_unit")} />
              </div>
            </div>
          </div>
        </FormSection>

        <FormSection title="Stone Details">
          <StonesEditor idPrefix="review" disabled={save.isPending} />
        </FormSection>

        <FormSection title="Design Details">
          <div className="grid gap-5 sm:grid-cols-2">
            {text("band_width", "Band width", { placeholder: "e.g. 2 mm" })}
            {text("setting_type", "Setting type", { placeholder: "e.g. Prong" })}
            <Field id="review-design_features" label="Design features" className="sm:col-span-2">
              <Textarea id="review-design_features" rows={3} {...register("design_features")} />
            </Field>
          </div>
        </FormSection>

        <FormSection title="Dimensions">
          <div className="grid grid-cols-2 gap-5 lg:grid-cols-4">
            {text("size", "Size", { placeholder: "Not available" })}
            {text("width", "Width", { placeholder: "Not available" })}
            {text("height", "Height", { placeholder: "Not available" })}
            {text("length", "Length", { placeholder: "Not available" })}
          </div>
        </FormSection>

        <FormSection title="Authentication">
          <div className="grid gap-5 sm:grid-cols-2">
            {text("certificate_type", "Certificate type", { placeholder: "e.g. IGI, GIA, BIS Hallmark" })}
            {text("certificate_number", "Certificate number")}
          </div>
        </FormSection>

        <FormSection title="Media">
          <div className="flex flex-col gap-5">
            {text("video_url", "Video URL", { type: "url", inputMode: "url", placeholder: "https://" })}
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="review-new-image">Image URLs</Label>
              <div className="flex gap-2">
                <Input
                  id="review-new-image"
                  type="url"
                  inputMode="url"
                  placeholder="Paste an image URL and press Enter"
                  value={newImage}
                  onChange={(e) => setNewImage(e.target.value)}
                  onKeyDown={onImageKey}
                  {...fieldAria("review-new-image", imageError)}
                  className="flex-1"
                />
                <Button type="button" variant="secondary" className="h-11" onClick={addImage} aria-label="Add image URL">
                  <Plus aria-hidden /> <span className="hidden sm:inline">Add</span>
                </Button>
              </div>
              {imageError && (
                <p id="review-new-image-error" role="alert" className="text-xs text-destructive">
                  {imageError}
                </p>
              )}
            </div>
            {imageUrls.length > 0 ? (
              <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-label="Product images">
                {imageUrls.map((url, i) => (
                  <ImageUrlThumb key={url} url={url} index={i} onRemove={() => setImageUrls((list) => list.filter((u) => u !== url))} />
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted">No images yet.</p>
            )}
            {imageUrls.length > 0 && (
              <p className="text-xs text-muted">
                {imageUrls.length > MAX_IMAGES_PER_DESIGN
                  ? `We keep copies of the first ${MAX_IMAGES_PER_DESIGN} photos with your design.`
                  : "We keep copies of these photos with your design, for the jeweller to quote from."}
              </p>
            )}
          </div>
        </FormSection>

        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-end">
          <Button type="button" variant="ghost" onClick={onStartOver} disabled={save.isPending}>
            Use a different link
          </Button>
          <Button type="submit" size="lg" loading={save.isPending} className="sm:min-w-48">
            {save.isPending ? "Saving..." : "Save Design"}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}

function ImageUrlThumb({ url, index, onRemove }: { url: string; index: number; onRemove: () => void }) {
  const [broken, setBroken] = useState(false);
  return (
    <li className="relative aspect-square overflow-hidden rounded-md border border-border bg-surface-muted">
      {broken ? (
        <div className="flex size-full flex-col items-center justify-center gap-1 p-2 text-center text-xs text-muted" data-testid="image-placeholder">
          <ImageOff className="size-6" aria-hidden />
          Image unavailable
        </div>
      ) : (
        <img src={url} alt={`Product view ${index + 1}`} className="size-full object-cover" loading="lazy" referrerPolicy="no-referrer" onError={() => setBroken(true)} />
      )}
      <button
        type="button"
        onClick={onRemove}
        aria-label={`Remove image ${index + 1}`}
        className="absolute right-1.5 top-1.5 flex size-7 cursor-pointer items-center justify-center rounded-full bg-surface/90 text-foreground shadow-sm transition-colors hover:bg-destructive hover:text-white"
      >
        <X className="size-4" aria-hidden />
      </button>
    </li>
  );
}
