import { CURRENCIES, DESIGN_TYPE_LABELS, DESIGN_TYPES, METAL_RATE_METALS, STONE_QUALITY_BANDS } from "@atelier/contract";
import { Plus, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { fieldAria } from "@/components/ui/field";
import { NativeSelect } from "@/components/ui/input";
import { InlineAlert } from "@/components/ui/states";
import { cn } from "@/lib/cn";
import { bandLabel, metalLabel, newRowKey, stoneLabel, type DraftErrors, type Metal, type PricingDraft } from "../utils/pricing-draft";
import { CellInput, cellId } from "./cell-input";
import { Section } from "./section";
import { TaxSection } from "./tax-section";

export type DraftUpdate = (update: (draft: PricingDraft) => PricingDraft, key: string | null) => void;

interface EditorProps {
  baseId: string;
  draft: PricingDraft;
  /** `key` is the edited cell (its server message goes); null for a row added or removed. */
  onChange: DraftUpdate;
  onBlur: (key: string) => void;
  errors: DraftErrors;
  disabled?: boolean;
}

const decimal = { inputMode: "decimal" as const };

/** What every cell takes from the editor by its draft key: its id, its error, blur and the disabled state. */
function cellBinding({ baseId, errors, onBlur, disabled }: EditorProps) {
  return (key: string) => ({ id: cellId(baseId, key), error: errors[key], onBlur: () => onBlur(key), disabled });
}

function GroupError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return <InlineAlert>{message}</InlineAlert>;
}

/** The pricing engine's tables as editable cards, in the order the engine applies them. */
export function TablesEditor(props: EditorProps) {
  return (
    <div className="flex flex-col gap-6">
      <MetalsSection {...props} />
      <StonesSection {...props} />
      <TypesSection {...props} />
      <div className="grid gap-6 xl:grid-cols-2">
        <FeesSection {...props} />
        <CurrenciesSection {...props} />
      </div>
      <TaxSection {...props} />
    </div>
  );
}

