import { zodResolver } from "@hookform/resolvers/zod";
import { commentInputSchema, ORDER_STATUS_INFO, orderEventTitle, personInitials, personLabel, type Order } from "@atelier/contract";
import { History, MessageSquare, Send } from "lucide-react";
import { useId } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { fieldAria } from "@/components/ui/field";
import { Textarea } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { ApiError, errorMessage } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { formatDateTime, formatRelative } from "@/lib/format";
import { useMarkConversationRead } from "@/lib/mark-conversation-read";
import { useStaffReply } from "../api/actions";
import { Panel } from "./panel";

const replyResolver = zodResolver(commentInputSchema);

/** The order's conversation with the customer, and the staff reply box. */
export function CommentsPanel({ order }: { order: Order }) {
  const id = useId();
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: replyResolver, defaultValues: { text: "" } });
  const text = useWatch({ control, name: "text" });
  const error = errors.text?.message;
  const reply = useStaffReply(order.id);
  const comments = [...order.comments].sort((a, b) => a.created_at.localeCompare(b.created_at));
  // The workbench shows the whole conversation: opening it reads it (the inbox's dot clears).
  useMarkConversationRead(order.id, comments.at(-1)?.id);

  async function submit(values: { text: string }) {
    try {
      await reply.mutateAsync(values.text);
      reset({ text: "" });
      toast({ title: "Reply sent", description: "The customer is notified." });
    } catch (err) {
      const message =
        err instanceof ApiError && err.field("text") ? err.field("text") : errorMessage(err, "The reply could not be sent. Please try again.");
      setError("text", { type: "server", message });
    }
  }

  return (
    <Panel
      icon={<MessageSquare />}
      title="Conversation"
      description={
        comments.length === 0
          ? "No messages yet."
          : `${comments.length === 1 ? "1 message" : `${comments.length} messages`} with the customer.`
      }
      testId="comments-panel"
    >
      {comments.length > 0 && (
        <ol className="flex max-h-[32rem] flex-col gap-4 overflow-y-auto pr-1" aria-label="Messages">
          {comments.map((c) => {
            const fromCustomer = c.user.role === "customer";
            return (
              <li key={c.id} className={cn("flex gap-3", !fromCustomer && "flex-row-reverse")} data-testid="comment">
                <Avatar initials={personInitials(c.user)} />
                <div
                  className={cn(
                    "flex min-w-0 max-w-[85%] flex-col gap-1 rounded-[var(--radius-card)] px-4 py-3",
                    fromCustomer ? "bg-surface-muted" : "bg-accent-soft/70",
                  )}
                >
                  <p className={cn("flex flex-wrap items-baseline gap-x-2 text-xs text-muted", !fromCustomer && "justify-end")}>
                    <span className="font-medium text-foreground">{personLabel(c.user)}</span>
                    <time dateTime={c.created_at} title={formatDateTime(c.created_at)}>
                      {formatRelative(c.created_at)}
                    </time>
                  </p>
                  <p className="whitespace-pre-line break-words text-sm">{c.text}</p>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <form onSubmit={handleSubmit(submit)} className="flex flex-col gap-2 border-t border-border pt-4">
        <label htmlFor={id} className="text-sm font-medium">
          Reply to the customer
        </label>
        <Textarea
          id={id}
          maxLength={5000}
          rows={3}
          placeholder="Write a reply…"
          {...fieldAria(id, error)}
          {...register("text")}
        />
        {error && (
          <p id={`${id}-error`} role="alert" className="text-xs text-destructive">
            {error}
          </p>
        )}
        <Button type="submit" className="self-end" disabled={text.trim() === "" || isSubmitting} loading={isSubmitting}>
          {!isSubmitting && <Send />} Send reply
        </Button>
      </form>
    </Panel>
  );
}

const TONE_DOT = { neutral: "bg-muted", gold: "bg-accent", blue: "bg-info", green: "bg-success", garnet: "bg-destructive" } as const;

/** Every event of the order, newest first, with who did it and when. */
export function HistoryPanel({ events }: { events: Order["events"] }) {
  const newestFirst = [...events].sort((a, b) => b.created_at.localeCompare(a.created_at));
  return (
    <Panel icon={<History />} title="History" testId="history-panel">
      {newestFirst.length === 0 ? (
        <p className="text-sm text-muted">No activity yet.</p>
      ) : (
        <ol className="relative ml-1.5 flex flex-col gap-5 border-l border-border pl-5" aria-label="Order history">
          {newestFirst.map((e) => (
            <li key={e.id} className="relative" data-testid="history-event">
              <span
                className={cn(
                  "absolute -left-[1.62rem] top-1.5 size-2.5 rounded-full ring-4 ring-surface",
                  e.to_status ? TONE_DOT[ORDER_STATUS_INFO[e.to_status].tone] : e.type === "comment" ? "bg-info" : "bg-accent",
                )}
                aria-hidden
              />
              <p className="text-sm font-medium">{orderEventTitle(e, "staff")}</p>
              {e.note && <p className="mt-0.5 whitespace-pre-line break-words text-sm text-foreground/80">{e.note}</p>}
              <p className="mt-1 text-xs text-muted">
                {personLabel(e.actor)}{" "}
                · <time dateTime={e.created_at}>{formatDateTime(e.created_at)}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}
