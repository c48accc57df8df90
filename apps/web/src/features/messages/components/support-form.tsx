import { zodResolver } from "@hookform/resolvers/zod";
import { SUPPORT_CATEGORIES, SUPPORT_CATEGORY_LABELS, SUPPORT_REQUIRED_MESSAGE, ticketInputSchema, type TicketCreated, type TicketInput } from "@atelier/contract";
import { Send } from "lucide-react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Field, fieldAria } from "@/components/ui/field";
import { Input, NativeSelect, Textarea } from "@/components/ui/input";
import { InlineAlert } from "@/components/ui/states";
import { toast } from "@/components/ui/use-toast";
import { errorMessage } from "@/lib/api-client";
import { applyServerErrors } from "@/lib/form-errors";
import { useCreateTicket } from "../api/tickets";

const resolver = zodResolver(ticketInputSchema);
const FIELDS = ["subject", "category", "message"] as const;

/** The support form (spec: subject, message, category, all required): stored as a ticket and acknowledged by e-mail. */
export function SupportForm({ onCreated, idPrefix = "support" }: { onCreated?: (ticket: TicketCreated) => void; idPrefix?: string }) {
  const create = useCreateTicket();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, submitCount },
  } = useForm<TicketInput>({ resolver, defaultValues: { subject: "", message: "", category: "" as TicketInput["category"] } });
  const missing = submitCount > 0 && Object.keys(errors).length > 0;
  const id = (name: string) => `${idPrefix}-${name}`;

  const submit = handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: (ticket) => {
        reset();
        toast({ title: "Message sent", description: `Your request is ticket ${ticket.number}. We have e-mailed you a copy and reply within 24 hours.` });
        onCreated?.(ticket);
      },
      onError: (err) => {
        if (!applyServerErrors(err, setError, FIELDS)) {
          toast({ variant: "destructive", title: "Error", description: errorMessage(err, "Your message could not be sent. Please try again.") });
        }
      },
    }),
  );

  // One sentence for the whole form (spec §5); the fields are marked.
  const fieldError = (name: (typeof FIELDS)[number]) => (errors[name] && errors[name].message !== SUPPORT_REQUIRED_MESSAGE ? errors[name].message : undefined);

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-5" aria-label="Contact support">
      {missing && <InlineAlert testId="support-required">{SUPPORT_REQUIRED_MESSAGE}</InlineAlert>}
      <Field id={id("subject")} label="Subject" required error={fieldError("subject")}>
        <Input id={id("subject")} maxLength={200} {...register("subject")} {...fieldAria(id("subject"), fieldError("subject"), { invalid: Boolean(errors.subject) })} />
      </Field>
      <Field id={id("category")} label="Category" required error={fieldError("category")}>
        <NativeSelect id={id("category")} {...register("category")} {...fieldAria(id("category"), fieldError("category"), { invalid: Boolean(errors.category) })}>
          <option value="">Choose a category</option>
          {SUPPORT_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {SUPPORT_CATEGORY_LABELS[c]}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field id={id("message")} label="Message" required error={fieldError("message")}>
        <Textarea id={id("message")} rows={5} maxLength={5000} {...register("message")} {...fieldAria(id("message"), fieldError("message"), { invalid: Boolean(errors.message) })} />
      </Field>
      <Button type="submit" className="self-start" loading={create.isPending}>
        {!create.isPending && <Send />} Send Message
      </Button>
    </form>
  );
}
