import { PASSWORD_RULES, type User } from "@atelier/contract";
import { Check } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Input, Textarea } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { ErrorState } from "@/components/ui/states";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { toast } from "@/components/ui/use-toast";
import { displayName, initials, useChangePassword, useUpdateUser, useUser } from "../api/auth-api";
import { ApiError, errorMessage } from "@/lib/api-client";
import { formatDate } from "@/lib/format";

export function ProfileScreen() {
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
        </TabsList>
        <TabsContent value="account">
          <AccountForm user={me} />
        </TabsContent>
        <TabsContent value="security">
          <SecurityForm />
        </TabsContent>
      </Tabs>
    </div>
  );
}

function AccountForm({ user }: { user: User }) {
  const update = useUpdateUser();
  const [form, setForm] = useState({
    first_name: user.first_name,
    last_name: user.last_name,
    phone_number: user.profile.phone_number,
    company_name: user.profile.company_name,
    address: user.profile.address,
  });
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));
  const fieldError = (name: string) => (update.error instanceof ApiError ? (update.error.field(name) ?? update.error.field(`profile.${name}`)) : undefined);

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    update.mutate(
      {
        first_name: form.first_name,
        last_name: form.last_name,
        profile: { phone_number: form.phone_number, company_name: form.company_name, address: form.address },
      },
      {
        onSuccess: () => toast({ title: "Profile updated", description: "Your account information has been saved." }),
        onError: (err) => toast({ variant: "destructive", title: "Update failed", description: errorMessage(err, "Failed to update profile. Please try again.") }),
      },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Account Information</CardTitle>
        <CardDescription>Your name and contact details, used on quotes and deliveries.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} className="grid gap-5 sm:grid-cols-2">
          <Field id="first_name" label="First name" error={fieldError("first_name")}>
            <Input id="first_name" autoComplete="given-name" value={form.first_name} onChange={set("first_name")} maxLength={150} />
          </Field>
          <Field id="last_name" label="Last name" error={fieldError("last_name")}>
            <Input id="last_name" autoComplete="family-name" value={form.last_name} onChange={set("last_name")} maxLength={150} />
          </Field>
          <Field id="username" label="Username" hint="Your username cannot be changed.">
            <Input id="username" value={user.username} readOnly disabled />
          </Field>
          <Field id="email" label="Email" hint="Contact support to change your email address.">
            <Input id="email" type="email" value={user.email} readOnly disabled />
          </Field>
          <Field id="phone_number" label="Phone" error={fieldError("phone_number")}>
            <Input id="phone_number" type="tel" autoComplete="tel" value={form.phone_number} onChange={set("phone_number")} maxLength={40} />
          </Field>
          <Field id="company_name" label="Company" error={fieldError("company_name")}>
            <Input id="company_name" autoComplete="organization" value={form.company_name} onChange={set("company_name")} maxLength={200} />
          </Field>
          <Field id="address" label="Address" className="sm:col-span-2" error={fieldError("address")}>
            <Textarea id="address" autoComplete="street-address" value={form.address} onChange={set("address")} maxLength={500} />
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

function SecurityForm() {
  const change = useChangePassword();
  const [form, setForm] = useState({ old_password: "", new_password: "", confirm_password: "" });
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));
  const fieldError = (name: string) => (change.error instanceof ApiError ? change.error.field(name) : undefined);

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (form.new_password !== form.confirm_password) {
      toast({ variant: "destructive", title: "Passwords don't match", description: "New password and confirmation must match." });
      return;
    }
    change.mutate(form, {
      onSuccess: () => {
        setForm({ old_password: "", new_password: "", confirm_password: "" });
        toast({ title: "Password updated", description: "Your password has been changed. Other devices have been signed out." });
      },
      onError: (err) => toast({ variant: "destructive", title: "Password change failed", description: errorMessage(err, "Failed to change password. Please try again.") }),
    });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Security</CardTitle>
        <CardDescription>Change your password. Every other signed-in device will be signed out.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-8 md:grid-cols-[1fr_16rem]">
        <form onSubmit={onSubmit} className="flex flex-col gap-5">
          <Field id="old_password" label="Current password" required error={fieldError("old_password")}>
            <Input id="old_password" type="password" autoComplete="current-password" required value={form.old_password} onChange={set("old_password")} />
          </Field>
          <Field id="new_password" label="New password" required error={fieldError("new_password")}>
            <Input id="new_password" type="password" autoComplete="new-password" required value={form.new_password} onChange={set("new_password")} />
          </Field>
          <Field id="confirm_password" label="Confirm new password" required error={fieldError("confirm_password")}>
            <Input id="confirm_password" type="password" autoComplete="new-password" required value={form.confirm_password} onChange={set("confirm_password")} />
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
