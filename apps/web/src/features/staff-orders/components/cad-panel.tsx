import {
  ALLOWED_IMAGE_TYPES,
  CAD_MODEL_FORMATS,
  MAX_CAD_IMAGES,
  MAX_CAD_MODEL_BYTES,
  MAX_IMAGE_BYTES,
  type Order,
} from "@atelier/contract";
import { Box, FileBox, Gem, Upload, X } from "lucide-react";
import { useId, useState, type ChangeEvent, type ComponentType, type DragEvent, type FormEvent } from "react";
import { CadStatusBadge } from "@/components/ui/status-badge";
import { Button } from "@/components/ui/button";
import { Field, fieldAria } from "@/components/ui/field";
import { ImageDropzone } from "@/components/ui/image-dropzone";
import type { LightboxImage } from "@/components/ui/image-lightbox";
import { Textarea } from "@/components/ui/input";
import { Progress } from "@/components/ui/progress";
import { toast } from "@/components/ui/use-toast";
import { ApiError, errorMessage } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { formatDateTime, formatFileSize } from "@/lib/format";
import { useUploadCad } from "../api/actions";
import { Panel } from "./panel";
import { InlineAlert } from "@/components/ui/states";

/** Statuses in which staff upload a CAD version. */
export const CAD_UPLOAD_STATUSES: readonly Order["status"][] = ["approved", "cad_design"];
const MODEL_EXTENSIONS = [...CAD_MODEL_FORMATS.map((f) => `.${f}`), ".stp"];

/** A 3D file's problem, or null when it may be sent (the server reads its content again). */
export function checkModelFile(file: File): string | null {
  const ext = file.name.toLowerCase().match(/\.[a-z0-9]+$/)?.[0] ?? "";
  if (!MODEL_EXTENSIONS.includes(ext)) return `“${file.name}” is not an STL, OBJ, GLB, 3DM or STEP file.`;
  if (file.size > MAX_CAD_MODEL_BYTES) return `“${file.name}” is larger than ${MAX_CAD_MODEL_BYTES / 1024 / 1024} MB.`;
  if (file.size === 0) return `“${file.name}” is empty.`;
  return null;
}

type OpenImages = (images: LightboxImage[], index: number, title: string) => void;

/** A CAD version's renderings and 3D model on one stage (the cad-viewer feature, composed in routes/). */
export type CadMediaSlot = ComponentType<{ order: Order; cad: Order["cad_designs"][number]; onOpenImages: OpenImages }>;

