import { CloudUpload, ImageOff, X } from "lucide-react";
import { useEffect, useId, useState, useSyncExternalStore, type ChangeEvent, type DragEvent } from "react";
import { cn } from "@/lib/cn";
import { formatFileSize } from "@/lib/format";
import { Progress } from "./progress";

const TYPE_NAMES: Record<string, string> = { "image/png": "PNG", "image/jpeg": "JPG", "image/gif": "GIF", "image/webp": "WebP" };

export interface ImageRules {
  maxFiles: number;
  maxBytes: number;
  accept: readonly string[];
}

function megabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}

function typeList(accept: readonly string[]): string {
  const names = accept.map((t) => TYPE_NAMES[t] ?? t);
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} or ${names.at(-1)}` : (names[0] ?? "image");
}

/**
 * Splits picked files into those that may be added and messages for the rest
 * (too big, not an allowed image, beyond the maximum count). `current` is how many images are already there.
 */
export function checkImageFiles(candidates: readonly File[], current: number, rules: ImageRules): { accepted: File[]; messages: string[] } {
  const accepted: File[] = [];
  const messages: string[] = [];
  let overLimit = 0;
  for (const file of candidates) {
    if (!rules.accept.includes(file.type)) {
      messages.push(`“${file.name}” is not a ${typeList(rules.accept)} image and was not added.`);
    } else if (file.size > rules.maxBytes) {
      messages.push(`“${file.name}” is larger than ${megabytes(rules.maxBytes)} and was not added.`);
    } else if (current + accepted.length >= rules.maxFiles) {
      overLimit += 1;
    } else {
      accepted.push(file);
    }
  }
  if (overLimit > 0) {
    messages.push(`You can add up to ${rules.maxFiles} images; ${overLimit === 1 ? "1 image was" : `${overLimit} images were`} not added.`);
  }
  return { accepted, messages };
}

// Object URLs for previews, shared and reference-counted so that React's double effects in development do
// not revoke a URL that is still shown; released URLs are revoked on the next tick.
const previews = new Map<File, { url: string; refs: number }>();
const previewListeners = new Set<() => void>();
const emitPreviews = () => previewListeners.forEach((l) => l());
const subscribePreviews = (l: () => void) => {
  previewListeners.add(l);
  return () => previewListeners.delete(l);
};

/** An object URL showing a picked file, revoked once nothing shows it any more. */
export function usePreviewUrl(file: File): string | undefined {
  const url = useSyncExternalStore(subscribePreviews, () => previews.get(file)?.url);
  useEffect(() => {
    if (typeof URL.createObjectURL !== "function") return;
    let entry = previews.get(file);
    if (!entry) {
      entry = { url: URL.createObjectURL(file), refs: 0 };
      previews.set(file, entry);
      emitPreviews();
    }
    entry.refs += 1;
    const held = entry;
    return () => {
      held.refs -= 1;
      setTimeout(() => {
        if (held.refs > 0 || previews.get(file) !== held) return;
        previews.delete(file);
        URL.revokeObjectURL(held.url);
        emitPreviews();
      }, 0);
    };
  }, [file]);
  return url;
}

export interface ExistingImage {
  id: string;
  src: string;
  alt: string;
}

export interface ImageDropzoneProps extends ImageRules {
  id?: string;
  /** New files chosen by the user, not yet uploaded. */
  files: File[];
  onFilesChange: (files: File[]) => void;
  /** Images already stored (editing); removable when `onRemoveExisting` is given. */
  existing?: ExistingImage[];
  onRemoveExisting?: (id: string) => void;
  /** Per new file, 0..1, while an upload runs. */
  progress?: number[] | null;
  hint?: string;
  disabled?: boolean;
  /** An error from elsewhere (e.g. the server). */
  error?: string | undefined;
  describedBy?: string;
}

/** A drag-and-drop picker for several images with removable thumbnails and per-file progress. */
export function ImageDropzone({
  id: idProp,
  files,
  onFilesChange,
  existing = [],
  onRemoveExisting,
  progress,
  hint,
  disabled,
  error,
  maxFiles,
  maxBytes,
  accept,
  describedBy,
}: ImageDropzoneProps) {
  const autoId = useId();
  const id = idProp ?? autoId;
  const [messages, setMessages] = useState<string[]>([]);
  const [dragging, setDragging] = useState(false);
  const total = existing.length + files.length;
  const full = total >= maxFiles;

  function add(candidates: File[]) {
    if (disabled || candidates.length === 0) return;
    const { accepted, messages: rejected } = checkImageFiles(candidates, total, { maxFiles, maxBytes, accept });
    setMessages(rejected);
    if (accepted.length > 0) onFilesChange([...files, ...accepted]);
  }

  function onChange(e: ChangeEvent<HTMLInputElement>) {
    add(Array.from(e.target.files ?? []));
    // Lets the same file be chosen again after it was removed.
    e.target.value = "";
  }

  function onDrop(e: DragEvent) {
    e.preventDefault();
    setDragging(false);
    add(Array.from(e.dataTransfer.files));
  }

  function onDragOver(e: DragEvent) {
    e.preventDefault();
    if (!disabled) setDragging(true);
  }

  const allMessages = error ? [...messages, error] : messages;

  return (
    <div className="flex flex-col gap-4">
      <label
        htmlFor={id}
        onDragOver={onDragOver}
        onDragEnter={onDragOver}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-dragging={dragging || undefined}
        className={cn(
          "flex cursor-pointer flex-col items-center justify-center gap-3 rounded-[var(--radius-card)] border-2 border-dashed border-input bg-background/60 px-6 py-10 text-center transition-colors duration-200",
          "hover:border-accent hover:bg-accent-soft/30 focus-within:border-accent-strong focus-within:ring-2 focus-within:ring-accent/30",
          "data-[dragging]:border-accent-strong data-[dragging]:bg-accent-soft/50",
          (disabled || full) && "cursor-not-allowed opacity-70 hover:border-input hover:bg-background/60",
        )}
      >
        <span className="flex size-12 items-center justify-center rounded-full bg-accent-soft text-accent-hover">
          <CloudUpload className="size-6" aria-hidden />
        </span>
        <span className="text-sm text-foreground">
          <span className="font-medium text-accent-strong underline underline-offset-4">{full ? "Image limit reached" : "Choose images"}</span>
          {!full && <span className="hidden sm:inline"> or drag and drop them here</span>}
        </span>
        {hint && <span className="text-xs text-muted">{hint}</span>}
        <span className="text-xs text-muted">
          {total} of {maxFiles} images
        </span>
        <input
          id={id}
          type="file"
          multiple
          accept={accept.join(",")}
          className="sr-only"
          disabled={disabled || full}
          onChange={onChange}
          aria-describedby={describedBy}
        />
      </label>

      {allMessages.length > 0 && (
        <div role="alert" className="rounded-md border border-destructive/20 bg-destructive-soft/60 px-4 py-3 text-sm text-destructive">
          {allMessages.map((m) => (
            <p key={m}>{m}</p>
          ))}
        </div>
      )}

      {total > 0 && (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-label="Chosen images">
          {existing.map((img) => (
            <Thumb key={img.id} src={img.src} name={img.alt} caption="Saved" onRemove={onRemoveExisting && !disabled ? () => onRemoveExisting(img.id) : undefined} />
          ))}
          {files.map((file, i) => (
            <FileThumb
              key={`${file.name}-${file.size}-${file.lastModified}-${i}`}
              file={file}
              progress={progress?.[i]}
              onRemove={disabled ? undefined : () => onFilesChange(files.filter((_, j) => j !== i))}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function FileThumb({ file, progress, onRemove }: { file: File; progress: number | undefined; onRemove: (() => void) | undefined }) {
  const src = usePreviewUrl(file);
  return <Thumb src={src} name={file.name} caption={formatFileSize(file.size)} progress={progress} onRemove={onRemove} />;
}

function Thumb({ src, name, caption, progress, onRemove }: { src: string | undefined; name: string; caption: string; progress?: number | undefined; onRemove?: (() => void) | undefined }) {
  const [broken, setBroken] = useState(false);
  const percent = progress === undefined ? undefined : Math.round(progress * 100);
  return (
    <li className="flex min-w-0 flex-col gap-1.5">
      <div className="relative aspect-square overflow-hidden rounded-md border border-border bg-surface-muted">
        {src && !broken ? (
          <img src={src} alt={name} className="size-full object-cover" onError={() => setBroken(true)} />
        ) : (
          <div className="flex size-full items-center justify-center text-muted">
            <ImageOff className="size-6" aria-hidden />
          </div>
        )}
        {onRemove && (
          <button
            type="button"
            onClick={onRemove}
            aria-label={`Remove ${name}`}
            className="absolute right-1.5 top-1.5 flex size-7 cursor-pointer items-center justify-center rounded-full bg-surface/90 text-foreground shadow-sm transition-colors hover:bg-destructive hover:text-white"
          >
            <X className="size-4" aria-hidden />
          </button>
        )}
      </div>
      <div className="min-w-0">
        <p className="truncate text-xs font-medium text-foreground" title={name}>
          {name}
        </p>
        <p className="text-xs text-muted">{percent === undefined ? caption : percent >= 100 ? "Uploaded" : `Uploading… ${percent}%`}</p>
      </div>
      {percent !== undefined && <Progress value={percent} label={`Upload of ${name}`} className="h-1.5" />}
    </li>
  );
}
