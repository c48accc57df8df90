import { DESIGN_STATUS_INFO, PAGE_SIZE, type Upload } from "@atelier/contract";
import { Download, Eye, FileImage, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog, Dialog, DialogContent, DialogTitle } from "@/components/ui/dialog";
import { Pagination } from "@/components/ui/pagination";
import { Skeleton } from "@/components/ui/skeleton";
import { EmptyState, ErrorState } from "@/components/ui/states";
import { toast } from "@/components/ui/use-toast";
import { paths } from "@/config/paths";
import { formatDateTime, formatFileSize, formatRelative } from "@/lib/format";
import { useDeleteUpload } from "../api/delete-upload";
import { useUploads } from "../api/get-uploads";

const TYPE_NAMES: Record<string, string> = { "image/png": "PNG", "image/jpeg": "JPEG", "image/gif": "GIF", "image/webp": "WebP" };
const typeName = (t: string) => TYPE_NAMES[t] ?? (t.split("/").at(-1)?.toUpperCase() || "File");

/** Upload History (spec §2): every file the customer uploaded, with preview/download when completed. */
export function UploadHistoryScreen() {
  const [params, setParams] = useSearchParams();
  const n = Number(params.get("page"));
  const page = Number.isInteger(n) && n > 0 ? n : 1;
  const uploads = useUploads(page);
  const remove = useDeleteUpload();
  const [toDelete, setToDelete] = useState<Upload | null>(null);
  const [preview, setPreview] = useState<Upload | null>(null);
  const pageCount = uploads.data ? Math.ceil(uploads.data.count / PAGE_SIZE) : 0;
  const setPage = (p: number) => setParams(p > 1 ? { page: String(p) } : {});

  function confirmDelete() {
    if (!toDelete) return;
    const lastOnPage = uploads.data?.results.length === 1 && page > 1;
    remove.mutate(toDelete.id, {
      onSuccess: () => {
        toast({ title: "File deleted" });
        setToDelete(null);
        if (lastOnPage) setPage(page - 1);
      },
      onError: () => toast({ variant: "destructive", title: "Error", description: "Failed to delete the file. Please try again." }),
    });
  }

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-2">
        <p className="eyebrow">Your atelier</p>
        <h1 className="text-4xl sm:text-5xl">Upload History</h1>
        <p className="max-w-xl text-muted">Every reference image you have uploaded, and the design it belongs to.</p>
      </div>

      {uploads.isPending ? (
        <Card className="divide-y divide-border" aria-busy="true" aria-label="Loading uploads">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="flex items-center gap-4 p-4">
              <Skeleton className="size-12 shrink-0" />
              <div className="flex flex-1 flex-col gap-2">
                <Skeleton className="h-4 w-1/3" />
                <Skeleton className="h-3 w-1/4" />
              </div>
              <Skeleton className="h-6 w-20 rounded-full" />
            </div>
          ))}
        </Card>
      ) : uploads.isError || (uploads.isPlaceholderData && uploads.failureCount > 0) ? (
        <ErrorState message="Failed to load your uploads. Please try again." onRetry={() => void uploads.refetch()} />
      ) : uploads.data.results.length === 0 ? (
        <EmptyState
          icon={<FileImage />}
          title="No uploads yet"
          description="Reference images you add to a custom design appear here."
          action={
            <Button asChild>
              <Link to={`${paths.dashboard.newDesign.getHref()}?tab=custom`}>Create a Design</Link>
            </Button>
          }
        />
      ) : (
        <>
          <Card className="overflow-hidden">
            <ul className="divide-y divide-border" aria-label="Uploaded files">
              {uploads.data.results.map((u) => (
                <UploadRow key={u.id} upload={u} onPreview={() => setPreview(u)} onDelete={() => setToDelete(u)} />
              ))}
            </ul>
          </Card>
          <Pagination page={page} pageCount={pageCount} onPageChange={setPage} />
        </>
      )}

      <Dialog open={preview !== null} onOpenChange={(o) => !o && setPreview(null)}>
        <DialogContent aria-describedby={undefined} className="max-w-4xl gap-3 p-3 sm:p-4">
          <DialogTitle className="truncate pr-10 font-display text-xl">{preview?.file_name}</DialogTitle>
          {preview?.url && (
            <div className="flex items-center justify-center overflow-hidden rounded-md bg-surface-muted">
              <img src={preview.url} alt={preview.file_name} className="max-h-[75dvh] w-auto max-w-full object-contain" />
            </div>
          )}
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && !remove.isPending && setToDelete(null)}
        title="Delete this file?"
        description={toDelete ? `“${toDelete.file_name}” will be removed${toDelete.design_name ? ` from “${toDelete.design_name}”` : ""}. This cannot be undone.` : ""}
        confirmLabel="Delete"
        loading={remove.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}

function UploadRow({ upload: u, onPreview, onDelete }: { upload: Upload; onPreview: () => void; onDelete: () => void }) {
  const status = DESIGN_STATUS_INFO[u.status];
  const url = u.status === "completed" ? u.url : null;
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:gap-4 sm:px-6" data-testid="upload-row">
      <div className="flex min-w-0 flex-1 items-center gap-4">
        <div className="flex size-14 shrink-0 items-center justify-center overflow-hidden rounded-md border border-border bg-surface-muted text-muted">
          {u.thumbnail ? <img src={u.thumbnail} alt="" className="size-full object-cover" loading="lazy" /> : <FileImage className="size-6" aria-hidden />}
        </div>
        <div className="flex min-w-0 flex-col gap-0.5">
          <p className="truncate font-medium" title={u.file_name}>
            {u.file_name}
          </p>
          <p className="text-xs text-muted">
            {formatFileSize(u.size)} · {typeName(u.content_type)} ·{" "}
            <time dateTime={u.created_at} title={formatDateTime(u.created_at)}>
              {formatRelative(u.created_at)}
            </time>
          </p>
          {u.design_id && (
            <Link to={paths.dashboard.design.getHref(u.design_id)} className="truncate text-xs text-accent-strong underline-offset-4 hover:underline">
              {u.design_name || "View design"}
            </Link>
          )}
        </div>
      </div>
      <div className="flex items-center gap-1 sm:shrink-0">
        <Badge tone={status.tone} className="mr-auto sm:mr-3">
          {status.label}
        </Badge>
        {url && (
          <>
            {u.content_type.startsWith("image/") ? (
              <Button variant="ghost" size="icon" onClick={onPreview} aria-label={`Preview ${u.file_name}`}>
                <Eye aria-hidden />
              </Button>
            ) : (
              // A PDF (a message attachment) opens in the browser's own viewer.
              <Button variant="ghost" size="icon" asChild>
                <a href={url} target="_blank" rel="noreferrer" aria-label={`Open ${u.file_name}`}>
                  <Eye aria-hidden />
                </a>
              </Button>
            )}
            <Button variant="ghost" size="icon" asChild>
              <a href={url} download={u.file_name} aria-label={`Download ${u.file_name}`}>
                <Download aria-hidden />
              </a>
            </Button>
          </>
        )}
        {u.deletable ? (
          <Button variant="ghost" size="icon" className="text-destructive hover:bg-destructive-soft" onClick={onDelete} aria-label={`Delete ${u.file_name}`}>
            <Trash2 aria-hidden />
          </Button>
        ) : (
          // Part of a submitted order (changes are asked for in the order's comments) or sent in a message.
          <span className="sr-only">Part of a submitted order or a message; it cannot be deleted</span>
        )}
      </div>
    </li>
  );
}
