import { createStaffInputSchema } from "@atelier/contract";
import { Send } from "lucide-react";
import { useId, useRef, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Field, Label } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { RadioGroup, RadioPill } from "@/components/ui/radio-group";
import { toast } from "@/components/ui/use-toast";
import { ApiError, errorMessage } from "@/lib/api-client";
import { useInvitePerson } from "../api/invite-person";
import { ROLE_INFO } from "./roles";
import { InlineAlert } from "@/components/ui/states";

type StaffRole = "staff" | "admin";
type FieldName = "email" | "first_name" | "last_name" | "role";
type Errors = Partial<Record<FieldName | "form", string>>;

const FIELDS: FieldName[] = ["email", "first_name", "last_name", "role"];
const EMPTY = { email: "", first_name: "", last_name: "", role: "staff" as StaffRole };

/** The invitation form: a staff or admin account whose owner chooses a password from an e-mailed link. */
export function InviteDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const id = useId();
  const invite = useInvitePerson();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const formRef = useRef<HTMLFormElement>(null);

  const fieldId = (name: FieldName) => `${id}-${name}`;
  const set = (name: FieldName, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    if (errors[name]) setErrors((e) => ({ ...e, [name]: undefined }));
  };
  const showErrors = (found: Errors) => {
    setErrors(found);
    const first = FIELDS.find((f) => found[f]);
    if (first) requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>(`#${CSS.escape(fieldId(first))}`)?.focus());
  };

  function close(next: boolean) {
    if (!next) {
      setValues(EMPTY);
      setErrors({});
      invite.reset();
    }
    onOpenChange(next);
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const parsed = createStaffInputSchema.safeParse(values);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const name = issue.path[0] as FieldName;
        found[name] ??= issue.message;
      }
      showErrors(found);
      return;
    }
    invite.mutate(parsed.data, {
      onSuccess: (person) => {
        toast({ title: "Invitation sent", description: `${person.email} will get an e-mail with a link to choose a password.` });
        close(false);
      },
      onError: (err) => {
        const found: Errors = {};
        if (err instanceof ApiError) {
          for (const f of FIELDS) found[f] = err.field(f);
          const general = err.field("non_field_errors") ?? err.detail ?? err.error;
          if (!FIELDS.some((f) => found[f]))
            found.form = general ?? errorMessage(err, "The invitation could not be sent. Please try again.");
        } else {
          found.form = "The invitation could not be sent. Please try again.";
        }
        showErrors(found);
      },
    });
  }

  const describedBy = (name: FieldName) => (errors[name] ? `${fieldId(name)}-error` : undefined);

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Invite a team member</DialogTitle>
          <DialogDescription>
            They get an e-mail with a one-time link to choose their own password, valid for 72 hours. No password is ever sent.
          </DialogDescription>
        </DialogHeader>
        <form ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-label="Invite a team member">
          {errors.form && <InlineAlert>{errors.form}</InlineAlert>}
          <Field id={fieldId("email")} label="Email" required error={errors.email}>
            <Input
              id={fieldId("email")}
              type="email"
              autoComplete="off"
              value={values.email}
              onChange={(e) => set("email", e.target.value)}
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={describedBy("email")}
              aria-required
            />
          </Field>
          <div className="grid gap-5 sm:grid-cols-2">
            <Field id={fieldId("first_name")} label="First name" required error={errors.first_name}>
              <Input
                id={fieldId("first_name")}
                autoComplete="off"
                value={values.first_name}
                onChange={(e) => set("first_name", e.target.value)}
                aria-invalid={errors.first_name ? true : undefined}
                aria-describedby={describedBy("first_name")}
                aria-required
              />
            </Field>
            <Field id={fieldId("last_name")} label="Last name" error={errors.last_name}>
              <Input
                id={fieldId("last_name")}
                autoComplete="off"
                value={values.last_name}
                onChange={(e) => set("last_name", e.target.value)}
                aria-invalid={errors.last_name ? true : undefined}
                aria-describedby={describedBy("last_name")}
              />
            </Field>
          </div>
          <div className="flex flex-col gap-2">
            <Label id={`${id}-role-label`}>Role</Label>
            <RadioGroup
              value={values.role}
              onValueChange={(v) => set("role", v)}
              aria-labelledby={`${id}-role-label`}
              aria-describedby={`${id}-role-hint`}
            >
              {(["staff", "admin"] as const).map((role) => (
                <RadioPill key={role} value={role} id={`${fieldId("role")}-${role}`}>
                  {ROLE_INFO[role].label}
                </RadioPill>
              ))}
            </RadioGroup>
            <p id={`${id}-role-hint`} className="text-xs text-muted">
              {ROLE_INFO[values.role].description}
            </p>
            {errors.role && (
              <p role="alert" className="text-xs text-destructive">
                {errors.role}
              </p>
            )}
          </div>
          <DialogFooter className="pt-1">
            <DialogClose asChild>
              <Button type="button" variant="secondary">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" loading={invite.isPending}>
              {!invite.isPending && <Send aria-hidden />} Send invitation
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
