import { SUPPORT_CATEGORY_LABELS, withRole, type Attachment, type Conversation, type Message } from "@atelier/contract";
import { ArrowLeft, CheckCheck, FileText, MessageSquare, RotateCcw, XCircle } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { EmptyState, ErrorState } from "@/components/ui/states";
import { toast } from "@/components/ui/use-toast";
import { paths } from "@/config/paths";
import { ApiError, errorMessage } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { formatFileSize } from "@/lib/format";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useThread } from "../api/get-thread";
import { useSetTicketState } from "../api/tickets";
import { Composer } from "./composer";
import { RelativeTime, senderInitials, senderLabel, TicketStatusBadge } from "./conversation-parts";

/** A conversation and its composer; `staffView` adds the ticket's close and reopen and links back to the inbox. */
export function ThreadScreen({ id, staffView = false }: { id: string; staffView?: boolean }) {
  const thread = useThread(id);
  const back = staffView ? paths.staff.messages.getHref() : paths.dashboard.messages.getHref();
  useDocumentTitle(thread.data ? thread.data.title : "Messages");

  if (thread.isPending) {
    return (
      <div className="flex flex-col gap-6" aria-busy="true" aria-label="Loading the conversation">
        <Skeleton className="h-5 w-32" />
        <Skeleton className="h-10 w-2/3" />
        <Card className="flex flex-col gap-4 p-6">
          {[0, 1, 2].map((i) => (
            <div key={i} className={cn("flex gap-3", i % 2 === 1 && "flex-row-reverse")}>
              <Skeleton className="size-9 shrink-0 rounded-full" />
              <Skeleton className="h-16 w-2/3" />
            </div>
          ))}
        </Card>
      </div>
    );
  }
  if (thread.isError) {
    const notFound = thread.error instanceof ApiError && thread.error.status === 404;
    return notFound ? (
      <EmptyState
        icon={<MessageSquare />}
        title="Conversation not found"
        description="The conversation you are looking for does not exist or you do not have access to it."
        action={
          <Button asChild variant="secondary">
            <Link to={back}>Back to Messages</Link>
          </Button>
        }
      />
    ) : (
      <ErrorState message="Failed to load the conversation. Please try again." onRetry={() => void thread.refetch()} />
    );
  }
  return <Thread c={thread.data} back={back} staffView={staffView} />;
}

function Thread({ c, back, staffView }: { c: Conversation; back: string; staffView: boolean }) {
  const end = useRef<HTMLDivElement>(null);
  const count = c.messages.length;
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: "nearest" });
  }, [count]);
  const closed = c.ticket?.status === "closed";

  return (
    <div className="flex flex-col gap-6">
      <Link to={back} className="inline-flex w-fit items-center gap-2 text-sm text-muted hover:text-foreground">
        <ArrowLeft className="size-4" aria-hidden /> Messages
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex min-w-0 flex-col gap-2">
          <p className="eyebrow">{c.kind === "ticket" ? "Support request" : "Order conversation"}</p>
          <h1 className="break-words text-3xl sm:text-4xl">{c.title}</h1>
          <p className="flex flex-wrap items-center gap-2 text-sm text-muted">
            {c.order && (
              <Link
                to={staffView ? paths.staff.order.getHref(c.order.id) : paths.dashboard.order.getHref(c.order.id)}
                className="font-mono text-accent-strong underline-offset-4 hover:underline"
              >
                {c.order.order_number}
              </Link>
            )}
            {c.ticket && (
              <>
                <span className="font-mono">{c.ticket.number}</span>
                <span>· {SUPPORT_CATEGORY_LABELS[c.ticket.category]}</span>
                <TicketStatusBadge status={c.ticket.status} />
              </>
            )}
          </p>
          {staffView && (
            <p className="text-sm text-muted">
              {c.customer.name}
              {c.customer.email && ` · ${c.customer.email}`}
            </p>
          )}
        </div>
        {staffView && c.ticket && <TicketActions id={c.id} closed={closed} />}
      </div>

      <Card className="flex flex-col">
        {count === 0 ? (
          <EmptyState icon={<MessageSquare />} title="No comments yet. Start the conversation!" className="py-10" />
        ) : (
          <ol className="flex flex-col gap-5 p-4 sm:p-6" aria-label="Messages">
            {c.messages.map((m) => (
              <MessageItem key={m.id} m={m} />
            ))}
          </ol>
        )}
        <SeenMarker c={c} staffView={staffView} />
        <div ref={end} />
        <div className="border-t border-border p-4 sm:p-6">
          {closed && (
            <p className="mb-3 rounded-md border border-border bg-surface-muted px-4 py-3 text-sm text-muted" data-testid="closed-note">
              {staffView ? "This ticket is closed. A reply reopens it." : "This request is closed. Writing to us reopens it."}
            </p>
          )}
          <Composer conversationId={c.id} label={staffView ? "Reply to the customer" : "Your message"} placeholder={staffView ? "Write a reply…" : "Write a message…"} />
        </div>
      </Card>
    </div>
  );
}

