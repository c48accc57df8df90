import { Plus, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { InlineAlert } from "@/components/ui/states";
import { newRowKey, type CountryTaxRow, type DraftErrors, type PricingDraft, type TaxDraft } from "../utils/pricing-draft";
import { CellInput, cellId } from "./cell-input";
import { Section } from "./section";

type DraftUpdate = (update: (draft: PricingDraft) => PricingDraft, key: string | null) => void;

/**
 * The tax rules of the tables: GST on jewellery (rate and HSN), whether making charges are billed
 * separately (then their rate and SAC), and a rate per delivery country where one applies. Errors
 * come keyed `tax.gst.goods_rate`, `tax.countries.0.rate` from the contract and the server.
 */
export function TaxSection({
  baseId,
  draft,
  onChange,
  onBlur,
  errors,
  disabled,
}: {
  baseId: string;
  draft: PricingDraft;
  onChange: DraftUpdate;
  onBlur: (key: string) => void;
  errors: DraftErrors;
  disabled?: boolean | undefined;
}) {
  const tax = draft.tax;
  const bind = (key: string) => ({ id: cellId(baseId, key), error: errors[key], onBlur: () => onBlur(key), disabled });
  const setTax = (change: Partial<TaxDraft>, key: string | null) => onChange((d) => ({ ...d, tax: { ...d.tax, ...change } }), key);
  const setCountry = (i: number, change: Partial<CountryTaxRow>, key: string) =>
    setTax({ countries: tax.countries.map((c, j) => (j === i ? { ...c, ...change } : c)) }, key);
  const separateId = cellId(baseId, "tax.gst.making_billed_separately");
  return (
    <Section
      id={`${baseId}-tax`}
      title="Tax"
      description="GST when the seller and the delivery are in India: CGST + SGST within the seller's state, IGST across states. An export is zero-rated; another delivery country has tax only when a rate is set for it below."
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <CellInput
          {...bind("tax.gst.goods_rate")}
          label="GST on jewellery"
          showLabel
          value={tax.goods_rate}
          suffix="%"
          inputMode="decimal"
          inputClassName="text-right"
          onValueChange={(v) => setTax({ goods_rate: v }, "tax.gst.goods_rate")}
        />
        <CellInput
          {...bind("tax.gst.goods_hsn")}
          label="HSN code of jewellery"
          showLabel
          value={tax.goods_hsn}
          inputMode="numeric"
          maxLength={8}
          onValueChange={(v) => setTax({ goods_hsn: v }, "tax.gst.goods_hsn")}
        />
      </div>
      <div className="flex items-start gap-3">
        <input
          id={separateId}
          type="checkbox"
          className="mt-1 size-4 accent-[var(--color-accent)]"
          checked={tax.making_billed_separately}
          disabled={disabled}
          onChange={(e) => setTax({ making_billed_separately: e.target.checked }, "tax.gst.making_billed_separately")}
        />
        <label htmlFor={separateId} className="text-sm">
          Bill making charges separately at their own rate
          <span className="block text-xs text-muted">
            Off: making charges are part of the piece's value and taxed with it. On: a quote's lines marked as making charges are taxed at
            the rate below (job work, when the customer brings the metal).
          </span>
        </label>
      </div>
      {tax.making_billed_separately && (
        <div className="grid gap-4 sm:grid-cols-2">
          <CellInput
            {...bind("tax.gst.making_rate")}
            label="GST on making charges"
            showLabel
            value={tax.making_rate}
            suffix="%"
            inputMode="decimal"
            inputClassName="text-right"
            onValueChange={(v) => setTax({ making_rate: v }, "tax.gst.making_rate")}
          />
          <CellInput
            {...bind("tax.gst.making_sac")}
            label="SAC code of making charges"
            showLabel
            value={tax.making_sac}
            inputMode="numeric"
            maxLength={6}
            onValueChange={(v) => setTax({ making_sac: v }, "tax.gst.making_sac")}
          />
        </div>
      )}
      <div className="flex flex-col gap-3">
        <h3 className="text-sm font-medium">Rates by delivery country</h3>
        {tax.countries.length === 0 ? (
          <p className="text-sm text-muted">No country has a rate: deliveries outside India carry no tax.</p>
        ) : (
          <ul className="flex flex-col gap-3" aria-label="Rates by delivery country">
            {tax.countries.map((row, i) => (
              <li key={row.key} className="grid grid-cols-[5rem_minmax(0,1fr)_7rem_2.5rem] items-start gap-3" data-testid="country-tax">
                <CellInput
                  {...bind(`tax.countries.${i}.country`)}
                  label={`Country ${i + 1} (ISO code)`}
                  narrowLabel="Country"
                  value={row.country}
                  maxLength={2}
                  onValueChange={(v) => setCountry(i, { country: v.toUpperCase() }, `tax.countries.${i}.country`)}
                />
                <CellInput
                  {...bind(`tax.countries.${i}.label`)}
                  label={`Name of the tax of country ${i + 1}`}
                  narrowLabel="Tax"
                  value={row.label}
                  maxLength={30}
                  placeholder="VAT"
                  onValueChange={(v) => setCountry(i, { label: v }, `tax.countries.${i}.label`)}
                />
                <CellInput
                  {...bind(`tax.countries.${i}.rate`)}
                  label={`Rate of country ${i + 1}`}
                  narrowLabel="Rate"
                  value={row.rate}
                  suffix="%"
                  inputMode="decimal"
                  inputClassName="text-right"
                  onValueChange={(v) => setCountry(i, { rate: v }, `tax.countries.${i}.rate`)}
                />
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="md:mt-0 mt-5"
                  aria-label={`Remove the rate of ${row.country || `country ${i + 1}`}`}
                  disabled={disabled}
                  onClick={() => setTax({ countries: tax.countries.filter((_, j) => j !== i) }, null)}
                >
                  <Trash2 className="text-muted" />
                </Button>
              </li>
            ))}
          </ul>
        )}
        {errors["tax.countries"] && <InlineAlert>{errors["tax.countries"]}</InlineAlert>}
        <Button
          type="button"
          variant="secondary"
          size="sm"
          className="self-start"
          disabled={disabled}
          onClick={() => setTax({ countries: [...tax.countries, { key: newRowKey(), country: "", label: "", rate: "" }] }, null)}
        >
          <Plus /> Add a country rate
        </Button>
      </div>
    </Section>
  );
}