function MetalsSection(props: EditorProps) {
  const { baseId, draft, onChange, errors, disabled } = props;
  const bind = cellBinding(props);
  const cell = (i: number, field: string) => `metal_rates.${i}.${field}`;
  return (
    <Section
      id={`${baseId}-metals`}
      title="Metal rates"
      description="Rupees per gram by metal and purity. The default purity prices a design that names the metal but not its purity."
    >
      <div className="flex flex-col gap-3">
        <div
          className="hidden grid-cols-[9rem_7rem_minmax(0,14rem)_2.5rem] gap-3 px-1 text-xs uppercase tracking-wider text-muted sm:grid"
          aria-hidden
        >
          <span>Metal</span>
          <span>Purity</span>
          <span>Per gram</span>
          <span />
        </div>
        <ul className="flex flex-col gap-3" aria-label="Metal rates">
          {draft.metal_rates.map((row, i) => {
            const name = `${metalLabel(row.metal_type)} ${row.purity.trim() || `row ${i + 1}`}`;
            return (
              <li
                key={row.key}
                className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_2.5rem] items-start gap-x-3 gap-y-2 border-b border-border pb-3 last:border-0 last:pb-0 sm:grid-cols-[9rem_7rem_minmax(0,14rem)_2.5rem] sm:border-0 sm:pb-0"
                data-testid="metal-rate"
              >
                <div className="flex flex-col gap-1">
                  <label htmlFor={cellId(baseId, cell(i, "metal_type"))} className="sr-only">
                    Metal of rate {i + 1}
                  </label>
                  <NativeSelect
                    id={cellId(baseId, cell(i, "metal_type"))}
                    value={row.metal_type}
                    disabled={disabled}
                    className="h-10"
                    onChange={(e) => {
                      const metal_type = e.target.value as Metal;
                      onChange(
                        (d) => ({ ...d, metal_rates: d.metal_rates.map((r) => (r.key === row.key ? { ...r, metal_type } : r)) }),
                        cell(i, "metal_type"),
                      );
                    }}
                  >
                    {METAL_RATE_METALS.map((m) => (
                      <option key={m} value={m}>
                        {metalLabel(m)}
                      </option>
                    ))}
                  </NativeSelect>
                </div>
                <CellInput
                  {...bind(cell(i, "purity"))}
                  label={`Purity of rate ${i + 1}`}
                  value={row.purity}
                  maxLength={10}
                  onValueChange={(purity) =>
                    onChange(
                      (d) => ({ ...d, metal_rates: d.metal_rates.map((r) => (r.key === row.key ? { ...r, purity } : r)) }),
                      cell(i, "purity"),
                    )
                  }
                />
                <CellInput
                  {...bind(cell(i, "price_per_gram"))}
                  label={`${name}, rupees per gram`}
                  value={row.price_per_gram}
                  prefix="₹"
                  {...decimal}
                  className="col-span-2 col-start-1 row-start-2 sm:col-span-1 sm:col-start-3 sm:row-start-1"
                  inputClassName="text-right"
                  onValueChange={(price_per_gram) =>
                    onChange(
                      (d) => ({ ...d, metal_rates: d.metal_rates.map((r) => (r.key === row.key ? { ...r, price_per_gram } : r)) }),
                      cell(i, "price_per_gram"),
                    )
                  }
                />
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="col-start-3 row-start-1 sm:col-start-4"
                  disabled={disabled}
                  aria-label={`Remove the ${name} rate`}
                  onClick={() => onChange((d) => ({ ...d, metal_rates: d.metal_rates.filter((r) => r.key !== row.key) }), null)}
                >
                  <Trash2 className="text-muted" />
                </Button>
              </li>
            );
          })}
        </ul>
        <GroupError message={errors.metal_rates} />
        <Button
          type="button"
          variant="secondary"
          size="sm"
          className="self-start"
          disabled={disabled}
          onClick={() =>
            onChange(
              (d) => ({ ...d, metal_rates: [...d.metal_rates, { key: newRowKey(), metal_type: "gold", purity: "", price_per_gram: "" }] }),
              null,
            )
          }
        >
          <Plus /> Add a metal rate
        </Button>
      </div>

      <fieldset className="flex flex-col gap-3 border-t border-border pt-5">
        <legend className="sr-only">Default purity</legend>
        <p className="text-sm font-medium" aria-hidden>
          Default purity
        </p>
        <div className="grid gap-4 sm:grid-cols-3">
          {METAL_RATE_METALS.map((metal) => {
            const key = `default_purity.${metal}`;
            const id = cellId(baseId, key);
            const listed = [
              ...new Set(draft.metal_rates.filter((r) => r.metal_type === metal && r.purity.trim()).map((r) => r.purity.trim())),
            ];
            const current = draft.default_purity[metal];
            const options = listed.includes(current) || !current ? listed : [current, ...listed];
            return (
              <div key={metal} className="flex flex-col gap-1">
                <label htmlFor={id} className="text-xs font-medium text-muted">
                  {metalLabel(metal)}
                </label>
                <NativeSelect
                  id={id}
                  value={current}
                  disabled={disabled}
                  className="h-10"
                  {...fieldAria(id, errors[key])}
                  onChange={(e) => {
                    const value = e.target.value;
                    onChange((d) => ({ ...d, default_purity: { ...d.default_purity, [metal]: value } }), key);
                  }}
                >
                  {!current && <option value="">Choose…</option>}
                  {options.map((p) => (
                    <option key={p} value={p}>
                      {p}
                    </option>
                  ))}
                </NativeSelect>
                {errors[key] && (
                  <p id={`${id}-error`} className="text-xs text-destructive">
                    {errors[key]}
                  </p>
                )}
              </div>
            );
          })}
        </div>
      </fieldset>
    </Section>
  );
}

