import { zodResolver } from "@hookform/resolvers/zod";
import { commentInputSchema, ORDER_STATUS_INFO, orderEventTitle, personInitials, personLabel, type CadDesign, type Order, type Person } from "@atelier/contract";
import { Box, CheckCircle2, ExternalLink, Gem, History, Maximize2, MessageSquare, Send } from "lucide-react";
import { useId, useState, type ComponentType } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Link } from "react-router";
import { DesignFieldGroups } from "@/components/design-field-groups";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/dialog";
import { Field, fieldAria } from "@/components/ui/field";
import { ImageLightbox, type LightboxImage } from "@/components/ui/image-lightbox";
import { Textarea } from "@/components/ui/input";
import { EmptyState } from "@/components/ui/states";
import { CadStatusBadge } from "@/components/ui/status-badge";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { toast } from "@/components/ui/use-toast";
import { paths } from "@/config/paths";
import { cn } from "@/lib/cn";
import { applyServerErrors } from "@/lib/form-errors";
import { formatDateTime, formatFileSize, formatRelative } from "@/lib/format";
import { useMarkConversationRead } from "@/lib/mark-conversation-read";
import { useAddComment } from "../api/add-comment";
import { useApproveCadDesign } from "../api/approve-cad-design";
import { OrderCertificates } from "./order-certificates";
import { TONE_DOT, toastFailure } from "./order-parts";

/** On the customer's own order the customer is "You"; staff are named by the one formatter. */
const personName = (p: Person | null) => personLabel(p, { me: p?.role === "customer" });

/** The order waits for the customer to approve a CAD version. */
export const awaitingCadApproval = (order: Order) => order.status === "cad_design" && order.cad_designs.some((c) => c.status === "pending_approval");

/**
 * What the CAD tab shows of each version (every rendering and the 3D model on one stage) and the
 * version comparison: the cad-viewer feature, composed in routes/.
 */
export interface CadViewerSlot {
  Media: ComponentType<{ order: Order; cad: CadDesign; onOpenImages: Open }>;
  Compare: ComponentType<{ order: Order }>;
}

export type OrderTab = "details" | "cad" | "comments" | "history";

/** The tab an order opens on: CAD Designs while a version waits for approval, else Details. */
export const initialOrderTab = (order: Order): OrderTab => (awaitingCadApproval(order) ? "cad" : "details");

const isOrderTab = (value: string): value is OrderTab => value === "details" || value === "cad" || value === "comments" || value === "history";

/** Details, CAD Designs, Comments and Order History (spec §2); the screen holds which one is open (its next step may open CAD Designs). */
export function OrderTabs({ order, cadViewer, tab, onTabChange }: { order: Order; cadViewer?: CadViewerSlot; tab: OrderTab; onTabChange: (tab: OrderTab) => void }) {
  const [lightbox, setLightbox] = useState<{ images: LightboxImage[]; index: number; title: string } | null>(null);
  const open = (images: LightboxImage[], index: number, title: string) => setLightbox({ images, index, title });
  return (
    <Card id="order-tabs" className="min-w-0 scroll-mt-24 p-4 sm:p-6">
      <Tabs value={tab} onValueChange={(value) => isOrderTab(value) && onTabChange(value)}>
        <TabsList className="grid h-auto w-full grid-cols-2 sm:inline-flex sm:h-11 sm:w-auto">
          <TabsTrigger value="details">Details</TabsTrigger>
          <TabsTrigger value="cad">
            CAD Designs{order.cad_designs.length > 0 && <TabCount n={order.cad_designs.length} />}
          </TabsTrigger>
          <TabsTrigger value="comments">
            Comments{order.comments.length > 0 && <TabCount n={order.comments.length} />}
          </TabsTrigger>
          <TabsTrigger value="history">Order History</TabsTrigger>
        </TabsList>
        <TabsContent value="details">
          <DetailsTab order={order} onOpen={open} />
        </TabsContent>
        <TabsContent value="cad">
          <CadTab order={order} onOpen={open} cadViewer={cadViewer} />
        </TabsContent>
        <TabsContent value="comments">
          <CommentsTab order={order} />
        </TabsContent>
        <TabsContent value="history">
          <HistoryTab events={order.events} />
        </TabsContent>
      </Tabs>
      <ImageLightbox
        images={lightbox?.images ?? []}
        index={lightbox?.index ?? null}
        onIndexChange={(index) => setLightbox((l) => (l ? { ...l, index } : l))}
        onClose={() => setLightbox(null)}
        title={lightbox?.title ?? ""}
      />
    </Card>
  );
}

function TabCount({ n }: { n: number }) {
  return (
    <span className="text-xs text-muted">
      <span className="sr-only">(</span>
      {n}
      <span className="sr-only">)</span>
    </span>
  );
}

type Open = (images: LightboxImage[], index: number, title: string) => void;

