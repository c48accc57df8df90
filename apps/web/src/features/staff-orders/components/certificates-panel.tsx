import { zodResolver } from "@hookform/resolvers/zod";
import {
  CERTIFICATE_DEFAULT_LABS,
  CERTIFICATE_FILE_EXTENSIONS,
  CERTIFICATE_FILE_TYPES,
  CERTIFICATE_TYPE_LABELS,
  CERTIFICATE_TYPES,
  certificateInputSchema,
  MAX_CERTIFICATE_BYTES,
  type Certificate,
  type Order,
} from "@atelier/contract";
import { BadgeCheck, ExternalLink, FileText, Pencil, Plus, Trash2, X } from "lucide-react";
import { useId, useState, type ChangeEvent } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog, Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Field, fieldAria } from "@/components/ui/field";
import { Input, NativeSelect } from "@/components/ui/input";
import { InlineAlert } from "@/components/ui/states";
import { toast } from "@/components/ui/use-toast";
import { ApiError, errorMessage } from "@/lib/api-client";
import { formatDay, formatFileSize } from "@/lib/format";
import { applyServerErrors } from "@/lib/form-errors";
import { useAttachCertificate, useRemoveCertificate, useUpdateCertificate } from "../api/certificates";
import { Panel } from "./panel";

const MAX_MB = MAX_CERTIFICATE_BYTES / 1024 / 1024;
const FIELDS = ["type", "number", "lab", "issued_on", "stone"] as const;

/** Why a chosen file cannot be a certificate (the server checks its content again), or null. */
export function checkCertificateFile(file: File): string | null {
  const ext = file.name.toLowerCase().match(/\.[a-z0-9]+$/)?.[0] ?? "";
  const typeOk = (CERTIFICATE_FILE_TYPES as readonly string[]).includes(file.type);
  const extOk = (CERTIFICATE_FILE_EXTENSIONS as readonly string[]).includes(ext);
  if (!typeOk && !extOk) return `“${file.name}” is not a PDF or an image (JPEG, PNG or WebP).`;
  if (file.size > MAX_CERTIFICATE_BYTES) return `“${file.name}” is larger than ${MAX_MB} MB.`;
  if (file.size === 0) return `“${file.name}” is empty.`;
  return null;
}

/** The design's stones as choices for "covers" ("1 × Diamond 0.50 ct G VS1; 12 × Sapphire"). */
export const stoneChoices = (stones: string) =>
  stones
    .split(/[;\n]/)
    .map((s) => s.trim())
    .filter(Boolean);

const today = () => new Date().toISOString().slice(0, 10);

