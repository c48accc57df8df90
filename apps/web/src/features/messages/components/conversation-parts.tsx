import { TICKET_STATUS_LABELS, withRole, type ConversationSummary, type Sender, type TicketStatus, type Tone } from "@atelier/contract";
import { Headset, Package, Paperclip } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/cn";
import { formatDateTime, formatRelative } from "@/lib/format";

const TICKET_TONE: Record<TicketStatus, Tone> = { open: "gold", answered: "green", closed: "neutral" };

export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  return <Badge tone={TICKET_TONE[status]}>{TICKET_STATUS_LABELS[status]}</Badge>;
}

/** "Priya Shah" for customers; "Ravi Menon (support)" for staff (spec: designer, support, admin), as everywhere. */
export function senderLabel(sender: Sender): string {
  if (sender.is_me) return "You";
  return withRole(sender.name, sender.role);
}

export function senderInitials(sender: Sender): string {
  const i = `${sender.first_name.trim()[0] ?? ""}${sender.last_name.trim()[0] ?? ""}`.toUpperCase();
  return i || sender.name.slice(0, 2).toUpperCase();
}

export function RelativeTime({ iso, className }: { iso: string; className?: string }) {
  return (
    <time dateTime={iso} title={formatDateTime(iso)} className={className}>
      {formatRelative(iso)}
    </time>
  );
}

/** One conversation in a list: unread dot, title, what it is about, the last message's sender and preview, when. */
export function ConversationRow({ c, href, showCustomer = false }: { c: ConversationSummary; href: string; showCustomer?: boolean }) {
  const last = c.last_message;
  const preview = last ? last.preview || (last.attachments > 0 ? `Sent ${last.attachments === 1 ? "a file" : `${last.attachments} files`}` : "") : "";
  return (
    <li data-testid="conversation-row" data-unread={c.unread || undefined}>
      <Link
        to={href}
        className={cn(
          "flex gap-4 px-4 py-4 transition-colors hover:bg-surface-muted focus-visible:bg-surface-muted sm:px-6",
          c.unread && "bg-accent-soft/30",
        )}
      >
        <span className="relative mt-0.5 flex size-10 shrink-0 items-center justify-center rounded-full border border-border bg-surface text-accent-strong">
          {c.kind === "ticket" ? <Headset className="size-5" aria-hidden /> : <Package className="size-5" aria-hidden />}
          {c.unread && (
            <span data-testid="unread-dot" className="absolute -right-0.5 -top-0.5 size-3 rounded-full bg-destructive ring-2 ring-surface">
              <span className="sr-only">Unread</span>
            </span>
          )}
        </span>
        <span className="flex min-w-0 flex-1 flex-col gap-1">
          <span className="flex items-baseline gap-3">
            <span className={cn("truncate text-base", c.unread ? "font-semibold" : "font-medium")}>{c.title}</span>
            {last && <RelativeTime iso={last.created_at} className="ml-auto shrink-0 text-xs text-muted" />}
          </span>
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted">
            {c.order && <span className="font-mono">{c.order.order_number}</span>}
            {c.ticket && (
              <>
                <span className="font-mono">{c.ticket.number}</span>
                <TicketStatusBadge status={c.ticket.status} />
              </>
            )}
            {showCustomer && <span>· {c.customer.name}</span>}
            {showCustomer && c.unanswered && <Badge tone="garnet">Awaiting reply</Badge>}
          </span>
          {last && (
            <span className="flex min-w-0 items-center gap-1.5 text-sm text-foreground/80">
              <span className="shrink-0 font-medium">{senderLabel(last.sender)}:</span>
              {last.attachments > 0 && <Paperclip className="size-3.5 shrink-0 text-muted" aria-label="With attachments" />}
              <span className="truncate">{preview}</span>
            </span>
          )}
        </span>
      </Link>
    </li>
  );
}

export function ConversationListSkeleton({ label }: { label: string }) {
  return (
    <Card className="divide-y divide-border" aria-busy="true" aria-label={label}>
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="flex gap-4 px-4 py-4 sm:px-6">
          <Skeleton className="size-10 shrink-0 rounded-full" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-5 w-1/3" />
            <Skeleton className="h-3 w-1/4" />
            <Skeleton className="h-4 w-2/3" />
          </div>
        </div>
      ))}
    </Card>
  );
}
