import { zodResolver } from "@hookform/resolvers/zod";
import { createStaffInputSchema, type CreateStaffInput } from "@atelier/contract";
import { Send } from "lucide-react";
import { useId, useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Field, Label, fieldAria } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { RadioGroup, RadioPill } from "@/components/ui/radio-group";
import { InlineAlert } from "@/components/ui/states";
import { toast } from "@/components/ui/use-toast";
import { ApiError, errorMessage } from "@/lib/api-client";
import { applyServerErrors } from "@/lib/form-errors";
import { useInvitePerson } from "../api/invite-person";
import { ROLE_INFO } from "./roles";

type InviteValues = Required<CreateStaffInput>;
const FIELDS = ["email", "first_name", "last_name", "role"] as const;
const EMPTY: InviteValues = { email: "", first_name: "", last_name: "", role: "staff" };
const resolver = zodResolver(createStaffInputSchema);

/** The invitation form: a staff or admin account whose owner chooses a password from an e-mailed link. */
export function InviteDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const id = useId();
  const invite = useInvitePerson();
  const [problem, setProblem] = useState<string | undefined>();
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver, defaultValues: EMPTY });
  const role = useWatch({ control, name: "role" });

  const fieldId = (name: (typeof FIELDS)[number]) => `${id}-${name}`;

  function close(next: boolean) {
    if (!next) {
      reset(EMPTY);
      setProblem(undefined);
      invite.reset();
    }
    onOpenChange(next);
  }

  async function onSubmit(values: CreateStaffInput) {
    setProblem(undefined);
    try {
      const person = await invite.mutateAsync(values);
      toast({ title: "Invitation sent", description: `${person.email} will get an e-mail with a link to choose a password.` });
      close(false);
    } catch (err) {
      if (applyServerErrors(err, setError, FIELDS)) return;
      setProblem(
        err instanceof ApiError
          ? (err.field("non_field_errors") ?? err.detail ?? err.error ?? errorMessage(err, "The invitation could not be sent. Please try again."))
          : "The invitation could not be sent. Please try again.",
      );
    }
  }

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Invite a team member</DialogTitle>
          <DialogDescription>
            They get an e-mail with a one-time link to choose their own password, valid for 72 hours. No password is ever sent.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-5" aria-label="Invite a team member">
          {problem && <InlineAlert>{problem}</InlineAlert>}
          <Field id={fieldId("email")} label="Email" required error={errors.email?.message}>
            <Input
              id={fieldId("email")}
              type="email"
              autoComplete="off"
              {...fieldAria(fieldId("email"), errors.email?.message)}
              {...register("email")}
              aria-required
            />
          </Field>
          <div className="grid gap-5 sm:grid-cols-2">
            <Field id={fieldId("first_name")} label="First name" required error={errors.first_name?.message}>
              <Input
                id={fieldId("first_name")}
                autoComplete="off"
                {...fieldAria(fieldId("first_name"), errors.first_name?.message)}
                {...register("first_name")}
                aria-required
              />
            </Field>
            <Field id={fieldId("last_name")} label="Last name" error={errors.last_name?.message}>
              <Input
                id={fieldId("last_name")}
                autoComplete="off"
                {...fieldAria(fieldId("last_name"), errors.last_name?.message)}
                {...register("last_name")}
              />
            </Field>
          </div>
          <div className="flex flex-col gap-2">
            <Label id={`${id}-role-label`}>Role</Label>
            <Controller
              control={control}
              name="role"
              render={({ field }) => (
                <RadioGroup
                  value={field.value}
                  onValueChange={field.onChange}
                  aria-labelledby={`${id}-role-label`}
                  {...fieldAria(fieldId("role"), errors.role?.message, { hint: true })}
                >
                  {(["staff", "admin"] as const).map((r) => (
                    <RadioPill key={r} value={r} id={`${fieldId("role")}-${r}`}>
                      {ROLE_INFO[r].label}
                    </RadioPill>
                  ))}
                </RadioGroup>
              )}
            />
            <p id={`${fieldId("role")}-hint`} className="text-xs text-muted">
              {ROLE_INFO[role].description}
            </p>
            {errors.role && (
              <p id={`${fieldId("role")}-error`} role="alert" className="text-xs text-destructive">
                {errors.role.message}
              </p>
            )}
          </div>
          <DialogFooter className="pt-1">
            <DialogClose asChild>
              <Button type="button" variant="secondary">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" loading={isSubmitting}>
              {!isSubmitting && <Send aria-hidden />} Send invitation
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