/** The order's certificates: attach one (details and its PDF or image), open it, remove it. */
export function CertificatesPanel({ order }: { order: Order }) {
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Certificate | null>(null);
  const [removing, setRemoving] = useState<Certificate | null>(null);
  const remove = useRemoveCertificate(order.id);
  const canAttach = order.status !== "cancelled";

  return (
    <Panel
      icon={<BadgeCheck />}
      title="Certificates"
      description="Hallmarks and grading reports, shown to the customer."
      testId="certificates-panel"
      action={
        canAttach && (
          <Button variant="secondary" size="sm" onClick={() => setAdding(true)}>
            <Plus aria-hidden /> Attach
          </Button>
        )
      }
    >
      {order.certificates.length === 0 ? (
        <p className="text-sm text-muted">
          No certificates yet.{canAttach && " Attach the hallmark or a stone's report once it is issued."}
        </p>
      ) : (
        <ul className="flex flex-col divide-y divide-border" aria-label="Certificates">
          {order.certificates.map((c) => (
            <li key={c.id} className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0">
              <div className="flex items-start justify-between gap-3">
                <div className="flex min-w-0 flex-wrap items-center gap-2">
                  <Badge tone="gold">{CERTIFICATE_TYPE_LABELS[c.type]}</Badge>
                  <span className="break-all font-mono text-sm">{c.number}</span>
                </div>
                <div className="flex shrink-0 gap-1">
                  {canAttach && (
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Edit ${CERTIFICATE_TYPE_LABELS[c.type]} certificate ${c.number}`}
                      onClick={() => setEditing(c)}
                    >
                      <Pencil />
                    </Button>
                  )}
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Remove ${CERTIFICATE_TYPE_LABELS[c.type]} certificate ${c.number}`}
                    onClick={() => setRemoving(c)}
                  >
                    <Trash2 />
                  </Button>
                </div>
              </div>
              <p className="text-xs text-muted">
                {c.lab} · issued <time dateTime={c.issued_on}>{formatDay(c.issued_on)}</time> · {c.stone || "the whole piece"}
              </p>
              <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
                <a
                  href={c.file.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1.5 text-accent-strong underline-offset-4 hover:underline"
                >
                  <FileText className="size-4" aria-hidden /> {c.file.file_name}
                  <span className="text-xs text-muted">({formatFileSize(c.file.size)})</span>
                </a>
                {c.verify_url && (
                  <a
                    href={c.verify_url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex items-center gap-1.5 text-accent-strong underline-offset-4 hover:underline"
                  >
                    <ExternalLink className="size-4" aria-hidden /> Lab check
                  </a>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}

      <Dialog
        open={adding || editing !== null}
        onOpenChange={(open) => {
          if (!open) {
            setAdding(false);
            setEditing(null);
          }
        }}
      >
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{editing ? "Edit the certificate" : "Attach a certificate"}</DialogTitle>
            <DialogDescription>
              {editing
                ? "The file stays; to replace it, remove the certificate and attach it again."
                : `The customer sees it on order ${order.order_number} and in its PDF, with the lab's verify link where there is one.`}
            </DialogDescription>
          </DialogHeader>
          {(adding || editing) && (
            <CertificateForm
              key={editing?.id ?? "new"}
              order={order}
              editing={editing}
              onDone={() => {
                setAdding(false);
                setEditing(null);
              }}
            />
          )}
        </DialogContent>
      </Dialog>

      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) {
            setRemoving(null);
            remove.reset();
          }
        }}
        title="Remove this certificate?"
        description={
          removing
            ? `${CERTIFICATE_TYPE_LABELS[removing.type]} ${removing.number} and its file leave order ${order.order_number}; the customer no longer sees them.`
            : ""
        }
        confirmLabel="Remove certificate"
        loading={remove.isPending}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(removing.id, {
            onSuccess: () => {
              toast({ title: "Certificate removed" });
              setRemoving(null);
            },
          });
        }}
      >
        {remove.error && <InlineAlert>{errorMessage(remove.error, "The certificate could not be removed. Please try again.")}</InlineAlert>}
      </ConfirmDialog>
    </Panel>
  );
}

function CertificateForm({ order, editing, onDone }: { order: Order; editing: Certificate | null; onDone: () => void }) {
  const id = useId();
  const attach = useAttachCertificate(order.id);
  const update = useUpdateCertificate(order.id);
  const pending = attach.isPending || update.isPending;
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(certificateInputSchema),
    defaultValues: editing
      ? { type: editing.type, number: editing.number, lab: editing.lab, issued_on: editing.issued_on, stone: editing.stone }
      : { type: "gia", number: "", lab: "", issued_on: today(), stone: "" },
  });
  const type = useWatch({ control, name: "type" });
  const stones = stoneChoices(order.design.stones);
  const defaultLab = CERTIFICATE_DEFAULT_LABS[type];

  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0];
    e.target.value = "";
    if (!chosen) return;
    const problem = checkCertificateFile(chosen);
    setFileError(problem);
    setFile(problem ? null : chosen);
  };

  const submit = handleSubmit(
    (input) => {
      setFormError(null);
      if (editing) {
        update.mutate(
          { id: editing.id, input },
          {
            onSuccess: (c) => {
              toast({ title: "Certificate updated", description: `${CERTIFICATE_TYPE_LABELS[c.type]} ${c.number}.` });
              onDone();
            },
            onError: refused,
          },
        );
        return;
      }
      if (!file) {
        setFileError("Attach the certificate as a PDF or an image.");
        return;
      }
      attach.mutate(
        { input, file },
        {
          onSuccess: (c) => {
            toast({ title: "Certificate attached", description: `${CERTIFICATE_TYPE_LABELS[c.type]} ${c.number} is on the order.` });
            onDone();
          },
          onError: refused,
        },
      );
    },
    () => {
      if (!file && !editing) setFileError("Attach the certificate as a PDF or an image.");
    },
  );

  /** The server's refusal on its field (a number already used is a 409 on `number`), else above the buttons. */
  function refused(err: Error) {
    const placed = applyServerErrors(err, setError, FIELDS);
    if (err instanceof ApiError && (err.status === 400 || err.status === 413)) {
      const message = err.field("file") ?? (err.status === 413 ? err.detail : undefined);
      if (message) setFileError(message);
      if (placed || message) return;
    }
    if (err instanceof ApiError && err.status === 409 && err.field("number")) {
      setError("number", { type: "server", message: err.field("number") }, { shouldFocus: true });
      return;
    }
    setFormError(errorMessage(err, `The certificate could not be ${editing ? "saved" : "attached"}. Please try again.`));
  }

  const e = {
    number: errors.number?.message,
    lab: errors.lab?.message,
    issued_on: errors.issued_on?.message,
    stone: errors.stone?.message,
    type: errors.type?.message,
  };
  return (
    <form
      noValidate
      onSubmit={(ev) => void submit(ev)}
      className="flex flex-col gap-4"
      aria-label={editing ? "Edit the certificate" : "Attach a certificate"}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${id}-type`} label="Type" required error={e.type}>
          <NativeSelect id={`${id}-type`} {...fieldAria(`${id}-type`, e.type)} {...register("type")}>
            {CERTIFICATE_TYPES.map((t) => (
              <option key={t} value={t}>
                {CERTIFICATE_TYPE_LABELS[t]}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field id={`${id}-number`} label="Number" required error={e.number}>
          <Input
            id={`${id}-number`}
            autoComplete="off"
            className="font-mono"
            {...fieldAria(`${id}-number`, e.number)}
            {...register("number")}
          />
        </Field>
        <Field
          id={`${id}-lab`}
          label="Issuing lab"
          required={!defaultLab}
          hint={defaultLab ? `Leave empty for ${defaultLab}.` : type === "hallmark" ? "The hallmarking centre (AHC)." : undefined}
          error={e.lab}
        >
          <Input
            id={`${id}-lab`}
            placeholder={defaultLab || undefined}
            {...fieldAria(`${id}-lab`, e.lab, { hint: Boolean(defaultLab) || type === "hallmark" })}
            {...register("lab")}
          />
        </Field>
        <Field id={`${id}-issued`} label="Issued on" required error={e.issued_on}>
          <Input id={`${id}-issued`} type="date" max={today()} {...fieldAria(`${id}-issued`, e.issued_on)} {...register("issued_on")} />
        </Field>
      </div>
      <Field id={`${id}-stone`} label="Covers" hint="The stone or part it certifies; empty for the whole piece." error={e.stone}>
        <Input id={`${id}-stone`} list={`${id}-stones`} {...fieldAria(`${id}-stone`, e.stone, { hint: true })} {...register("stone")} />
        <datalist id={`${id}-stones`}>
          {stones.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
      </Field>
      {!editing && (
        <div className="flex flex-col gap-2">
          <p className="text-sm font-medium">
            Certificate file
            <span className="ml-0.5 text-destructive" aria-hidden>
              *
            </span>
          </p>
          {file ? (
            <div className="flex items-center gap-3 rounded-md border border-border bg-surface px-4 py-3">
              <FileText className="size-5 shrink-0 text-accent" aria-hidden />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium">{file.name}</p>
                <p className="text-xs text-muted">{formatFileSize(file.size)}</p>
              </div>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Remove ${file.name}`}
                onClick={() => setFile(null)}
                disabled={pending}
              >
                <X />
              </Button>
            </div>
          ) : (
            <label
              htmlFor={`${id}-file`}
              className="flex cursor-pointer items-center gap-3 rounded-md border-2 border-dashed border-input bg-surface px-4 py-4 text-sm transition-colors hover:border-accent focus-within:border-accent-strong focus-within:ring-2 focus-within:ring-accent/30"
            >
              <FileText className="size-5 text-accent" aria-hidden />
              <span>
                <span className="font-medium text-accent-strong underline underline-offset-4">Choose the certificate file</span>
                <span className="block text-xs text-muted">PDF, JPEG, PNG or WebP, up to {MAX_MB} MB</span>
              </span>
              <input
                id={`${id}-file`}
                type="file"
                accept={[...CERTIFICATE_FILE_TYPES, ...CERTIFICATE_FILE_EXTENSIONS].join(",")}
                className="sr-only"
                onChange={pick}
                {...fieldAria(`${id}-file`, fileError)}
              />
            </label>
          )}
          {fileError && (
            <p id={`${id}-file-error`} role="alert" className="text-xs text-destructive">
              {fileError}
            </p>
          )}
        </div>
      )}
      {formError && <InlineAlert>{formError}</InlineAlert>}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="secondary" onClick={onDone} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" loading={pending}>
          {editing ? (pending ? "Saving…" : "Save changes") : pending ? "Attaching…" : "Attach certificate"}
        </Button>
      </div>
    </form>
  );
}
