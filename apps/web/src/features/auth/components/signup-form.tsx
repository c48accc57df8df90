import { useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { paths } from "@/config/paths";
import { ApiError } from "@/lib/api-client";
import { register } from "../api/auth-api";
import { AuthCard } from "./auth-card";

export function SignupForm() {
  const navigate = useNavigate();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState<{ email?: string | undefined; password?: string | undefined }>({});
  const [pending, setPending] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (password !== confirm) {
      toast({ variant: "destructive", title: "Passwords don't match", description: "Please make sure your passwords match." });
      return;
    }
    setPending(true);
    setErrors({});
    try {
      await register({ email: email.trim(), password, confirm_password: confirm });
      toast({ title: "Account created!", description: "Welcome to Aurelia Atelier." });
      void navigate(paths.dashboard.root.getHref());
    } catch (err) {
      const api = err instanceof ApiError ? err : undefined;
      setErrors({ email: api?.field("email"), password: api?.field("password") });
      const description = api?.field("email") ?? api?.detail ?? api?.field("password") ?? "Please check your credentials and try again.";
      toast({ variant: "destructive", title: "Registration failed", description });
    } finally {
      setPending(false);
    }
  }

  return (
    <AuthCard
      title="Create Your Account"
      description="Quotes, CAD approvals and delivery, all in one place."
      footer={
        <>
          Already have an account?{" "}
          <Link to={paths.login.getHref()} className="font-medium text-accent-strong hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      <form onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-5">
        <Field id="email" label="Email" required error={errors.email}>
          <Input id="email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} aria-invalid={!!errors.email} placeholder="you@example.com" />
        </Field>
        <Field id="password" label="Password" required error={errors.password} hint="At least 8 characters, not entirely numeric, not a common password.">
          <Input id="password" type="password" autoComplete="new-password" required value={password} onChange={(e) => setPassword(e.target.value)} aria-invalid={!!errors.password} />
        </Field>
        <Field id="confirm_password" label="Confirm password" required>
          <Input id="confirm_password" type="password" autoComplete="new-password" required value={confirm} onChange={(e) => setConfirm(e.target.value)} />
        </Field>
        <Button type="submit" size="lg" loading={pending}>
          {pending ? "Creating account..." : "Create Account"}
        </Button>
      </form>
    </AuthCard>
  );
}
