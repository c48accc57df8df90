import { AUTH_FORM_CHECKS, type AuthFormCheck } from "@atelier/contract";
import type { FieldError, FieldErrors, FieldValues } from "react-hook-form";
import { toast } from "@/components/ui/use-toast";

const CHECKS: readonly AuthFormCheck[] = Object.values(AUTH_FORM_CHECKS);
const checkFor = (message: unknown) => CHECKS.find((c) => c.description === message);

/**
 * The spec tells the auth forms' own checks (a missing e-mail, passwords that differ, ...) with a
 * toast. The form schemas carry those checks' descriptions as messages: this finds the first
 * failed one, in AUTH_FORM_CHECKS order (a missing field before a mismatch before a short password).
 */
export function failedCheck<T extends FieldValues>(errors: FieldErrors<T>): AuthFormCheck | undefined {
  const messages = new Set(Object.values(errors).map((e: unknown) => (e as FieldError | undefined)?.message));
  return CHECKS.find((c) => messages.has(c.description));
}

/** A form's `onInvalid`: the failed check's toast, if a check failed (other errors show under their fields). */
export function toastFailedCheck<T extends FieldValues>(errors: FieldErrors<T>): void {
  const check = failedCheck(errors);
  if (check) toast({ variant: "destructive", title: check.title, description: check.description });
}

/** The text shown under a field: its error, unless that error is one of the checks told by a toast. */
export function inlineError(error: FieldError | undefined): string | undefined {
  return error?.message && !checkFor(error.message) ? error.message : undefined;
}