function MessageItem({ m }: { m: Message }) {
  const mine = m.sender.is_me;
  return (
    <li className={cn("flex gap-3", mine && "flex-row-reverse")} data-testid="message">
      <Avatar initials={senderInitials(m.sender)} className="size-9 shrink-0" />
      <div className={cn("flex min-w-0 max-w-[85%] flex-col gap-2 rounded-[var(--radius-card)] px-4 py-3", mine ? "bg-accent-soft/70" : "bg-surface-muted")}>
        <p className={cn("flex flex-wrap items-baseline gap-x-2 text-xs text-muted", mine && "justify-end")}>
          <span className="font-medium text-foreground" data-testid="message-sender">
            {senderLabel(m.sender)}
          </span>
          <RelativeTime iso={m.created_at} />
        </p>
        {m.text && <p className="whitespace-pre-line break-words text-sm">{m.text}</p>}
        {m.attachments.length > 0 && (
          <ul className={cn("flex flex-wrap gap-2", mine && "justify-end")} aria-label="Attachments">
            {m.attachments.map((a) => (
              <AttachmentItem key={a.id} a={a} />
            ))}
          </ul>
        )}
      </div>
    </li>
  );
}

function AttachmentItem({ a }: { a: Attachment }) {
  return (
    <li data-testid="attachment">
      <a href={a.url} target="_blank" rel="noreferrer" className="group block rounded-md focus-visible:outline-2" title={a.file_name}>
        {a.thumbnail ? (
          <img src={a.thumbnail} alt={a.file_name} className="size-24 rounded-md border border-border object-cover transition-opacity group-hover:opacity-90" loading="lazy" />
        ) : (
          <span className="flex items-center gap-2 rounded-md border border-border bg-surface px-3 py-2 text-xs">
            <FileText className="size-4 text-accent-strong" aria-hidden />
            <span className="max-w-40 truncate font-medium">{a.file_name}</span>
            <span className="text-muted">{formatFileSize(a.size)}</span>
          </span>
        )}
      </a>
    </li>
  );
}

/** Under my last message: who has read it (staff see the customer; customers see which staff). */
function SeenMarker({ c, staffView }: { c: Conversation; staffView: boolean }) {
  const lastMine = [...c.messages].reverse().find((m) => m.sender.is_me);
  if (!lastMine || c.messages.at(-1)?.id !== lastMine.id) return null;
  const readers = c.reads.filter((r) => !r.is_me && r.last_read_seq >= lastMine.seq);
  if (readers.length === 0) return null;
  const text = staffView
    ? readers.some((r) => r.is_customer)
      ? "Seen by the customer"
      : `Seen by ${readers.map((r) => withRole(r.name, r.role)).join(", ")}`
    : `Seen by ${readers.map((r) => (r.is_customer ? r.name : withRole(r.name, r.role))).join(", ")}`;
  return (
    <p className="flex items-center justify-end gap-1.5 px-6 pb-4 text-xs text-muted" data-testid="seen-marker">
      <CheckCheck className="size-3.5 text-success" aria-hidden /> {text}
    </p>
  );
}

function TicketActions({ id, closed }: { id: string; closed: boolean }) {
  const set = useSetTicketState();
  const act = (action: "close" | "reopen") =>
    set.mutate(
      { id, action },
      {
        onSuccess: (t) => toast({ title: action === "close" ? `Ticket ${t.number} closed` : `Ticket ${t.number} reopened` }),
        onError: (err) => toast({ variant: "destructive", title: "Error", description: errorMessage(err, "The ticket could not be changed. Please try again.") }),
      },
    );
  return closed ? (
    <Button variant="secondary" onClick={() => act("reopen")} loading={set.isPending}>
      {!set.isPending && <RotateCcw />} Reopen ticket
    </Button>
  ) : (
    <Button variant="secondary" onClick={() => act("close")} loading={set.isPending}>
      {!set.isPending && <XCircle />} Close ticket
    </Button>
  );
}
