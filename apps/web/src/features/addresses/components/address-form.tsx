import { zodResolver } from "@hookform/resolvers/zod";
import { addressInputSchema, COUNTRY_CODES, countryName, INDIAN_GST_STATES, type Address, type AddressInput } from "@atelier/contract";
import { useMutation } from "@tanstack/react-query";
import { useForm, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Field, fieldAria } from "@/components/ui/field";
import { Input, NativeSelect } from "@/components/ui/input";
import { InlineAlert } from "@/components/ui/states";
import { ApiError, errorMessage } from "@/lib/api-client";
import { applyServerErrors } from "@/lib/form-errors";
import { useSaveAddress } from "../api/addresses";

const resolver = zodResolver(addressInputSchema);
const FIELDS = ["name", "phone", "line1", "line2", "city", "state", "postal_code", "country"] as const;

/** Countries by name, India first (most customers), then the rest alphabetically. */
const COUNTRIES = [
  { code: "IN", name: countryName("IN") },
  ...COUNTRY_CODES.filter((c) => c !== "IN")
    .map((code) => ({ code, name: countryName(code) }))
    .sort((a, b) => a.name.localeCompare(b.name)),
];

const POSTAL_LABEL: Record<string, string> = { IN: "PIN code", US: "ZIP code", GB: "Postcode", AU: "Postcode", IE: "Eircode" };
const STATE_LABEL: Record<string, string> = { IN: "State or union territory", US: "State", CA: "Province", AU: "State or territory" };

function defaultsOf(address: Partial<Address> | undefined, defaults: Partial<AddressInput>): AddressInput {
  return {
    name: address?.name ?? defaults.name ?? "",
    phone: address?.phone ?? defaults.phone ?? "",
    line1: address?.line1 ?? defaults.line1 ?? "",
    line2: address?.line2 ?? defaults.line2 ?? "",
    city: address?.city ?? defaults.city ?? "",
    state: address?.state ?? defaults.state ?? "",
    postal_code: address?.postal_code ?? defaults.postal_code ?? "",
    country: address?.country ?? defaults.country ?? "IN",
    is_default_delivery: address?.is_default_delivery ?? false,
    is_default_billing: address?.is_default_billing ?? false,
  };
}

/**
 * Add or edit a saved address. The browser checks what is required; the server checks the
 * country's rules (PIN code, phone, GST state) and its messages land under the fields.
 */
