import { MailCheck } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { Button, buttonVariants } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { paths } from "@/config/paths";
import { ApiError } from "@/lib/api-client";
import { forgotPassword } from "../api/auth-api";
import { AuthCard } from "./auth-card";

export function ForgotPasswordForm() {
  const [email, setEmail] = useState("");
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!email.trim()) {
      toast({ variant: "destructive", title: "Email required", description: "Please enter your email address." });
      return;
    }
    setPending(true);
    try {
      await forgotPassword(email.trim());
      setSentTo(email.trim());
      toast({ title: "Reset email sent!", description: "If an account with this email exists, you will receive a password reset email." });
    } catch (err) {
      const description = (err instanceof ApiError && (err.error ?? err.detail)) || "Something went wrong. Please try again.";
      toast({ variant: "destructive", title: "Error", description });
    } finally {
      setPending(false);
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
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-5">
        <Field id="email" label="Email" required>
          <Input id="email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} placeholder="you@example.com" />
        </Field>
        <Button type="submit" size="lg" loading={pending}>
          {pending ? "Sending..." : "Send Reset Link"}
        </Button>
      </form>
    </AuthCard>
  );
}
