import { zodResolver } from "@hookform/resolvers/zod";
import {
  changePasswordFormSchema,
  PASSWORD_RULES,
  updateUserRequestSchema,
  type ChangePasswordRequest,
  type UpdateUserRequest,
  type User,
} from "@atelier/contract";
import { Check } from "lucide-react";
import { useForm } from "react-hook-form";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Field, fieldAria } from "@/components/ui/field";
import { Input, Textarea } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { ErrorState } from "@/components/ui/states";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { toast } from "@/components/ui/use-toast";
import { errorMessage } from "@/lib/api-client";
import { applyServerErrors } from "@/lib/form-errors";
import { formatDate } from "@/lib/format";
import { displayName, initials, useChangePassword, useUpdateUser, useUser } from "../api/auth-api";
import { inlineError, toastFailedCheck } from "../utils/form-checks";

/** `addresses`: the Addresses tab's content (the addresses feature's section, mounted by the route). */
export function ProfileScreen({ addresses }: { addresses?: React.ReactNode } = {}) {
  const user = useUser();
  if (user.isPending) return <ProfileSkeleton />;
  if (user.isError) return <ErrorState message="Failed to load user profile. Please try again." onRetry={() => void user.refetch()} />;
  const me = user.data;
  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col items-start gap-5 sm:flex-row sm:items-center">
        <Avatar initials={initials(me)} className="size-20 text-3xl" />
        <div>
          <h1 className="text-4xl">{displayName(me)}</h1>
          <p className="text-muted">{me.email}</p>
          <p className="text-sm text-muted">Member since {formatDate(me.date_joined, { month: "long", year: "numeric" })}</p>
        </div>
      </div>
      <Tabs defaultValue="account">
        <TabsList>
          <TabsTrigger value="account">Account Information</TabsTrigger>
          <TabsTrigger value="security">Security</TabsTrigger>
          {addresses && <TabsTrigger value="addresses">Addresses</TabsTrigger>}
        </TabsList>
        <TabsContent value="account">
          <AccountForm user={me} />
        </TabsContent>
        <TabsContent value="security">
          <SecurityForm />
        </TabsContent>
        {addresses && <TabsContent value="addresses">{addresses}</TabsContent>}
      </Tabs>
    </div>
  );
}

const accountResolver = zodResolver(updateUserRequestSchema);
/** In the form's order; the server names the profile's fields `profile.<name>` too. */
const ACCOUNT_FIELDS = ["first_name", "last_name", "profile.phone_number", "profile.company_name", "profile.address"] as const;