function StonesSection(props: EditorProps) {
  const { baseId, draft, onChange, errors, disabled } = props;
  const bind = cellBinding(props);
  const setRow = (key: string, patch: (r: PricingDraft["stones"][number]) => PricingDraft["stones"][number]) => (d: PricingDraft) => ({
    ...d,
    stones: d.stones.map((r) => (r.key === key ? patch(r) : r)),
  });
  return (
    <Section
      id={`${baseId}-stones`}
      title="Stone rates"
      description="Rupees per carat by quality band. A blank band uses the gemstone rate, and gemstone prices every stone the table does not name."
    >
      <div className="flex flex-col gap-3">
        <div
          className="hidden grid-cols-[minmax(0,1fr)_repeat(3,minmax(0,7.5rem))_2.5rem] gap-3 px-1 text-xs uppercase tracking-wider text-muted md:grid xl:grid-cols-[minmax(0,1fr)_repeat(3,minmax(0,9rem))_2.5rem]"
          aria-hidden
        >
          <span>Stone</span>
          {STONE_QUALITY_BANDS.map((b) => (
            <span key={b}>{bandLabel(b)}</span>
          ))}
          <span />
        </div>
        <ul className="flex flex-col gap-3" aria-label="Stone rates">
          {draft.stones.map((row, i) => {
            const typeKey = `stones.${i}.stone_type`;
            const name = stoneLabel(row.stone_type);
            return (
              <li
                key={row.key}
                className="grid grid-cols-3 items-start gap-x-3 gap-y-2 border-b border-border pb-4 last:border-0 last:pb-0 md:grid-cols-[minmax(0,1fr)_repeat(3,minmax(0,7.5rem))_2.5rem] xl:grid-cols-[minmax(0,1fr)_repeat(3,minmax(0,9rem))_2.5rem] md:border-0 md:pb-0"
                data-testid="stone-rate"
              >
                <div className="col-span-3 flex items-start gap-3 md:col-span-1">
                  <CellInput
                    {...bind(typeKey)}
                    label={`Stone type ${i + 1}`}
                    value={row.stone_type}
                    maxLength={50}
                    placeholder="e.g. tanzanite"
                    className="flex-1"
                    onValueChange={(stone_type) =>
                      onChange(
                        setRow(row.key, (r) => ({ ...r, stone_type })),
                        typeKey,
                      )
                    }
                  />
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="md:hidden"
                    disabled={disabled}
                    aria-label={`Remove ${name}`}
                    onClick={() => onChange((d) => ({ ...d, stones: d.stones.filter((r) => r.key !== row.key) }), null)}
                  >
                    <Trash2 className="text-muted" />
                  </Button>
                </div>
                {STONE_QUALITY_BANDS.map((band) => {
                  const key = `stones.${i}.${band}`;
                  return (
                    <CellInput
                      key={band}
                      {...bind(key)}
                      label={`${name}, ${band}, rupees per carat`}
                      narrowLabel={bandLabel(band)}
                      compact
                      value={row.prices[band]}
                      prefix="₹"
                      {...decimal}
                      placeholder={row.stone_type.trim() === "gemstone" ? undefined : "gemstone"}
                      inputClassName="text-right placeholder:text-left"
                      onValueChange={(price) =>
                        onChange(
                          setRow(row.key, (r) => ({ ...r, prices: { ...r.prices, [band]: price } })),
                          key,
                        )
                      }
                    />
                  );
                })}
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="hidden md:inline-flex"
                  disabled={disabled}
                  aria-label={`Remove ${name}`}
                  onClick={() => onChange((d) => ({ ...d, stones: d.stones.filter((r) => r.key !== row.key) }), null)}
                >
                  <Trash2 className="text-muted" />
                </Button>
              </li>
            );
          })}
        </ul>
        <GroupError message={errors.stone_rates} />
        <Button
          type="button"
          variant="secondary"
          size="sm"
          className="self-start"
          disabled={disabled}
          onClick={() =>
            onChange(
              (d) => ({
                ...d,
                stones: [...d.stones, { key: newRowKey(), stone_type: "", prices: { standard: "", fine: "", premium: "" } }],
              }),
              null,
            )
          }
        >
          <Plus /> Add a stone
        </Button>
      </div>
      <div className="grid gap-4 border-t border-border pt-5 sm:grid-cols-2">
        <CellInput
          {...bind("default_stone_carat")}
          label="Carat per stone when the design gives none"
          showLabel
          value={draft.default_stone_carat}
          suffix="ct"
          {...decimal}
          className="sm:max-w-xs"
          onValueChange={(v) => onChange((d) => ({ ...d, default_stone_carat: v }), "default_stone_carat")}
        />
      </div>
    </Section>
  );
}

