import { zodResolver } from "@hookform/resolvers/zod";
import { signupFormSchema, type RegisterRequest } from "@atelier/contract";
import { useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import { Field, fieldAria } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { paths } from "@/config/paths";
import { ApiError } from "@/lib/api-client";
import { applyServerErrors } from "@/lib/form-errors";
import { register as createAccount } from "../api/auth-api";
import { inlineError, toastFailedCheck } from "../utils/form-checks";
import { AuthCard } from "./auth-card";

const resolver = zodResolver(signupFormSchema);
const FIELDS = ["email", "password", "confirm_password"] as const;

export function SignupForm() {
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver, defaultValues: { email: "", password: "", confirm_password: "" } });

  async function onSubmit(values: RegisterRequest) {
    try {
      await createAccount(values);
      toast({ title: "Account created!", description: "Welcome to Aurelia Atelier." });
      void navigate(paths.dashboard.root.getHref());
    } catch (err) {
      applyServerErrors(err, setError, FIELDS);
      const api = err instanceof ApiError ? err : undefined;
      const description = api?.field("email") ?? api?.detail ?? api?.field("password") ?? "Please check your credentials and try again.";
      toast({ variant: "destructive", title: "Registration failed", description });
    }
  }

  const error = {
    email: inlineError(errors.email),
    password: inlineError(errors.password),
    confirm_password: inlineError(errors.confirm_password),
  };

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
      {/* The browser checks the fields first (required, e-mail); then the schema, whose password mismatch is the spec's toast. */}
      <form onSubmit={handleSubmit(onSubmit, toastFailedCheck)} className="flex flex-col gap-5">
        <Field id="email" label="Email" required error={error.email}>
          <Input id="email" type="email" autoComplete="email" required placeholder="you@example.com" {...fieldAria("email", error.email)} {...register("email")} />
        </Field>
        <Field id="password" label="Password" required error={error.password} hint="At least 8 characters, not entirely numeric, not a common password.">
          <Input id="password" type="password" autoComplete="new-password" required {...fieldAria("password", error.password, { hint: true })} {...register("password")} />
        </Field>
        <Field id="confirm_password" label="Confirm password" required error={error.confirm_password}>
          <Input
            id="confirm_password"
            type="password"
            autoComplete="new-password"
            required
            {...fieldAria("confirm_password", error.confirm_password, { invalid: !!errors.confirm_password })}
            {...register("confirm_password")}
          />
        </Field>
        <Button type="submit" size="lg" loading={isSubmitting}>
          {isSubmitting ? "Creating account..." : "Create Account"}
        </Button>
      </form>
    </AuthCard>
  );
}