function AccountForm({ user }: { user: User }) {
  const update = useUpdateUser();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: accountResolver,
    defaultValues: {
      first_name: user.first_name,
      last_name: user.last_name,
      profile: { phone_number: user.profile.phone_number, company_name: user.profile.company_name, address: user.profile.address },
    },
  });
  const error = {
    first_name: errors.first_name?.message,
    last_name: errors.last_name?.message,
    phone_number: errors.profile?.phone_number?.message,
    company_name: errors.profile?.company_name?.message,
    address: errors.profile?.address?.message,
  };

  function onSubmit(values: UpdateUserRequest) {
    update.mutate(values, {
      onSuccess: () => toast({ title: "Profile updated", description: "Your account information has been saved." }),
      onError: (err) => {
        applyServerErrors(err, setError, ACCOUNT_FIELDS);
        toast({ variant: "destructive", title: "Update failed", description: errorMessage(err, "Failed to update profile. Please try again.") });
      },
    });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Account Information</CardTitle>
        <CardDescription>Your name and contact details, used on quotes and deliveries.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={handleSubmit(onSubmit)} className="grid gap-5 sm:grid-cols-2">
          <Field id="first_name" label="First name" error={error.first_name}>
            <Input id="first_name" autoComplete="given-name" maxLength={150} {...fieldAria("first_name", error.first_name)} {...register("first_name")} />
          </Field>
          <Field id="last_name" label="Last name" error={error.last_name}>
            <Input id="last_name" autoComplete="family-name" maxLength={150} {...fieldAria("last_name", error.last_name)} {...register("last_name")} />
          </Field>
          <Field id="username" label="Username" hint="Your username cannot be changed.">
            <Input id="username" value={user.username} readOnly disabled />
          </Field>
          <Field id="email" label="Email" hint="Contact support to change your email address.">
            <Input id="email" type="email" value={user.email} readOnly disabled />
          </Field>
          <Field id="phone_number" label="Phone" error={error.phone_number}>
            <Input id="phone_number" type="tel" autoComplete="tel" maxLength={40} {...fieldAria("phone_number", error.phone_number)} {...register("profile.phone_number")} />
          </Field>
          <Field id="company_name" label="Company" error={error.company_name}>
            <Input id="company_name" autoComplete="organization" maxLength={200} {...fieldAria("company_name", error.company_name)} {...register("profile.company_name")} />
          </Field>
          <Field id="address" label="Address" className="sm:col-span-2" error={error.address}>
            <Textarea id="address" autoComplete="street-address" maxLength={500} {...fieldAria("address", error.address)} {...register("profile.address")} />
          </Field>
          <div className="sm:col-span-2">
            <Button type="submit" loading={update.isPending}>
              {update.isPending ? "Saving..." : "Save Changes"}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

const passwordResolver = zodResolver(changePasswordFormSchema);
const PASSWORD_FIELDS = ["old_password", "new_password", "confirm_password"] as const;
const NO_PASSWORDS = { old_password: "", new_password: "", confirm_password: "" };

function SecurityForm() {
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm({ resolver: passwordResolver, defaultValues: NO_PASSWORDS });
  const error = {
    old_password: inlineError(errors.old_password),
    new_password: inlineError(errors.new_password),
    confirm_password: inlineError(errors.confirm_password),
  };

  function onSubmit(values: ChangePasswordRequest) {
    change.mutate(values, {
      onSuccess: () => {
        reset(NO_PASSWORDS);
        toast({ title: "Password updated", description: "Your password has been changed. Other devices have been signed out." });
      },
      onError: (err) => {
        applyServerErrors(err, setError, PASSWORD_FIELDS);
        toast({ variant: "destructive", title: "Password change failed", description: errorMessage(err, "Failed to change password. Please try again.") });
      },
    });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Security</CardTitle>
        <CardDescription>Change your password. Every other signed-in device will be signed out.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-8 md:grid-cols-[1fr_16rem]">
        {/* The browser checks that every field is filled; a mismatch is the spec's toast. */}
        <form onSubmit={handleSubmit(onSubmit, toastFailedCheck)} className="flex flex-col gap-5">
          <Field id="old_password" label="Current password" required error={error.old_password}>
            <Input
              id="old_password"
              type="password"
              autoComplete="current-password"
              required
              {...fieldAria("old_password", error.old_password, { invalid: !!errors.old_password })}
              {...register("old_password")}
            />
          </Field>
          <Field id="new_password" label="New password" required error={error.new_password}>
            <Input
              id="new_password"
              type="password"
              autoComplete="new-password"
              required
              {...fieldAria("new_password", error.new_password, { invalid: !!errors.new_password })}
              {...register("new_password")}
            />
          </Field>
          <Field id="confirm_password" label="Confirm new password" required error={error.confirm_password}>
            <Input
              id="confirm_password"
              type="password"
              autoComplete="new-password"
              required
              {...fieldAria("confirm_password", error.confirm_password, { invalid: !!errors.confirm_password })}
              {...register("confirm_password")}
            />
          </Field>
          <div>
            <Button type="submit" loading={change.isPending}>
              {change.isPending ? "Updating..." : "Update Password"}
            </Button>
          </div>
        </form>
        <div className="rounded-md bg-surface-muted p-5">
          <h3 className="font-sans text-sm font-semibold">Password requirements</h3>
          <ul className="mt-3 flex flex-col gap-2 text-sm text-muted">
            {PASSWORD_RULES.map((rule) => (
              <li key={rule} className="flex gap-2">
                <Check className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden />
                {rule}
              </li>
            ))}
          </ul>
        </div>
      </CardContent>
    </Card>
  );
}

function ProfileSkeleton() {
  return (
    <div className="flex flex-col gap-8" aria-busy="true" aria-label="Loading profile">
      <div className="flex items-center gap-5">
        <Skeleton className="size-20 rounded-full" />
        <div className="flex flex-col gap-2">
          <Skeleton className="h-9 w-56" />
          <Skeleton className="h-4 w-40" />
        </div>
      </div>
      <Skeleton className="h-96 w-full" />
    </div>
  );
}
