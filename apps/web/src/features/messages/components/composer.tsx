import { zodResolver } from "@hookform/resolvers/zod";
import { MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS_PER_MESSAGE, MAX_MESSAGE_LENGTH, messageInputSchema } from "@atelier/contract";
import { FileText, Paperclip, Send, X } from "lucide-react";
import { useId, useRef, useState } from "react";
import { useForm, useWatch, type Resolver } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { fieldAria } from "@/components/ui/field";
import { Textarea } from "@/components/ui/input";
import { ApiError, errorMessage } from "@/lib/api-client";
import { formatFileSize } from "@/lib/format";
import { useSendMessage } from "../api/send-message";

// `raw`: the text as typed (send trims it); the schema's input has an optional text, the form always one.
const resolver = zodResolver(messageInputSchema, undefined, { raw: true }) as Resolver<{ text: string }>;
const ACCEPT = "image/png,image/jpeg,image/gif,image/webp,application/pdf";

/** Text and up to five images or PDFs (the server checks them by content; this only saves a round trip). */
export function Composer({ conversationId, label = "Your message", placeholder = "Write a message…" }: { conversationId: string; label?: string; placeholder?: string }) {
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError: setTextError,
    formState: { errors, isSubmitting },
  } = useForm<{ text: string }>({ resolver, defaultValues: { text: "" } });
  const text = useWatch({ control, name: "text" });
  const [files, setFiles] = useState<File[]>([]);
  // A refused file and the server's refusal are told under the text, as one message.
  const [fileError, setError] = useState<string | undefined>();
  const error = errors.text?.message ?? fileError;
  const [progress, setProgress] = useState<number | null>(null);
  const sendMessage = useSendMessage((f) => setProgress(f));

  function addFiles(list: FileList | null) {
    if (!list) return;
    const next = [...files];
    for (const f of Array.from(list)) {
      if (f.size > MAX_ATTACHMENT_BYTES) {
        setError(`"${f.name}" is larger than 10 MB.`);
        continue;
      }
      next.push(f);
    }
    if (next.length > MAX_ATTACHMENTS_PER_MESSAGE) {
      setError(`A message can have at most ${MAX_ATTACHMENTS_PER_MESSAGE} files.`);
      setFiles(next.slice(0, MAX_ATTACHMENTS_PER_MESSAGE));
    } else setFiles(next);
    if (fileInput.current) fileInput.current.value = "";
  }

  async function send({ text: typed }: { text: string }) {
    const value = typed.trim();
    if (!value && files.length === 0) return;
    setError(undefined);
    setProgress(files.length > 0 ? 0 : null);
    try {
      await sendMessage.mutateAsync({ conversationId, text: value, files });
      reset({ text: "" });
      setFiles([]);
    } catch (err) {
      const textError = err instanceof ApiError ? err.field("text") : undefined;
      if (textError) setTextError("text", { type: "server", message: textError });
      else
        setError(
          err instanceof ApiError ? (err.field("files") ?? errorMessage(err, "Failed to send the message. Please try again.")) : "Failed to send the message. Please try again.",
        );
    } finally {
      setProgress(null);
    }
  }
  const submit = handleSubmit(send);

  return (
    <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-3" data-testid="composer">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Textarea
        id={id}
        onKeyDown={(e) => {
          if (e.key === "Enter" && (e.metaKey || e.ctrlKey)) void submit(e);
        }}
        maxLength={MAX_MESSAGE_LENGTH}
        rows={3}
        placeholder={placeholder}
        {...fieldAria(id, error)}
        {...register("text")}
      />
      {files.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Files to send">
          {files.map((f, i) => (
            <li key={`${f.name}-${i}`} className="flex items-center gap-2 rounded-full border border-border bg-surface-muted py-1 pl-3 pr-1 text-xs">
              <FileText className="size-3.5 text-muted" aria-hidden />
              <span className="max-w-40 truncate">{f.name}</span>
              <span className="text-muted">{formatFileSize(f.size)}</span>
              <button
                type="button"
                onClick={() => setFiles(files.filter((_, j) => j !== i))}
                className="rounded-full p-1 text-muted hover:bg-surface hover:text-foreground"
                aria-label={`Remove ${f.name}`}
              >
                <X className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <div className="flex items-center gap-3">
        <input
          ref={fileInput}
          type="file"
          multiple
          accept={ACCEPT}
          className="sr-only"
          id={`${id}-files`}
          aria-label="Attach files"
          tabIndex={-1}
          data-testid="attach-input"
          onChange={(e) => addFiles(e.target.files)}
        />
        <Button type="button" variant="ghost" size="sm" onClick={() => fileInput.current?.click()} disabled={files.length >= MAX_ATTACHMENTS_PER_MESSAGE}>
          <Paperclip /> Attach
        </Button>
        <span className="hidden text-xs text-muted sm:inline">Images or PDF, up to 5 files, 10 MB each</span>
        {progress !== null && (
          <span className="text-xs text-muted" role="status">
            Uploading {Math.round(progress * 100)}%
          </span>
        )}
        <Button type="submit" className="ml-auto" disabled={text.trim() === "" && files.length === 0} loading={isSubmitting}>
          {!isSubmitting && <Send />} Send Message
        </Button>
      </div>
    </form>
  );
}