export function AddressForm({
  address,
  defaults = {},
  submitLabel = "Save address",
  onSaved,
  onCancel,
  idPrefix = "address",
  submit,
  showDefaults = true,
}: {
  /** The address edited (a saved one; or an order's copy, with `submit`). */
  address?: Address | undefined;
  /** Prefills a new address (the customer's name and phone). */
  defaults?: Partial<AddressInput>;
  submitLabel?: string;
  /** The saved address (undefined when `submit` sent it elsewhere). */
  onSaved: (address: Address | undefined) => void;
  onCancel?: () => void;
  /** Keeps ids unique when two forms are on one page. */
  idPrefix?: string;
  /**
   * Where the address goes instead of the customer's saved addresses (staff correcting an order);
   * its 400 field errors name the fields as the saved address's do.
   */
  submit?: ((values: AddressInput) => Promise<unknown>) | undefined;
  /** The "default delivery / billing" ticks (not for an order's own copy). */
  showDefaults?: boolean;
}) {
  const saveAddress = useSaveAddress();
  const custom = useMutation({ mutationFn: (values: AddressInput) => (submit ? submit(values) : Promise.resolve(null)) });
  const save = submit ? custom : saveAddress;
  const {
    register,
    handleSubmit,
    setError,
    control,
    setValue,
    formState: { errors },
  } = useForm<AddressInput>({ resolver, defaultValues: defaultsOf(address, defaults) });
  const country = useWatch({ control, name: "country" }) ?? "IN";
  const id = (name: string) => `${idPrefix}-${name}`;
  const error = Object.fromEntries(FIELDS.map((f) => [f, errors[f]?.message])) as Record<(typeof FIELDS)[number], string | undefined>;
  const failure = save.error && !(save.error instanceof ApiError && save.error.status === 400) ? errorMessage(save.error, "The address could not be saved. Please try again.") : null;

  function onSubmit(values: AddressInput) {
    const onError = (err: unknown) => void applyServerErrors(err, setError, FIELDS);
    if (submit) custom.mutate(values, { onSuccess: () => onSaved(undefined), onError });
    else saveAddress.mutate({ id: address?.id, input: values }, { onSuccess: onSaved, onError });
  }

  return (
    <form onSubmit={handleSubmit(onSubmit)} className="grid gap-4 sm:grid-cols-2" noValidate aria-label={address ? "Edit address" : "New address"}>
      <Field id={id("name")} label="Full name" required error={error.name}>
        <Input id={id("name")} autoComplete="name" maxLength={120} {...fieldAria(id("name"), error.name)} {...register("name")} />
      </Field>
      <Field id={id("phone")} label="Phone" required error={error.phone} hint="The courier calls this number.">
        <Input id={id("phone")} type="tel" autoComplete="tel" maxLength={30} {...fieldAria(id("phone"), error.phone, { hint: true })} {...register("phone")} />
      </Field>
      <Field id={id("line1")} label="Address line 1" required error={error.line1} className="sm:col-span-2">
        <Input id={id("line1")} autoComplete="address-line1" maxLength={200} placeholder="House or flat number, street" {...fieldAria(id("line1"), error.line1)} {...register("line1")} />
      </Field>
      <Field id={id("line2")} label="Address line 2" error={error.line2} className="sm:col-span-2">
        <Input id={id("line2")} autoComplete="address-line2" maxLength={200} placeholder="Building, area, landmark (optional)" {...fieldAria(id("line2"), error.line2)} {...register("line2")} />
      </Field>
      <Field id={id("city")} label="City" required error={error.city}>
        <Input id={id("city")} autoComplete="address-level2" maxLength={100} {...fieldAria(id("city"), error.city)} {...register("city")} />
      </Field>
      <Field id={id("postal_code")} label={POSTAL_LABEL[country] ?? "Postal code"} error={error.postal_code}>
        <Input id={id("postal_code")} autoComplete="postal-code" maxLength={20} {...fieldAria(id("postal_code"), error.postal_code)} {...register("postal_code")} />
      </Field>
      <Field id={id("state")} label={STATE_LABEL[country] ?? "State, province or region"} required={country === "IN"} error={error.state}>
        {country === "IN" ? (
          <NativeSelect id={id("state")} autoComplete="address-level1" {...fieldAria(id("state"), error.state)} {...register("state")}>
            <option value="">Choose a state</option>
            {INDIAN_GST_STATES.map((s) => (
              <option key={s.code} value={s.name}>
                {s.name}
              </option>
            ))}
          </NativeSelect>
        ) : (
          <Input id={id("state")} autoComplete="address-level1" maxLength={100} {...fieldAria(id("state"), error.state)} {...register("state")} />
        )}
      </Field>
      <Field id={id("country")} label="Country" required error={error.country}>
        <NativeSelect
          id={id("country")}
          autoComplete="country"
          {...fieldAria(id("country"), error.country)}
          {...register("country", { onChange: () => setValue("state", "") })}
        >
          {COUNTRIES.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </NativeSelect>
      </Field>
      {showDefaults && (
      <fieldset className="flex flex-col gap-2 sm:col-span-2">
        <legend className="sr-only">Defaults</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="size-4 accent-[var(--color-accent-strong)]" {...register("is_default_delivery")} disabled={address?.is_default_delivery} />
          Use as my default delivery address
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="size-4 accent-[var(--color-accent-strong)]" {...register("is_default_billing")} disabled={address?.is_default_billing} />
          Use as my default billing address
        </label>
      </fieldset>
      )}
      {failure && <InlineAlert className="sm:col-span-2">{failure}</InlineAlert>}
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <Button type="submit" loading={save.isPending}>
          {save.isPending ? "Saving..." : submitLabel}
        </Button>
        {onCancel && (
          <Button type="button" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
