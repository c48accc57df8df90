import { zodResolver } from "@hookform/resolvers/zod";
import { FORGOT_PASSWORD_MESSAGE, forgotPasswordFormSchema } from "@atelier/contract";
import { MailCheck } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { Button, buttonVariants } from "@/components/ui/button";
import { Field, fieldAria } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { paths } from "@/config/paths";
import { ApiError } from "@/lib/api-client";
import { applyServerErrors } from "@/lib/form-errors";
import { forgotPassword } from "../api/auth-api";
import { inlineError, toastFailedCheck } from "../utils/form-checks";
import { AuthCard } from "./auth-card";

const resolver = zodResolver(forgotPasswordFormSchema);

export function ForgotPasswordForm() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver, defaultValues: { email: "" } });

  async function onSubmit({ email }: { email: string }) {
    try {
      await forgotPassword(email);
      setSentTo(email);
      toast({ title: "Reset email sent!", description: FORGOT_PASSWORD_MESSAGE });
    } catch (err) {
      applyServerErrors(err, setError, ["email"]);
      const description = (err instanceof ApiError && (err.error ?? err.detail)) || "Something went wrong. Please try again.";
      toast({ variant: "destructive", title: "Error", description });
    }
  }

  if (sentTo) {
    return (
      <AuthCard title="Check your email">
        <div className="flex flex-col items-center gap-4 text-center">
          <MailCheck className="size-12 text-accent" aria-hidden />
          <p>
            We sent a password reset link to <strong className="break-all">{sentTo}</strong>.
          </p>
          <p className="text-sm text-muted">Didn&apos;t receive it? Check your spam folder, or try another address. The link expires in one hour.</p>
          <Button variant="secondary" className="w-full" onClick={() => setSentTo(null)}>
            Try different email
          </Button>
          <Link to={paths.login.getHref()} className={buttonVariants({ variant: "link" })}>
            Back to sign in
          </Link>
        </div>
      </AuthCard>
    );
  }

  const emailError = inlineError(errors.email);
  return (
    <AuthCard
      title="Forgot your password?"
      description="Enter your email and we'll send you a link to choose a new one."
      footer={
        <Link to={paths.login.getHref()} className="font-medium text-accent-strong hover:underline">
          Back to sign in
        </Link>
      }
    >
      {/* An empty e-mail is the spec's 'Email required' toast. */}
      <form noValidate onSubmit={handleSubmit(onSubmit, toastFailedCheck)} className="flex flex-col gap-5">
        <Field id="email" label="Email" required error={emailError}>
          <Input id="email" type="email" autoComplete="email" placeholder="you@example.com" {...fieldAria("email", emailError, { invalid: !!errors.email })} {...register("email")} />
        </Field>
        <Button type="submit" size="lg" loading={isSubmitting}>
          {isSubmitting ? "Sending..." : "Send Reset Link"}
        </Button>
      </form>
    </AuthCard>
  );
}
