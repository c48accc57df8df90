import { Gem, Plus, Trash2 } from "lucide-react";
import { useFieldArray, useFormContext } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Field, fieldAria } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { emptyStone, type StoneFormValues } from "../utils/design-form-values";

type StonesForm = { stones: StoneFormValues[] };

const TEXT_FIELDS = [
  { name: "stone_type", label: "Stone type", placeholder: "e.g. Diamond" },
  { name: "stone_cut", label: "Cut", placeholder: "e.g. Round brilliant" },
  { name: "stone_color", label: "Color", placeholder: "e.g. G" },
  { name: "stone_clarity", label: "Clarity", placeholder: "e.g. VS1" },
  { name: "position", label: "Position", placeholder: "e.g. Center" },
] as const;

/**
 * The repeatable stones of a design (type, cut, carat, color, clarity, position, quantity).
 * Used inside a react-hook-form `FormProvider` whose values have `stones`.
 */
export function StonesEditor({ idPrefix, disabled }: { idPrefix: string; disabled?: boolean }) {
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<StonesForm>();
  const { fields, append, remove } = useFieldArray({ control, name: "stones" });

  return (
    <div className="flex flex-col gap-4">
      {fields.length === 0 && (
        <div className="flex flex-col items-center gap-2 rounded-md border border-dashed border-input bg-background/60 px-6 py-8 text-center">
          <Gem className="size-6 text-accent" aria-hidden />
          <p className="text-sm text-muted">No stones yet. Add each kind of stone the piece should carry.</p>
        </div>
      )}
      <ol className="flex flex-col gap-4">
        {fields.map((field, i) => {
          const stoneErrors = errors.stones?.[i];
          const id = (name: string) => `${idPrefix}-stone-${i}-${name}`;
          return (
            <li key={field.id} className="rounded-md border border-border bg-background/50 p-4 sm:p-5">
              <fieldset className="flex flex-col gap-4" disabled={disabled}>
                <legend className="sr-only">Stone {i + 1}</legend>
                <div className="flex items-center justify-between gap-3">
                  <p aria-hidden className="font-display text-xl">
                    Stone {i + 1}
                  </p>
                  <Button type="button" variant="ghost" size="sm" className="text-destructive hover:bg-destructive-soft" onClick={() => remove(i)} aria-label={`Remove stone ${i + 1}`}>
                    <Trash2 aria-hidden /> Remove
                  </Button>
                </div>
                <div className="grid grid-cols-2 gap-x-3 gap-y-4 sm:gap-x-4 lg:grid-cols-4">
                  {TEXT_FIELDS.slice(0, 2).map((f) => (
                    <Field key={f.name} id={id(f.name)} label={f.label} error={stoneErrors?.[f.name]?.message}>
                      <Input id={id(f.name)} placeholder={f.placeholder} maxLength={100} {...fieldAria(id(f.name), stoneErrors?.[f.name]?.message)} {...register(`stones.${i}.${f.name}`)} />
                    </Field>
                  ))}
                  <Field id={id("stone_carat")} label="Carat" error={stoneErrors?.stone_carat?.message}>
                    <Input
                      id={id("stone_carat")}
                      type="number"
                      inputMode="decimal"
                      step="0.01"
                      min="0"
                      placeholder="e.g. 0.5"
                      {...fieldAria(id("stone_carat"), stoneErrors?.stone_carat?.message)}
                      {...register(`stones.${i}.stone_carat`)}
                    />
                  </Field>
                  {TEXT_FIELDS.slice(2).map((f) => (
                    <Field key={f.name} id={id(f.name)} label={f.label} error={stoneErrors?.[f.name]?.message}>
                      <Input id={id(f.name)} placeholder={f.placeholder} maxLength={100} {...fieldAria(id(f.name), stoneErrors?.[f.name]?.message)} {...register(`stones.${i}.${f.name}`)} />
                    </Field>
                  ))}
                  <Field id={id("quantity")} label="Quantity" error={stoneErrors?.quantity?.message}>
                    <Input
                      id={id("quantity")}
                      type="number"
                      inputMode="numeric"
                      step="1"
                      min="1"
                      {...fieldAria(id("quantity"), stoneErrors?.quantity?.message)}
                      {...register(`stones.${i}.quantity`)}
                    />
                  </Field>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <div>
        <Button type="button" variant="secondary" onClick={() => append(emptyStone())} disabled={disabled}>
          <Plus aria-hidden /> Add stone
        </Button>
      </div>
    </div>
  );
}
