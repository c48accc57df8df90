import { MAX_MESSAGE_LENGTH } from "@atelier/contract";
import { ArrowLeft, Package, Send } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { NativeSelect, Textarea } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { EmptyState, ErrorState } from "@/components/ui/states";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { paths } from "@/config/paths";
import { ApiError, errorMessage } from "@/lib/api-client";
import { useTopics } from "../api/get-topics";
import { useSendMessage } from "../api/send-message";
import { SupportForm } from "./support-form";

/** /dashboard/messages/new: a conversation about one of the customer's orders, or a support request. */
export function NewMessageScreen() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [tab, setTab] = useState(params.get("about") === "support" ? "support" : "order");
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <Link to={paths.dashboard.messages.getHref()} className="inline-flex w-fit items-center gap-2 text-sm text-muted hover:text-foreground">
        <ArrowLeft className="size-4" aria-hidden /> Messages
      </Link>
      <div className="flex flex-col gap-2">
        <p className="eyebrow">Messages</p>
        <h1 className="text-4xl sm:text-5xl">New Message</h1>
        <p className="text-muted">Write to the jewellers working on one of your orders, or ask our support team anything else.</p>
      </div>
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList>
          <TabsTrigger value="order">About an order</TabsTrigger>
          <TabsTrigger value="support">Support request</TabsTrigger>
        </TabsList>
        <TabsContent value="order">
          <Card className="p-6 sm:p-8">
            <OrderMessageForm initialOrder={params.get("order") ?? ""} onSent={(id) => void navigate(paths.dashboard.message.getHref(id))} />
          </Card>
        </TabsContent>
        <TabsContent value="support">
          <Card className="p-6 sm:p-8">
            <SupportForm idPrefix="new-ticket" onCreated={(t) => void navigate(paths.dashboard.message.getHref(t.id))} />
          </Card>
        </TabsContent>
      </Tabs>
    </div>
  );
}

function OrderMessageForm({ initialOrder, onSent }: { initialOrder: string; onSent: (conversationId: string) => void }) {
  const id = useId();
  const topics = useTopics();
  const send = useSendMessage();
  const [orderId, setOrderId] = useState(initialOrder);
  const [text, setText] = useState("");
  const [error, setError] = useState<string | undefined>();

  if (topics.isPending) return <Skeleton className="h-48 w-full" aria-label="Loading your orders" />;
  if (topics.isError) return <ErrorState message="Failed to load your orders. Please try again." onRetry={() => void topics.refetch()} />;
  if (topics.data.orders.length === 0) {
    return (
      <EmptyState
        icon={<Package />}
        title="No orders found"
        description="Once you submit a design it becomes an order you can talk about here. For anything else, send a support request."
        action={
          <Button asChild>
            <Link to={paths.dashboard.newDesign.getHref()}>Start a Design</Link>
          </Button>
        }
      />
    );
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const value = text.trim();
    if (!orderId || !value) {
      setError("Please fill out all required fields.");
      return;
    }
    setError(undefined);
    send.mutate(
      { conversationId: orderId, text: value, files: [] },
      {
        onSuccess: () => onSent(orderId),
        onError: (err) => setError(err instanceof ApiError && err.field("text") ? err.field("text") : errorMessage(err, "Failed to send the message. Please try again.")),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      <Field id={`${id}-order`} label="Order" required>
        <NativeSelect id={`${id}-order`} value={orderId} onChange={(e) => setOrderId(e.target.value)}>
          <option value="">Choose an order</option>
          {topics.data.orders.map((o) => (
            <option key={o.id} value={o.id}>
              {o.order_number} · {o.design_name}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field id={`${id}-text`} label="Message" required>
        <Textarea id={`${id}-text`} rows={5} maxLength={MAX_MESSAGE_LENGTH} value={text} onChange={(e) => setText(e.target.value)} />
      </Field>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <Button type="submit" className="self-start" loading={send.isPending}>
        {!send.isPending && <Send />} Send Message
      </Button>
    </form>
  );
}
