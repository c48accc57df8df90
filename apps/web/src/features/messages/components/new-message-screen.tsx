import { zodResolver } from "@hookform/resolvers/zod";
import { MAX_MESSAGE_LENGTH, orderMessageFormSchema, SUPPORT_REQUIRED_MESSAGE } from "@atelier/contract";
import { ArrowLeft, Package, Send } from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate, useSearchParams } from "react-router";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, fieldAria } from "@/components/ui/field";
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

const orderMessageResolver = zodResolver(orderMessageFormSchema);

function OrderMessageForm({ initialOrder, onSent }: { initialOrder: string; onSent: (conversationId: string) => void }) {
  const id = useId();
  const topics = useTopics();
  const send = useSendMessage();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: orderMessageResolver, defaultValues: { order_id: initialOrder, text: "" } });
  // A missing field is told in one sentence under the form (spec §5); a refusal of the text under it.
  const missing = Object.values(errors).some((e) => e.message === SUPPORT_REQUIRED_MESSAGE);
  const textError = errors.text?.message === SUPPORT_REQUIRED_MESSAGE ? undefined : errors.text?.message;
  const error = missing ? SUPPORT_REQUIRED_MESSAGE : errors.root?.message;

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

  async function submit({ order_id, text }: { order_id: string; text: string }) {
    try {
      await send.mutateAsync({ conversationId: order_id, text, files: [] });
      onSent(order_id);
    } catch (err) {
      const refused = err instanceof ApiError ? err.field("text") : undefined;
      if (refused) setError("text", { type: "server", message: refused });
      else setError("root", { type: "server", message: errorMessage(err, "Failed to send the message. Please try again.") });
    }
  }

  return (
    <form onSubmit={handleSubmit(submit)} noValidate className="flex flex-col gap-5">
      <Field id={`${id}-order`} label="Order" required>
        <NativeSelect id={`${id}-order`} {...fieldAria(`${id}-order`, undefined, { invalid: Boolean(errors.order_id) })} {...register("order_id")}>
          <option value="">Choose an order</option>
          {topics.data.orders.map((o) => (
            <option key={o.id} value={o.id}>
              {o.order_number} · {o.design_name}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field id={`${id}-text`} label="Message" required error={textError}>
        <Textarea
          id={`${id}-text`}
          rows={5}
          maxLength={MAX_MESSAGE_LENGTH}
          {...fieldAria(`${id}-text`, textError, { invalid: Boolean(errors.text) })}
          {...register("text")}
        />
      </Field>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <Button type="submit" className="self-start" loading={isSubmitting}>
        {!isSubmitting && <Send />} Send Message
      </Button>
    </form>
  );
}
