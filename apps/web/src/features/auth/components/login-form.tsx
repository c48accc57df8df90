import { zodResolver } from "@hookform/resolvers/zod";
import { loginRequestSchema, type LoginRequest } from "@atelier/contract";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import { Field, fieldAria } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { paths } from "@/config/paths";
import { ApiError } from "@/lib/api-client";
import { authStorage } from "@/lib/auth-storage";
import { applyServerErrors } from "@/lib/form-errors";
import { displayName, isStaffRole, login } from "../api/auth-api";
import { AuthCard } from "./auth-card";

const resolver = zodResolver(loginRequestSchema);
const FIELDS = ["email", "password"] as const;

export function LoginForm() {
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver, defaultValues: { email: "", password: "" } });

  // Spec: the login page clears all stored auth data on load.
  useEffect(() => authStorage.clear(), []);

  async function onSubmit(values: LoginRequest) {
    try {
      const { user } = await login(values);
      toast({ title: "Logged in successfully!", description: `Welcome back, ${displayName(user)}.` });
      // Staff and admins start at the console; the customer dashboard stays one link away.
      void navigate(isStaffRole(user.role) ? paths.staff.root.getHref() : paths.dashboard.root.getHref());
    } catch (err) {
      applyServerErrors(err, setError, FIELDS);
      const description =
        (err instanceof ApiError && (err.detail ?? err.field("non_field_errors"))) || "Invalid email or password. Please try again.";
      toast({ variant: "destructive", title: "Login failed", description });
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
      {/* The browser checks the fields first (required, e-mail); the schema checks what it lets through. */}
      <form onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-5">
        <Field id="email" label="Email" required error={errors.email?.message}>
          <Input
            id="email"
            type="email"
            autoComplete="email"
            required
            placeholder="you@example.com"
            {...fieldAria("email", errors.email?.message)}
            {...register("email")}
          />
        </Field>
        <Field id="password" label="Password" required error={errors.password?.message}>
          <Input id="password" type="password" autoComplete="current-password" required {...fieldAria("password", errors.password?.message)} {...register("password")} />
        </Field>
        <div className="-mt-2 text-right">
          <Link to={paths.forgotPassword.getHref()} className="text-sm text-accent-strong hover:underline">
            Forgot your password?
          </Link>
        </div>
        <Button type="submit" size="lg" loading={isSubmitting}>
          {isSubmitting ? "Signing in..." : "Sign In"}
        </Button>
      </form>
    </AuthCard>
  );
}
