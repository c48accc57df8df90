import { zodResolver } from "@hookform/resolvers/zod";
import { resetPasswordFormSchema } from "@atelier/contract";
import { CheckCircle2 } from "lucide-react";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { Button, buttonVariants } from "@/components/ui/button";
import { Field, fieldAria } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { paths } from "@/config/paths";
import { ApiError } from "@/lib/api-client";
import { applyServerErrors } from "@/lib/form-errors";
import { resetPassword } from "../api/auth-api";
import { inlineError, toastFailedCheck } from "../utils/form-checks";
import { AuthCard } from "./auth-card";
import { resetPasswordWording } from "./reset-password-wording";

const resolver = zodResolver(resetPasswordFormSchema);
const FIELDS = ["new_password", "confirm_password"] as const;

export function ResetPasswordForm() {
  const { uid, token } = useParams();
  const [search] = useSearchParams();
  const wording = resetPasswordWording(search);
  const navigate = useNavigate();
  const [done, setDone] = useState(false);
  const valid = Boolean(uid && token);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver, defaultValues: { new_password: "", confirm_password: "" } });

  useEffect(() => {
    if (!valid) {
      toast({ variant: "destructive", title: "Invalid reset link", description: "This password reset link is invalid or malformed." });
      void navigate(paths.login.getHref(), { replace: true });
    }
  }, [valid, navigate]);

  async function onSubmit(values: { new_password: string; confirm_password: string }) {
    try {
      await resetPassword({ uid: uid ?? "", token: token ?? "", ...values });
      setDone(true);
      toast({ title: wording.succeeded.title, description: wording.succeeded.description });
    } catch (err) {
      applyServerErrors(err, setError, FIELDS);
      const description = (err instanceof ApiError && (err.error ?? err.detail)) || "Something went wrong. Please try again.";
      toast({ variant: "destructive", title: wording.failedTitle, description });
    }
  }

  if (!valid) return null;

  if (done) {
    return (
      <AuthCard title={wording.doneTitle}>
        <div className="flex flex-col items-center gap-4 text-center">
          <CheckCircle2 className="size-12 text-success" aria-hidden />
          <p className="text-muted">{wording.doneText}</p>
          <Link to={paths.login.getHref()} className={buttonVariants({ size: "lg", className: "w-full" })}>
            Continue to sign in
          </Link>
        </div>
      </AuthCard>
    );
  }

  const error = { new_password: inlineError(errors.new_password), confirm_password: inlineError(errors.confirm_password) };
  return (
    <AuthCard title={wording.title} description={wording.description}>
      {/* The spec's checks (both filled, equal, the policy's length at least) are toasts, in that order. */}
      <form noValidate onSubmit={handleSubmit(onSubmit, toastFailedCheck)} className="flex flex-col gap-5">
        <Field id="new_password" label="New password" required error={error.new_password}>
          <Input
            id="new_password"
            type="password"
            autoComplete="new-password"
            {...fieldAria("new_password", error.new_password, { invalid: !!errors.new_password })}
            {...register("new_password")}
          />
        </Field>
        <Field id="confirm_password" label="Confirm new password" required error={error.confirm_password}>
          <Input
            id="confirm_password"
            type="password"
            autoComplete="new-password"
            {...fieldAria("confirm_password", error.confirm_password, { invalid: !!errors.confirm_password })}
            {...register("confirm_password")}
          />
        </Field>
        <Button type="submit" size="lg" loading={isSubmitting}>
          {isSubmitting ? wording.submitting : wording.submit}
        </Button>
      </form>
    </AuthCard>
  );
}
