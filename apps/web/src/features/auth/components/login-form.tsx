import { useEffect, useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { paths } from "@/config/paths";
import { ApiError } from "@/lib/api-client";
import { authStorage } from "@/lib/auth-storage";
import { displayName, isStaffRole, login } from "../api/auth-api";
import { AuthCard } from "./auth-card";

export function LoginForm() {
  const navigate = useNavigate();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [pending, setPending] = useState(false);

  // Spec: the login page clears all stored auth data on load.
  useEffect(() => authStorage.clear(), []);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setPending(true);
    try {
      const { user } = await login({ email: email.trim(), password });
      toast({ title: "Logged in successfully!", description: `Welcome back, ${displayName(user)}.` });
      // Staff and admins start at the console; the customer dashboard stays one link away.
      void navigate(isStaffRole(user.role) ? paths.staff.root.getHref() : paths.dashboard.root.getHref());
    } catch (err) {
      const description =
        (err instanceof ApiError && (err.detail ?? err.field("non_field_errors"))) || "Invalid email or password. Please try again.";
      toast({ variant: "destructive", title: "Login failed", description });
    } finally {
      setPending(false);
    }
  }

  return (
    <AuthCard
      title="Welcome Back"
      description="Sign in to follow your designs and orders."
      footer={
        <>
          Don&apos;t have an account?{" "}
          <Link to={paths.signup.getHref()} className="font-medium text-accent-strong hover:underline">
            Sign up
          </Link>
        </>
      }
    >
      <form onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-5">
        <Field id="email" label="Email" required>
          <Input
            id="email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            placeholder="you@example.com"
          />
        </Field>
        <Field id="password" label="Password" required>
          <Input
            id="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Field>
        <div className="-mt-2 text-right">
          <Link to={paths.forgotPassword.getHref()} className="text-sm text-accent-strong hover:underline">
            Forgot your password?
          </Link>
        </div>
        <Button type="submit" size="lg" loading={pending}>
          {pending ? "Signing in..." : "Sign In"}
        </Button>
      </form>
    </AuthCard>
  );
}
