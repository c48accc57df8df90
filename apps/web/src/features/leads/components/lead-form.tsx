import type { LeadSource } from "@atelier/contract";
import { LEAD_FORM_ACTION, LEAD_FORM_RESULTS, PHONE_INPUT_PATTERN, type LeadFormResult } from "@atelier/contract/lead-form";
import { clsx } from "clsx";
import { Loader2, Send } from "lucide-react";
import { useRef, useState, type FormEvent } from "react";
import { buttonVariants } from "@/components/ui/button-variants";
import { Field, fieldAria } from "@/components/ui/field";
import { fieldBase } from "@/components/ui/field-styles";
import { toast } from "@/components/ui/use-toast";
import { ApiError, errorMessage } from "@/lib/api-client";
import { useHydrated } from "@/lib/use-hydrated";
import { createLead } from "../api/create-lead";
import type { LeadFieldErrors, LeadFieldName, LeadFormChecks } from "./lead-form-checks";

const inputClass = `${fieldBase} h-11 py-2`;
const text = (data: FormData, name: string) => {
  const v = data.get(name);
  return typeof v === "string" ? v : "";
};

/** What the server's answer to the plain form post says, shown when the page opens at its fragment (:target). */
const RESULT_NOTICES: Record<LeadFormResult, { title: string; text: string; tone: "success" | "destructive" }> = {
  [LEAD_FORM_RESULTS.sent]: { title: "Thank you, we have your message", text: "A designer will reply within 24 hours.", tone: "success" },
  [LEAD_FORM_RESULTS.notSent]: {
    title: "Your message was not sent",
    text: "Please check your name, e-mail address and phone number, and send it again.",
    tone: "destructive",
  },
  [LEAD_FORM_RESULTS.throttled]: {
    title: "Your message was not sent",
    text: "You have sent several messages in a short time. Please wait a few minutes and try again.",
    tone: "destructive",
  },
};

/**
 * An enquiry: name, e-mail, phone and design idea (the contact page and the landing page).
 * Stored as a lead and e-mailed to the atelier.
 *
 * It works from first paint (decision 004): the fields are uncontrolled, so the browser keeps
 * what was typed before hydration, and until the page is hydrated it is a plain form, checked by
 * the browser and posted to the server, which answers with a redirect back here and a notice.
 * Once hydrated, the form checks and sends itself, with react-hook-form and the contract's
 * schema, loaded when the visitor first focuses or types into the form (decision 005).
 */
export function LeadForm({ source, submitLabel = "Send", idPrefix = source }: { source: LeadSource; submitLabel?: string; idPrefix?: string }) {
  const hydrated = useHydrated();
  const [errors, setErrors] = useState<LeadFieldErrors>({});
  const [pending, setPending] = useState(false);
  const checks = useRef<Promise<LeadFormChecks> | null>(null);
  const id = (name: string) => `${idPrefix}-${name}`;

  function loadChecks(form: HTMLFormElement): Promise<LeadFormChecks> {
    checks.current ??= import("./lead-form-checks").then(
      (m) => m.bindLeadForm(form, setErrors),
      (err: unknown) => {
        checks.current = null; // try again on the next focus or submit
        throw err;
      },
    );
    return checks.current;
  }
  const prepare = (e: { currentTarget: HTMLFormElement }) => void loadChecks(e.currentTarget).catch(() => undefined);

  const bind = (name: LeadFieldName, hint?: boolean) => ({ id: id(name), name, ...fieldAria(id(name), errors[name], { hint }) });

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    let lead: LeadFormChecks;
    try {
      lead = await loadChecks(form);
    } catch {
      toast({ variant: "destructive", title: "Your message was not sent", description: "Please check your connection and try again." });
      return;
    }
    await lead.submit(async (values) => {
      const website = text(new FormData(form), "website");
      setPending(true);
      try {
        const sent = await createLead({ ...values, source, ...(website && { website }) });
        form.reset();
        lead.clear();
        toast({ title: "Thank you, we have your message", description: `A designer will reply to ${sent.email} within 24 hours.` });
      } catch (err) {
        const highlighted = err instanceof ApiError && err.status === 400 && lead.showServerErrors(err);
        const description =
          err instanceof ApiError && err.status === 429
            ? "You have sent several messages in a short time. Please wait a few minutes and try again."
            : highlighted
              ? "Please check the highlighted fields."
              : errorMessage(err, "Please check your connection and try again.");
        toast({ variant: "destructive", title: "Your message was not sent", description });
      } finally {
        setPending(false);
      }
    });
  }

  return (
    <form
      method="post"
      action={LEAD_FORM_ACTION}
      // Before hydration the browser checks the fields (required, e-mail, phone pattern); after it, the form does, with its own messages.
      noValidate={hydrated}
      onSubmit={(e) => void onSubmit(e)}
      onFocus={prepare}
      onInput={prepare}
      className="grid gap-5 sm:grid-cols-2"
      aria-label={source === "contact" ? "Contact form" : "Share your design idea"}
    >
      {Object.entries(RESULT_NOTICES).map(([result, notice]) => (
        <div
          key={result}
          id={result}
          className={clsx(
            "hidden scroll-mt-24 rounded-md border p-4 text-sm target:block sm:col-span-2",
            notice.tone === "success" ? "border-success/30 bg-success-soft" : "border-destructive/30 bg-destructive-soft",
          )}
        >
          <p>
            <strong className={clsx("font-medium", notice.tone === "success" ? "text-success" : "text-destructive")}>{notice.title}.</strong> {notice.text}
          </p>
        </div>
      ))}
      <input type="hidden" name="source" value={source} />
      <Field id={id("name")} label="Name" required error={errors.name}>
        <input className={inputClass} {...bind("name")} autoComplete="name" required maxLength={120} />
      </Field>
      <Field id={id("email")} label="Email" required error={errors.email}>
        <input className={inputClass} {...bind("email")} type="email" autoComplete="email" required maxLength={254} placeholder="you@example.com" />
      </Field>
      <Field id={id("phone")} label="Phone" error={errors.phone} className="sm:col-span-2" hint="Optional. We call only if you would like us to.">
        <input
          className={inputClass}
          {...bind("phone", true)}
          type="tel"
          autoComplete="tel"
          maxLength={40}
          pattern={PHONE_INPUT_PATTERN}
          placeholder="+91 98765 43210"
        />
      </Field>
      <Field id={id("design_idea")} label="Design idea" error={errors.design_idea} className="sm:col-span-2">
        <textarea
          className={`${fieldBase} min-h-24 py-2.5 leading-relaxed`}
          {...bind("design_idea")}
          rows={5}
          maxLength={2000}
          placeholder="The piece, the metal, the stones, the occasion, a link to something you love..."
        />
      </Field>
      {/* Honeypot: invisible to people and assistive technology; bots fill it in. */}
      <div aria-hidden className="absolute -left-[10000px] top-auto size-px overflow-hidden">
        <label htmlFor={id("website")}>Leave this field empty</label>
        <input id={id("website")} name="website" type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <div className="flex flex-col items-start gap-3 sm:col-span-2 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-xs text-muted">We reply within 24 hours and never share your details.</p>
        <button type="submit" disabled={pending} aria-busy={pending || undefined} className={`${buttonVariants({ size: "lg" })} w-full sm:w-auto`}>
          {pending ? <Loader2 className="animate-spin" aria-hidden /> : <Send aria-hidden />}
          {pending ? "Sending..." : submitLabel}
        </button>
      </div>
    </form>
  );
}