/** CAD versions: the upload (renderings, an optional 3D file, a description) and every earlier version. */
export function CadPanel({
  order,
  onOpenImages,
  media: Media,
}: {
  order: Order;
  onOpenImages: OpenImages;
  /** Without it, each version shows its first rendering as a thumbnail. */
  media?: CadMediaSlot | undefined;
}) {
  const canUpload = CAD_UPLOAD_STATUSES.includes(order.status);
  const versions = [...order.cad_designs].sort((a, b) => b.version - a.version);
  return (
    <Panel
      icon={<Box />}
      title="CAD design"
      description={
        canUpload
          ? order.status === "approved"
            ? "The advance is confirmed. Upload the first CAD version for the customer to approve."
            : "The customer reviews the latest version. Upload a new one if they asked for changes."
          : "The versions shared with the customer."
      }
      testId="cad-panel"
    >
      {canUpload && <CadUploadForm order={order} />}
      {versions.length > 0 ? (
        <div className="flex flex-col gap-3">
          {canUpload && <h3 className="eyebrow font-sans">Earlier versions</h3>}
          <ul className="flex flex-col gap-3" aria-label="CAD versions">
            {versions.map((cad) => {
              const images: LightboxImage[] = cad.images.length > 0 ? cad.images : cad.image ? [{ id: cad.id, image: cad.image }] : [];
              const cover = cad.images[0];
              return (
                <li key={cad.id} className={cn("flex gap-4 rounded-md border border-border p-3", Media && "flex-col")} data-testid="cad-version">
                  {Media ? (
                    <Media order={order} cad={cad} onOpenImages={onOpenImages} />
                  ) : images.length > 0 ? (
                    <button
                      type="button"
                      onClick={() => onOpenImages(images, 0, `CAD version ${cad.version}`)}
                      aria-label={`View CAD version ${cad.version} in full size`}
                      className="size-20 shrink-0 cursor-zoom-in overflow-hidden rounded-md bg-surface-muted"
                    >
                      <img src={cover ? cover.thumbnail || cover.image : (cad.image ?? "")} alt="" className="size-full object-cover" />
                    </button>
                  ) : (
                    <span className="flex size-20 shrink-0 items-center justify-center rounded-md bg-surface-muted text-accent">
                      <Gem className="size-6" aria-hidden />
                    </span>
                  )}
                  <div className="flex min-w-0 flex-col gap-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <span className="font-medium">Version {cad.version}</span>
                      <CadStatusBadge status={cad.status} />
                    </div>
                    <p className="text-xs text-muted">
                      Uploaded <time dateTime={cad.created_at}>{formatDateTime(cad.created_at)}</time>
                      {cad.images.length > 0 && ` · ${cad.images.length === 1 ? "1 rendering" : `${cad.images.length} renderings`}`}
                      {cad.approved_at && (
                        <>
                          {" "}
                          · approved <time dateTime={cad.approved_at}>{formatDateTime(cad.approved_at)}</time>
                        </>
                      )}
                    </p>
                    {cad.description && <p className="whitespace-pre-line text-sm">{cad.description}</p>}
                    {cad.model && (
                      <a
                        href={cad.model.url}
                        download={cad.model.file_name}
                        className="inline-flex items-center gap-1.5 self-start text-sm text-accent-strong underline underline-offset-4"
                      >
                        <FileBox className="size-4" aria-hidden /> {cad.model.file_name} ({cad.model.format.toUpperCase()},{" "}
                        {formatFileSize(cad.model.size)})
                      </a>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        </div>
      ) : (
        !canUpload && <p className="text-sm text-muted">No CAD version yet.</p>
      )}
    </Panel>
  );
}

function CadUploadForm({ order }: { order: Order }) {
  const id = useId();
  const upload = useUploadCad(order.id);
  const [images, setImages] = useState<File[]>([]);
  const [model, setModel] = useState<File | null>(null);
  const [description, setDescription] = useState("");
  const [progress, setProgress] = useState<number[] | null>(null);
  const [errors, setErrors] = useState<{ images?: string; model?: string; description?: string; form?: string }>({});

  function submit(e: FormEvent) {
    e.preventDefault();
    if (images.length === 0) {
      setErrors({ images: "Add at least one rendering." });
      return;
    }
    setErrors({});
    setProgress([...images.map(() => 0), ...(model ? [0] : [])]);
    upload.mutate(
      { images, model, description: description.trim(), onProgress: setProgress },
      {
        onSuccess: (cad) => {
          toast({ title: `CAD version ${cad.version} uploaded`, description: "The customer is asked to review and approve it." });
          setImages([]);
          setModel(null);
          setDescription("");
          setProgress(null);
        },
        onError: (err) => {
          setProgress(null);
          if (err instanceof ApiError && err.status === 400) {
            setErrors({
              images: err.field("images") ?? err.field("images[]"),
              model: err.field("model"),
              description: err.field("description"),
              form: err.detail ?? err.field("non_field_errors"),
            });
          } else setErrors({ form: errorMessage(err, "The CAD version could not be uploaded. Please try again.") });
        },
      },
    );
  }

  const imageProgress = progress ? progress.slice(0, images.length) : null;
  const modelProgress = progress && model ? progress[images.length] : undefined;

  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-5 rounded-md border border-border bg-background/60 p-4 sm:p-5"
      aria-label="Upload a CAD version"
    >
      <div className="flex flex-col gap-2">
        <p className="text-sm font-medium">
          Renderings
          <span className="ml-0.5 text-destructive" aria-hidden>
            *
          </span>
        </p>
        <ImageDropzone
          id={`${id}-images`}
          files={images}
          onFilesChange={(files) => {
            setImages(files);
            setErrors((e) => ({ ...e, images: undefined }));
          }}
          progress={imageProgress}
          maxFiles={MAX_CAD_IMAGES}
          maxBytes={MAX_IMAGE_BYTES}
          accept={ALLOWED_IMAGE_TYPES}
          hint="PNG, JPG, GIF or WebP, up to 10 MB each"
          disabled={upload.isPending}
          error={errors.images}
        />
      </div>
      <ModelPicker
        id={`${id}-model`}
        file={model}
        onChange={(file) => {
          setModel(file);
          setErrors((e) => ({ ...e, model: undefined }));
        }}
        progress={modelProgress}
        disabled={upload.isPending}
        error={errors.model}
      />
      <Field id={`${id}-description`} label="Description" hint="What changed in this version, for the customer." error={errors.description}>
        <Textarea
          id={`${id}-description`}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          maxLength={5000}
          rows={3}
          disabled={upload.isPending}
          {...fieldAria(`${id}-description`, errors.description, { hint: true })}
        />
      </Field>
      {errors.form && <InlineAlert>{errors.form}</InlineAlert>}
      <Button type="submit" className="self-end" loading={upload.isPending}>
        {!upload.isPending && <Upload />} {upload.isPending ? "Uploading…" : "Upload CAD version"}
      </Button>
    </form>
  );
}

/** One optional 3D file, dropped or chosen, with its progress while the version uploads. */
function ModelPicker({
  id,
  file,
  onChange,
  progress,
  disabled,
  error,
}: {
  id: string;
  file: File | null;
  onChange: (file: File | null) => void;
  progress: number | undefined;
  disabled: boolean;
  error: string | undefined;
}) {
  const [message, setMessage] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const pick = (candidate: File | undefined) => {
    if (!candidate || disabled) return;
    const problem = checkModelFile(candidate);
    setMessage(problem);
    if (!problem) onChange(candidate);
  };
  const onInput = (e: ChangeEvent<HTMLInputElement>) => {
    pick(e.target.files?.[0]);
    e.target.value = "";
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    pick(e.dataTransfer.files[0]);
  };
  const percent = progress === undefined ? undefined : Math.round(progress * 100);
  const shown = error ?? message;
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm font-medium">3D file (optional)</p>
      {file ? (
        <div className="flex flex-col gap-2 rounded-md border border-border bg-surface px-4 py-3">
          <div className="flex items-center gap-3">
            <FileBox className="size-5 shrink-0 text-accent" aria-hidden />
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium">{file.name}</p>
              <p className="text-xs text-muted">
                {percent === undefined ? formatFileSize(file.size) : percent >= 100 ? "Uploaded" : `Uploading… ${percent}%`}
              </p>
            </div>
            {!disabled && (
              <Button type="button" variant="ghost" size="icon" aria-label={`Remove ${file.name}`} onClick={() => onChange(null)}>
                <X />
              </Button>
            )}
          </div>
          {percent !== undefined && <Progress value={percent} label={`Upload of ${file.name}`} className="h-1.5" />}
        </div>
      ) : (
        <label
          htmlFor={id}
          onDragOver={(e) => {
            e.preventDefault();
            if (!disabled) setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={cn(
            "flex cursor-pointer items-center gap-3 rounded-md border-2 border-dashed border-input bg-surface px-4 py-4 text-sm transition-colors",
            "hover:border-accent focus-within:border-accent-strong focus-within:ring-2 focus-within:ring-accent/30",
            dragging && "border-accent-strong bg-accent-soft/50",
          )}
        >
          <FileBox className="size-5 text-accent" aria-hidden />
          <span>
            <span className="font-medium text-accent-strong underline underline-offset-4">Choose a 3D file</span>
            <span className="hidden sm:inline"> or drop it here</span>
            <span className="block text-xs text-muted">STL, OBJ, GLB, 3DM or STEP, up to {MAX_CAD_MODEL_BYTES / 1024 / 1024} MB</span>
          </span>
          <input id={id} type="file" accept={MODEL_EXTENSIONS.join(",")} className="sr-only" disabled={disabled} onChange={onInput} />
        </label>
      )}
      {shown && (
        <p role="alert" className="text-xs text-destructive">
          {shown}
        </p>
      )}
    </div>
  );
}