function TypesSection(props: EditorProps) {
  const { baseId, draft, onChange } = props;
  const bind = cellBinding(props);
  return (
    <Section
      id={`${baseId}-types`}
      title="Labour and weights"
      description="By jewellery type: the workshop's labour, and the weight assumed when a design gives none."
    >
      <div className="flex flex-col gap-3">
        <div
          className="grid grid-cols-[5.5rem_minmax(0,1fr)_minmax(0,1fr)] gap-3 px-1 text-xs uppercase tracking-wider text-muted sm:grid-cols-[10rem_minmax(0,12rem)_minmax(0,10rem)]"
          aria-hidden
        >
          <span>Type</span>
          <span>Labour</span>
          <span>Weight</span>
        </div>
        <ul className="flex flex-col gap-2" aria-label="Labour and weights by jewellery type">
          {DESIGN_TYPES.map((type) => {
            const label = DESIGN_TYPE_LABELS[type];
            return (
              <li
                key={type}
                className="grid grid-cols-[5.5rem_minmax(0,1fr)_minmax(0,1fr)] items-start gap-3 sm:grid-cols-[10rem_minmax(0,12rem)_minmax(0,10rem)]"
              >
                <span className="pt-2.5 text-sm font-medium">{label}</span>
                <CellInput
                  {...bind(`labour.${type}`)}
                  label={`Labour, ${label.toLowerCase()}, rupees`}
                  value={draft.labour[type]}
                  prefix="₹"
                  {...decimal}
                  inputClassName="text-right"
                  onValueChange={(v) => onChange((d) => ({ ...d, labour: { ...d.labour, [type]: v } }), `labour.${type}`)}
                />
                <CellInput
                  {...bind(`default_weight_grams.${type}`)}
                  label={`Default weight, ${label.toLowerCase()}, grams`}
                  value={draft.default_weight_grams[type]}
                  suffix="g"
                  {...decimal}
                  inputClassName="text-right"
                  onValueChange={(v) =>
                    onChange(
                      (d) => ({ ...d, default_weight_grams: { ...d.default_weight_grams, [type]: v } }),
                      `default_weight_grams.${type}`,
                    )
                  }
                />
              </li>
            );
          })}
        </ul>
      </div>
      <div className="border-t border-border pt-5">
        <CellInput
          {...bind("setting_per_stone")}
          label="Setting, per stone"
          showLabel
          value={draft.setting_per_stone}
          prefix="₹"
          {...decimal}
          className="sm:max-w-xs"
          inputClassName="text-right"
          onValueChange={(v) => onChange((d) => ({ ...d, setting_per_stone: v }), "setting_per_stone")}
        />
      </div>
    </Section>
  );
}

type ScalarKey = "hallmark_fee" | "grading_fee" | "grading_min_carat" | "margin_percent" | "range_low_percent" | "range_high_percent";

const SCALARS: { key: ScalarKey; label: string; prefix?: string; suffix?: string }[] = [
  { key: "hallmark_fee", label: "Hallmark fee, per piece", prefix: "₹" },
  { key: "grading_fee", label: "Grading fee, per stone", prefix: "₹" },
  { key: "grading_min_carat", label: "Diamonds certified from", suffix: "ct" },
  { key: "margin_percent", label: "Margin", suffix: "%" },
  { key: "range_low_percent", label: "Range below the estimate", suffix: "%" },
  { key: "range_high_percent", label: "Range above the estimate", suffix: "%" },
];

function FeesSection(props: EditorProps) {
  const { baseId, draft, onChange } = props;
  const bind = cellBinding(props);
  return (
    <Section
      id={`${baseId}-fees`}
      title="Fees, margin and range"
      description="Hallmarking for precious metals, grading for diamonds from the given weight, the margin on the total, and the range shown around the estimate."
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {SCALARS.map(({ key, label, prefix, suffix }) => (
          <CellInput
            key={key}
            {...bind(key)}
            label={label}
            showLabel
            value={draft[key]}
            {...(prefix && { prefix })}
            {...(suffix && { suffix })}
            {...decimal}
            inputClassName="text-right"
            onValueChange={(v) => onChange((d) => ({ ...d, [key]: v }), key)}
          />
        ))}
      </div>
    </Section>
  );
}

function CurrenciesSection(props: EditorProps) {
  const { baseId, draft, onChange } = props;
  const bind = cellBinding(props);
  return (
    <Section
      id={`${baseId}-currencies`}
      title="Currency rates"
      description="Rupees for one unit of each currency. Estimates in other currencies are converted at these rates."
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {CURRENCIES.map((currency) => {
          const key = `currency_rates.${currency}`;
          const base = currency === "INR";
          return (
            <CellInput
              key={currency}
              {...bind(key)}
              label={base ? "1 INR (the base currency)" : `1 ${currency} in rupees`}
              showLabel
              value={draft.currency_rates[currency]}
              prefix="₹"
              {...decimal}
              readOnly={base}
              inputClassName={cn("text-right", base && "bg-surface-muted text-muted")}
              onValueChange={(v) => onChange((d) => ({ ...d, currency_rates: { ...d.currency_rates, [currency]: v } }), key)}
            />
          );
        })}
      </div>
    </Section>
  );
}
