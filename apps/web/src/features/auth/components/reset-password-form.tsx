import { CheckCircle2 } from "lucide-react";
import { useEffect, useState, type FormEvent } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { Button, buttonVariants } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { paths } from "@/config/paths";
import { ApiError } from "@/lib/api-client";
import { resetPassword } from "../api/auth-api";
import { AuthCard } from "./auth-card";

const RESET_MIN_LENGTH = 6;

export function ResetPasswordForm() {
  const { uid, token } = useParams();
  const navigate = useNavigate();
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(false);
  const valid = Boolean(uid && token);

  useEffect(() => {
    if (!valid) {
      toast({ variant: "destructive", title: "Invalid reset link", description: "This password reset link is invalid or malformed." });
      void navigate(paths.login.getHref(), { replace: true });
    }
  }, [valid, navigate]);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!password || !confirm) {
      toast({ variant: "destructive", title: "All fields required", description: "Please fill in both password fields." });
      return;
    }
    if (password !== confirm) {
      toast({ variant: "destructive", title: "Passwords don't match", description: "Please make sure your passwords match." });
      return;
    }
    if (password.length < RESET_MIN_LENGTH) {
      toast({ variant: "destructive", title: "Password too short", description: `Password must be at least ${RESET_MIN_LENGTH} characters long.` });
      return;
    }
    setPending(true);
    try {
      await resetPassword({ uid: uid ?? "", token: token ?? "", new_password: password, confirm_password: confirm });
      setDone(true);
      toast({ title: "Password reset successful!", description: "You can now sign in with your new password." });
    } catch (err) {
      const description = (err instanceof ApiError && (err.error ?? err.detail)) || "Something went wrong. Please try again.";
      toast({ variant: "destructive", title: "Reset failed", description });
    } finally {
      setPending(false);
    }
  }

  if (!valid) return null;

  if (done) {
    return (
      <AuthCard title="Password reset successful">
        <div className="flex flex-col items-center gap-4 text-center">
          <CheckCircle2 className="size-12 text-success" aria-hidden />
          <p className="text-muted">Your password has been changed and every other session has been signed out.</p>
          <Link to={paths.login.getHref()} className={buttonVariants({ size: "lg", className: "w-full" })}>
            Continue to sign in
          </Link>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Set a new password" description="Your new password must be different from your previous one.">
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-5">
        <Field id="new_password" label="New password" required>
          <Input id="new_password" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        </Field>
        <Field id="confirm_password" label="Confirm new password" required>
          <Input id="confirm_password" type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
        </Field>
        <Button type="submit" size="lg" loading={pending}>
          {pending ? "Resetting..." : "Reset Password"}
        </Button>
      </form>
    </AuthCard>
  );
}
