import { ImagePlus, ImageOff } from "lucide-react";
import { useState, type ChangeEvent, type DragEvent } from "react";
import { fieldAria } from "@/components/ui/field";
import { usePreviewUrl } from "@/components/ui/image-dropzone";
import { Progress } from "@/components/ui/progress";
import { cn } from "@/lib/cn";
import { checkGalleryImage, GALLERY_IMAGE_RULES } from "../utils/gallery-form";

function FilePreview({ file, alt }: { file: File; alt: string }) {
  const src = usePreviewUrl(file);
  return src ? <img src={src} alt={alt} className="size-full object-cover" /> : <Placeholder text={file.name} />;
}

function Placeholder({ text }: { text: string }) {
  return (
    <div className="flex size-full flex-col items-center justify-center gap-2 px-6 text-center text-muted">
      <ImageOff className="size-8" aria-hidden />
      <span className="text-sm">{text}</span>
    </div>
  );
}

/**
 * The post's one photograph: the one saved (when editing) or the one picked, shown large, with a
 * picker that also takes a dropped file. Type and size are checked here; the server reads the content.
 */
export function PhotoPicker({
  id,
  file,
  onFileChange,
  savedSrc,
  alt,
  error,
  progress,
  disabled,
}: {
  id: string;
  file: File | null;
  onFileChange: (file: File | null, problem: string | null) => void;
  /** The saved photograph's URL when editing. */
  savedSrc: string | null;
  alt: string;
  error: string | undefined;
  /** 0..1 while the photograph is being sent. */
  progress: number | null;
  disabled?: boolean;
}) {
  const [dragging, setDragging] = useState(false);
  const [broken, setBroken] = useState(false);

  function pick(candidate: File | undefined) {
    if (!candidate || disabled) return;
    const problem = checkGalleryImage(candidate);
    onFileChange(problem ? file : candidate, problem);
  }

  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    pick(e.target.files?.[0]);
    e.target.value = "";
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    pick(e.dataTransfer.files[0]);
  };
  const onDragOver = (e: DragEvent) => {
    e.preventDefault();
    if (!disabled) setDragging(true);
  };
  const percent = progress === null ? null : Math.round(progress * 100);
  const hasPhoto = file !== null || savedSrc !== null;

  return (
    <div className="flex flex-col gap-3">
      <div
        onDragOver={onDragOver}
        onDragEnter={onDragOver}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-dragging={dragging || undefined}
        className={cn(
          "relative aspect-square overflow-hidden rounded-[var(--radius-card)] border bg-surface-muted transition-colors duration-200",
          error ? "border-destructive" : "border-border",
          "data-[dragging]:border-accent-strong data-[dragging]:ring-2 data-[dragging]:ring-accent/30",
        )}
      >
        {file ? (
          <FilePreview file={file} alt={alt} />
        ) : savedSrc && !broken ? (
          <img src={savedSrc} alt={alt} className="size-full object-cover" onError={() => setBroken(true)} />
        ) : (
          <Placeholder text={savedSrc ? "The photograph could not be shown." : "No photograph yet"} />
        )}
        {percent !== null && (
          <div className="absolute inset-x-0 bottom-0 flex flex-col gap-1.5 bg-surface/90 px-4 py-3 backdrop-blur-sm">
            <span className="text-xs text-foreground">{percent >= 100 ? "Processing the photograph…" : `Uploading… ${percent}%`}</span>
            <Progress value={percent} label="Upload of the photograph" className="h-1.5" />
          </div>
        )}
      </div>
      <label
        htmlFor={id}
        className={cn(
          "flex cursor-pointer items-center justify-center gap-2 rounded-md border border-dashed border-input bg-background/60 px-4 py-3 text-sm transition-colors duration-200",
          "hover:border-accent hover:bg-accent-soft/30 focus-within:border-accent-strong focus-within:ring-2 focus-within:ring-accent/30",
          disabled && "cursor-not-allowed opacity-60 hover:border-input hover:bg-background/60",
        )}
      >
        <ImagePlus className="size-4 text-accent-strong" aria-hidden />
        <span className="font-medium text-accent-strong">{hasPhoto ? "Replace the photograph" : "Choose a photograph"}</span>
        <input
          id={id}
          type="file"
          accept={GALLERY_IMAGE_RULES.accept.join(",")}
          className="sr-only"
          disabled={disabled}
          onChange={onChange}
          {...fieldAria(id, error, { hint: true })}
        />
      </label>
      {file && savedSrc && !disabled && (
        <button
          type="button"
          className="-mt-1 cursor-pointer self-center text-xs text-muted underline underline-offset-4 hover:text-foreground"
          onClick={() => onFileChange(null, null)}
        >
          Keep the saved photograph
        </button>
      )}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs text-destructive">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {file ? `${file.name}. ` : ""}A square JPG, PNG or WebP photograph, up to 10 MB; you can also drop it on the picture.
        </p>
      )}
    </div>
  );
}