function DetailsTab({ order, onOpen }: { order: Order; onOpen: Open }) {
  const d = order.design;
  return (
    <div className="flex flex-col gap-6">
      {/* Metal, stones, size and the rest the customer filled in, as staff and the PDF show them. */}
      <DesignFieldGroups details={d.details} />
      <div className="flex flex-col gap-2">
        <h3 className="eyebrow font-sans">Description</h3>
        {d.description ? <p className="whitespace-pre-line leading-relaxed text-foreground/85">{d.description}</p> : <p className="text-sm text-muted">No description.</p>}
      </div>
      {d.inspiration_link && (
        <a href={d.inspiration_link} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-2 self-start text-sm text-accent-strong underline-offset-4 hover:underline">
          <ExternalLink className="size-4" aria-hidden /> Inspiration link
        </a>
      )}
      <div className="flex flex-col gap-3">
        <h3 className="eyebrow font-sans">Images</h3>
        {d.images.length > 0 ? (
          <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4" aria-label="Design images">
            {d.images.map((img, i) => (
              <li key={img.id}>
                <button
                  type="button"
                  onClick={() => onOpen(d.images, i, d.name)}
                  aria-label={`View image ${i + 1} in full size`}
                  className="group relative block aspect-square w-full cursor-zoom-in overflow-hidden rounded-md border border-border bg-surface-muted"
                >
                  <img src={img.thumbnail || img.image} alt="" loading="lazy" className="size-full object-cover transition-transform duration-200 group-hover:scale-[1.03]" />
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted">No reference images.</p>
        )}
      </div>
      <OrderCertificates certificates={order.certificates} />
    </div>
  );
}

function CadTab({ order, onOpen, cadViewer }: { order: Order; onOpen: Open; cadViewer?: CadViewerSlot }) {
  const approve = useApproveCadDesign();
  // The version the customer is asked to confirm approving; nothing is sent until they do.
  const [confirming, setConfirming] = useState<CadDesign | null>(null);
  if (order.cad_designs.length === 0) {
    return (
      <EmptyState
        icon={<Box />}
        title="No CAD designs yet"
        description="Your jeweller uploads CAD renderings once the advance payment is confirmed. You will be notified to review them here."
        className="py-10"
      />
    );
  }
  const versions = [...order.cad_designs].sort((a, b) => b.version - a.version);
  const onApprove = (cad: CadDesign) =>
    approve.mutate(cad.id, {
      onSuccess: () => {
        setConfirming(null);
        toast({ title: "CAD design approved", description: "Your approval has been recorded. The manufacturing process will begin soon." });
      },
      onError: (err) => {
        setConfirming(null);
        toastFailure(err, "Failed to approve CAD design. Please try again.");
      },
    });
  return (
    <div className="flex flex-col gap-4">
      {cadViewer && <cadViewer.Compare order={order} />}
      <ul className="flex flex-col gap-5" aria-label="CAD designs">
      {versions.map((cad) => {
        const images: LightboxImage[] = cad.images.length > 0 ? cad.images : cad.image ? [{ id: cad.id, image: cad.image }] : [];
        const cover = cad.images[0];
        // Only the newest unapproved version (the server refuses the others).
        const canApprove = cad.status === "pending_approval" && order.status === "cad_design";
        // With the viewer's slot, every rendering and the 3D model take the card's full width, above the details.
        const media = cadViewer ? (
          <cadViewer.Media order={order} cad={cad} onOpenImages={onOpen} />
        ) : images.length > 0 ? (
          <button
            type="button"
            onClick={() => onOpen(images, 0, `CAD design, version ${cad.version}`)}
            aria-label={`View CAD version ${cad.version} in full size`}
            className="group relative aspect-[4/3] w-full shrink-0 cursor-zoom-in overflow-hidden rounded-md bg-surface-muted sm:w-56"
          >
            <img src={cover ? cover.preview ?? cover.thumbnail : cad.image ?? ""} alt="" className="size-full object-cover" />
            <span className="absolute bottom-2 right-2 flex size-8 items-center justify-center rounded-full bg-surface/90 shadow">
              <Maximize2 className="size-4" aria-hidden />
            </span>
          </button>
        ) : (
          <div className="flex aspect-[4/3] w-full shrink-0 items-center justify-center rounded-md bg-surface-muted text-accent sm:w-56">
            <Gem className="size-8" aria-hidden />
          </div>
        );
        return (
          <li key={cad.id} className={cn("flex flex-col gap-4 rounded-[var(--radius-card)] border border-border p-4", !cadViewer && "sm:flex-row")} data-testid="cad-design">
            {media}
            <div className="flex min-w-0 flex-1 flex-col gap-2">
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="font-sans text-base font-medium">Version {cad.version}</h3>
                <CadStatusBadge status={cad.status} />
              </div>
              <p className="text-xs text-muted">
                Uploaded <time dateTime={cad.created_at}>{formatDateTime(cad.created_at)}</time>
                {cad.images.length > 1 && ` · ${cad.images.length} renderings`}
              </p>
              {cad.description && <p className="whitespace-pre-line text-sm leading-relaxed">{cad.description}</p>}
              {cad.model && (
                <a href={cad.model.url} download={cad.model.file_name} className="inline-flex items-center gap-1.5 self-start text-sm text-accent-strong underline-offset-4 hover:underline">
                  <Box className="size-4" aria-hidden /> 3D model ({cad.model.format.toUpperCase()}, {formatFileSize(cad.model.size)})
                </a>
              )}
              {canApprove && (
                <Button className="mt-auto self-start" onClick={() => setConfirming(cad)} loading={approve.isPending && approve.variables === cad.id} disabled={approve.isPending}>
                  <CheckCircle2 aria-hidden /> Approve CAD Design
                </Button>
              )}
              {canApprove && (
                <p className="text-xs text-muted">Want changes? Ask in the Comments tab and your designer uploads a new version.</p>
              )}
            </div>
          </li>
        );
      })}
      </ul>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && !approve.isPending && setConfirming(null)}
        title={confirming ? `Approve version ${confirming.version}?` : ""}
        description="Your jeweller starts making your piece from this version, and no new versions follow. If you want changes, ask in the Comments tab instead."
        confirmLabel="Approve"
        cancelLabel="Not yet"
        confirmVariant="primary"
        loading={approve.isPending}
        onConfirm={() => confirming && onApprove(confirming)}
      />
    </div>
  );
}

const commentResolver = zodResolver(commentInputSchema);

function CommentsTab({ order }: { order: Order }) {
  const id = useId();
  const add = useAddComment();
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: commentResolver, defaultValues: { text: "" } });
  useMarkConversationRead(order.id, order.comments.at(-1)?.id);
  // Spec §5: blank text after trimming is not sent (the button waits for a word).
  const blank = useWatch({ control, name: "text" }).trim() === "";

  async function onSubmit({ text }: { text: string }) {
    try {
      await add.mutateAsync({ orderId: order.id, text });
      reset({ text: "" });
      toast({ title: "Comment added." });
    } catch (err) {
      if (applyServerErrors(err, setError, ["text"])) return;
      toast({ variant: "destructive", title: "Error", description: "Failed to add comment. Please try again." });
    }
  }

  return (
    <div className="flex flex-col gap-6">
      {order.comments.length === 0 ? (
        <EmptyState icon={<MessageSquare />} title="No comments yet. Start the conversation!" description="Ask your jeweller anything about this piece, or request changes to a CAD design." className="py-10" />
      ) : (
        <ol className="flex flex-col gap-4" aria-label="Comments">
          {order.comments.map((c) => {
            const staff = c.user.role !== "customer";
            const name = personName(c.user);
            return (
              <li key={c.id} className={cn("flex gap-3", !staff && "flex-row-reverse text-right")}>
                <Avatar initials={staff ? personInitials(c.user) : "ME"} />
                <div className={cn("flex min-w-0 max-w-[85%] flex-col gap-1 rounded-lg px-4 py-3", staff ? "bg-surface-muted" : "bg-accent-soft/60")}>
                  <p className={cn("flex flex-wrap items-baseline gap-x-2 text-xs text-muted", !staff && "justify-end")}>
                    <span className="font-medium text-foreground">{name}</span>
                    <time dateTime={c.created_at} title={formatDateTime(c.created_at)}>
                      {formatRelative(c.created_at)}
                    </time>
                  </p>
                  <p className="whitespace-pre-line break-words text-left text-sm">{c.text}</p>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <form onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-2 border-t border-border pt-4">
        <Field id={id} label="Your message" error={errors.text?.message}>
          <Textarea id={id} maxLength={5000} rows={3} placeholder="Write to your jeweller…" {...fieldAria(id, errors.text?.message)} {...register("text")} />
        </Field>
        <div className="flex items-center justify-between gap-3">
          <Link to={paths.dashboard.message.getHref(order.id)} className="text-sm text-accent-strong underline-offset-4 hover:underline">
            Open in Messages (attach photos or PDFs)
          </Link>
          <Button type="submit" disabled={blank} loading={isSubmitting}>
            {!isSubmitting && <Send aria-hidden />} Send Message
          </Button>
        </div>
      </form>
    </div>
  );
}

function HistoryTab({ events }: { events: Order["events"] }) {
  if (events.length === 0) return <EmptyState icon={<History />} title="No order activity found." className="py-10" />;
  const newestFirst = [...events].sort((a, b) => b.created_at.localeCompare(a.created_at));
  return (
    <ol className="relative flex flex-col gap-6 border-l border-border pl-6" aria-label="Order history">
      {newestFirst.map((e) => {
        const tone = e.to_status ? ORDER_STATUS_INFO[e.to_status].tone : "neutral";
        return (
          <li key={e.id} className="relative" data-testid="history-event">
            <span className={cn("absolute -left-[1.8rem] top-1.5 size-3 rounded-full ring-4 ring-surface", e.type === "comment" ? "bg-info" : TONE_DOT[tone])} aria-hidden />
            <p className="font-medium">{orderEventTitle(e, "customer")}</p>
            {e.note && <p className="mt-0.5 whitespace-pre-line text-sm text-foreground/80">{e.note}</p>}
            <p className="mt-1 text-xs text-muted">
              by {personName(e.actor)} ·{" "}
              <time dateTime={e.created_at} title={formatDateTime(e.created_at)}>
                {formatRelative(e.created_at)}
              </time>
            </p>
          </li>
        );
      })}
    </ol>
  );
}
