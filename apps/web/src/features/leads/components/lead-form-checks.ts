import { zodResolver } from "@hookform/resolvers/zod";
import { leadFieldsSchema, type LeadFields } from "@atelier/contract/leads";
import { createFormControl } from "react-hook-form";
import { applyServerErrors } from "@/lib/form-errors";

/*
 * The lead form's checks, loaded when a visitor first focuses or types into the form (decision
 * 005): react-hook-form and the contract's schema would take the landing page over its
 * JavaScript budget if they came with the page.
 */

export const LEAD_FIELDS = ["name", "email", "phone", "design_idea"] as const;
export type LeadFieldName = (typeof LEAD_FIELDS)[number];
export type LeadFieldErrors = Partial<Record<LeadFieldName, string>>;

const resolver = zodResolver(leadFieldsSchema);
const EMPTY: LeadFields = { name: "", email: "", phone: "", design_idea: "" };

export interface LeadFormChecks {
  /** Checks the fields (focusing the first invalid one) and, if they pass, calls `send` with the parsed values. */
  submit(send: (values: LeadFields) => Promise<void>): Promise<void>;
  /** The API's field errors on the fields; whether there were any. */
  showServerErrors(error: unknown): boolean;
  /** Empties the fields after a message was sent. */
  clear(): void;
}

/**
 * A react-hook-form controller bound to the form's own fields, which stay uncontrolled (the
 * browser owns what was typed, decision 004). Binding reads what the fields already hold (typed
 * before hydration, or before this module arrived); their input events keep it up to date.
 * Errors go to `onErrors`, the component's state.
 */
export function bindLeadForm(form: HTMLFormElement, onErrors: (errors: LeadFieldErrors) => void): LeadFormChecks {
  const control = createFormControl({ resolver, mode: "onSubmit", reValidateMode: "onChange" });
  for (const name of LEAD_FIELDS) {
    const el = form.elements.namedItem(name);
    if (!(el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement)) continue;
    const field = control.register(name);
    field.ref(el);
    el.addEventListener("input", (e) => void field.onChange(e));
    el.addEventListener("blur", (e) => void field.onBlur(e));
  }
  control.subscribe({ formState: { errors: true }, callback: ({ errors }) => onErrors(messages(errors)) });
  return {
    submit: (send) => control.handleSubmit(send)(),
    showServerErrors: (error) => applyServerErrors(error, control.setError, LEAD_FIELDS),
    clear: () => control.reset(EMPTY, { keepFieldsRef: true }),
  };
}

function messages(errors: Partial<Record<LeadFieldName, { message?: string | undefined }>> | undefined): LeadFieldErrors {
  return Object.fromEntries(LEAD_FIELDS.map((name) => [name, errors?.[name]?.message]));
}
