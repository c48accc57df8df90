import { z } from "zod";

/**
 * Tax on a price: GST for a seller in India (CGST + SGST within the seller's state, IGST across
 * states, zero-rated exports), and a rate per delivery country where the admin set one.
 *
 * Every figure is exact: amounts are decimal strings with two places ("1234.50") worked in integer
 * paise/cents (BigInt), rates are decimal strings with two places ("3.00" percent) worked in
 * hundredths of a percent. No floating point touches a figure.
 *
 * Rounding (written once, used everywhere):
 * - The tax of each part (the jewellery; the making charges when billed separately) is its taxable
 *   value × rate, rounded half up to the paisa.
 * - Intra-state GST is that whole tax split in two halves: SGST = the whole ÷ 2 rounded down, CGST =
 *   the rest, so **CGST takes the odd paisa** and CGST + SGST is always exactly the IGST the same sale
 *   would carry across states.
 */

/** A tax rate in percent, a decimal string with two places, 0.00 to 100.00. */
export const TAX_RATE_PATTERN = /^\d{1,3}\.\d{2}$/;
export const TAX_RATE_MESSAGE = "Enter a tax rate in percent between 0.00 and 100.00 with two decimal places, e.g. 3.00.";
export const taxRateSchema = z
  .string({ error: TAX_RATE_MESSAGE })
  .refine((v) => TAX_RATE_PATTERN.test(v) && rateBasis(v) <= 10_000n, TAX_RATE_MESSAGE);

const countryCode = z.string().regex(/^[A-Z]{2}$/, "Enter the country as its two-letter ISO code, e.g. GB.");

/**
 * The tax section of the pricing tables (versioned with them).
 *
 * `gst` applies when the seller is in India and the piece is delivered in India. `countries` holds a
 * rate for a delivery country where one is set (e.g. GB VAT 20.00 for a seller registered there);
 * a delivery country without one carries no tax line (an export is zero-rated).
 */
export const taxRulesSchema = z
  .object({
    gst: z.object({
      /** GST on jewellery of precious metal (HSN 7113): 3.00. */
      goods_rate: taxRateSchema,
      goods_hsn: z.string().regex(/^\d{4,8}$/, "Enter the HSN code as 4 to 8 digits, e.g. 7113."),
      /**
       * Whether making charges are invoiced as a separate service at `making_rate` under `making_sac`
       * (job work on jewellery, SAC 998892, 5.00), instead of being part of the jewellery's value.
       */
      making_billed_separately: z.boolean(),
      making_rate: taxRateSchema,
      making_sac: z.string().regex(/^\d{6}$/, "Enter the SAC code as 6 digits, e.g. 998892."),
    }),
    countries: z
      .array(
        z.object({
          country: countryCode,
          /** What the tax is called on the quote: "VAT", "Sales tax". */
          label: z.string().trim().min(1, "Name the tax, e.g. VAT.").max(30, "Keep the tax's name to 30 characters."),
          rate: taxRateSchema,
        }),
      )
      .max(50),
  })
  .superRefine((rules, ctx) => {
    const seen = new Set<string>();
    rules.countries.forEach((c, i) => {
      if (c.country === "IN")
        ctx.addIssue({
          code: "custom",
          path: ["countries", i, "country"],
          message: "India's tax is the GST section; remove IN from the country rates.",
        });
      else if (seen.has(c.country))
        ctx.addIssue({ code: "custom", path: ["countries", i, "country"], message: `${c.country} has two rates; keep one.` });
      seen.add(c.country);
    });
  });
export type TaxRules = z.infer<typeof taxRulesSchema>;

/**
 * The rules a pricing version without a tax section reads with (and the first tables' rules).
 *
 * GST 3% on jewellery, HSN 7113 (Notification 1/2017-CT(Rate), schedule VI). Making charges are NOT
 * billed separately by default: the atelier sells finished pieces made from its own metal, and the
 * making of a piece sold on the same invoice is part of the value of that supply of goods (a composite
 * supply whose principal supply is the jewellery), so it is taxed with it at 3%. The separate 5% rate
 * (SAC 998892, jewellery manufacturing services / job work) applies when the customer brings the
 * metal and the jeweller only works it; an admin who bills that way turns `making_billed_separately`
 * on, and the 5.00 / 998892 below are then used. No other country has a rate until an admin sets one.
 */
export const DEFAULT_TAX_RULES: TaxRules = {
  gst: { goods_rate: "3.00", goods_hsn: "7113", making_billed_separately: false, making_rate: "5.00", making_sac: "998892" },
  countries: [],
};

export const TAX_LINE_CODES = ["CGST", "SGST", "IGST", "TAX"] as const;
export const TAX_REGIMES = ["intra_state", "inter_state", "export", "foreign", "domestic_no_tax"] as const;
export type TaxRegime = (typeof TAX_REGIMES)[number];

/** What each regime reads as beside the tax lines. */
export const TAX_REGIME_LABELS: Record<TaxRegime, string> = {
  intra_state: "GST within the state (CGST + SGST)",
  inter_state: "GST across states (IGST)",
  export: "Export: zero-rated, no tax",
  foreign: "Tax of the delivery country",
  domestic_no_tax: "No tax applies",
};

const amountSchema = z.string().regex(/^\d{1,12}\.\d{2}$/);
export const taxLineSchema = z.object({
  code: z.enum(TAX_LINE_CODES),
  label: z.string(),
  /** Percent, two places: "1.50". */
  rate: z.string().regex(TAX_RATE_PATTERN),
  amount: amountSchema,
});
export type TaxLine = z.infer<typeof taxLineSchema>;

export const taxBreakdownSchema = z.object({
  regime: z.enum(TAX_REGIMES),
  /** The price before tax. */
  taxable: amountSchema,
  lines: z.array(taxLineSchema),
  /** The sum of the lines. */
  tax: amountSchema,
  /** taxable + tax: the price incl. tax. */
  total: amountSchema,
  /** The jewellery's HSN code (7113). */
  hsn: z.string(),
  /**
   * Present only when making charges are billed separately under GST: their SAC, their taxable value
   * and their tax, all included in the figures above. Its lines are the last ones (CGST + SGST, or
   * IGST), after the jewellery's.
   */
  making: z.object({ sac: z.string(), taxable: amountSchema, tax: amountSchema }).optional(),
});
export type TaxBreakdown = z.infer<typeof taxBreakdownSchema>;

export type TaxPlace = { country: string; state: string };

// ---------------------------------------------------------------------------------------------
// Exact arithmetic

function cents(amount: string): bigint {
  const m = /^(\d+)\.(\d{2})$/.exec(amount.trim());
  if (!m) throw new Error(`not an amount of zero or more with two decimals: ${amount}`);
  return BigInt(m[1] ?? "0") * 100n + BigInt(m[2] ?? "0");
}

function money(value: bigint): string {
  if (value < 0n) throw new Error("a tax figure cannot be negative");
  return `${(value / 100n).toString()}.${(value % 100n).toString().padStart(2, "0")}`;
}

/** A rate "3.00" in hundredths of a percent (300n). */
function rateBasis(rate: string): bigint {
  const m = /^(\d+)\.(\d{2})$/.exec(rate);
  if (!m) throw new Error(`not a tax rate with two decimals: ${rate}`);
  return BigInt(m[1] ?? "0") * 100n + BigInt(m[2] ?? "0");
}

function rateText(basis: bigint): string {
  return money(basis);
}

/** n / d rounded half up, for n ≥ 0, d > 0. */
function divHalfUp(n: bigint, d: bigint): bigint {
  return (2n * n + d) / (2n * d);
}

/** The tax on `taxable` cents at `basis` hundredths of a percent, rounded half up to the cent. */
function taxAt(taxable: bigint, basis: bigint): bigint {
  return divHalfUp(taxable * basis, 10_000n);
}

/** A GST split in two: [CGST, SGST], CGST taking the odd paisa. */
function halves(whole: bigint): [bigint, bigint] {
  const sgst = whole / 2n;
  return [whole - sgst, sgst];
}

// ---------------------------------------------------------------------------------------------
// Places

/** A state compared the way people write it: case, spaces and punctuation aside ("Tamil Nadu" = "tamil-nadu"). */
export function sameTaxState(a: string, b: string): boolean {
  const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, "");
  return norm(a) === norm(b);
}

function regimeOf(
  rules: TaxRules,
  seller: TaxPlace,
  destination: TaxPlace | null,
): { regime: TaxRegime; countryRate?: TaxRules["countries"][number] } {
  // No delivery place known: the sale is taken as made at the seller's own place.
  const to = destination ?? seller;
  const sellerCountry = seller.country.toUpperCase();
  const toCountry = to.country.toUpperCase();
  if (sellerCountry === "IN" && toCountry === "IN") {
    // A place without a state (a destination not yet known to the state, a seller whose state is not
    // configured) is taken as the same state: the same tax in total either way, only the split differs.
    const intra = to.state.trim() === "" || seller.state.trim() === "" || sameTaxState(seller.state, to.state);
    return { regime: intra ? "intra_state" : "inter_state" };
  }
  const countryRate = rules.countries.find((c) => c.country === toCountry);
  if (countryRate) return { regime: "foreign", countryRate };
  return { regime: toCountry === sellerCountry ? "domestic_no_tax" : "export" };
}

// ---------------------------------------------------------------------------------------------
// The tax on a price

/**
 * The tax on a price before tax, split into its jewellery (`goods`) and making charges (`making`)
 * parts, for a sale from `seller` delivered to `destination` (null: unknown, taken as the seller's
 * own place).
 *
 * - Seller and destination in India: GST. The making charges are taxed with the jewellery at the
 *   goods rate unless the rules bill them separately (then at their own rate, in their own lines).
 *   Same state: CGST + SGST at half the rate each; other state: IGST at the whole rate. Every GST
 *   line is present, even at a rate of 0.00.
 * - Otherwise, a destination country with a rate in `rules.countries`: one TAX line on the whole price.
 * - Otherwise no tax line: "export" (zero-rated) when the destination is another country than the
 *   seller's, "domestic_no_tax" when it is the seller's own country (outside India) without a rate.
 */
export function taxOnPrice(
  rules: TaxRules,
  seller: TaxPlace,
  destination: TaxPlace | null,
  taxable: { goods: string; making: string },
): TaxBreakdown {
  const goods = cents(taxable.goods);
  const making = cents(taxable.making);
  const whole = goods + making;
  const { regime, countryRate } = regimeOf(rules, seller, destination);
  const hsn = rules.gst.goods_hsn;

  if (regime === "intra_state" || regime === "inter_state") {
    const separate = rules.gst.making_billed_separately;
    const parts: { base: bigint; basis: bigint; suffix: string }[] = separate
      ? [
          { base: goods, basis: rateBasis(rules.gst.goods_rate), suffix: ` on jewellery (HSN ${hsn})` },
          { base: making, basis: rateBasis(rules.gst.making_rate), suffix: ` on making charges (SAC ${rules.gst.making_sac})` },
        ]
      : [{ base: whole, basis: rateBasis(rules.gst.goods_rate), suffix: "" }];
    const lines: TaxLine[] = [];
    let tax = 0n;
    const partTax: bigint[] = [];
    for (const part of parts) {
      const t = taxAt(part.base, part.basis);
      partTax.push(t);
      tax += t;
      lines.push(...gstLines(regime, t, part.basis, part.suffix));
    }
    return {
      regime,
      taxable: money(whole),
      lines,
      tax: money(tax),
      total: money(whole + tax),
      hsn,
      ...(separate ? { making: { sac: rules.gst.making_sac, taxable: money(making), tax: money(partTax[1] ?? 0n) } } : {}),
    };
  }

  if (regime === "foreign" && countryRate) {
    const basis = rateBasis(countryRate.rate);
    const tax = taxAt(whole, basis);
    return {
      regime,
      taxable: money(whole),
      lines: [{ code: "TAX", label: countryRate.label, rate: rateText(basis), amount: money(tax) }],
      tax: money(tax),
      total: money(whole + tax),
      hsn,
    };
  }

  return { regime, taxable: money(whole), lines: [], tax: "0.00", total: money(whole), hsn };
}

function gstLines(regime: "intra_state" | "inter_state", tax: bigint, basis: bigint, suffix: string): TaxLine[] {
  if (regime === "inter_state") return [{ code: "IGST", label: `IGST${suffix}`, rate: rateText(basis), amount: money(tax) }];
  const [c, s] = halves(tax);
  // Half of a rate with two places may need a third ("0.25" → 0.125): shown rounded half up, the amounts are exact.
  const half = rateText(divHalfUp(basis, 2n));
  return [
    { code: "CGST", label: `CGST${suffix}`, rate: half, amount: money(c) },
    { code: "SGST", label: `SGST${suffix}`, rate: half, amount: money(s) },
  ];
}

// ---------------------------------------------------------------------------------------------
// Apportioning a payment that includes tax

/** The groups of a breakdown's lines: a CGST line with the SGST after it, or a single line. */
function groupsOf(lines: TaxLine[]): TaxLine[][] {
  const groups: TaxLine[][] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as TaxLine;
    const next = lines[i + 1];
    if (line.code === "CGST" && next?.code === "SGST") {
      groups.push([line, next]);
      i++;
    } else groups.push([line]);
  }
  return groups;
}

type Allocation = { taxable: bigint; groups: bigint[]; makingTaxable: bigint; makingTax: bigint };

/**
 * The share of `of` that `amount` cents (0 ≤ amount ≤ total) carries: the tax is total tax × amount
 * ÷ total rounded half up, the taxable value the rest; the tax is shared among the groups of lines
 * by cumulative rounding so they add up to it. At amount = total it is `of` itself, exactly.
 */
function allocate(of: TaxBreakdown, amount: bigint): Allocation {
  const total = cents(of.total);
  const tax = cents(of.tax);
  const groupTotals = groupsOf(of.lines).map((g) => g.reduce((s, l) => s + cents(l.amount), 0n));
  const makingTaxableAll = of.making ? cents(of.making.taxable) : 0n;
  if (total === 0n || tax === 0n) {
    const makingTaxable = total === 0n ? 0n : divHalfUp(amount * makingTaxableAll, total);
    return { taxable: amount, groups: groupTotals.map(() => 0n), makingTaxable, makingTax: 0n };
  }
  const share = divHalfUp(amount * tax, total);
  const groups: bigint[] = [];
  let prefix = 0n;
  let given = 0n;
  for (const g of groupTotals) {
    prefix += g;
    const upTo = divHalfUp(share * prefix, tax);
    groups.push(upTo - given);
    given = upTo;
  }
  const taxableAll = cents(of.taxable);
  const taxable = amount - share;
  const makingTaxable = taxableAll === 0n ? 0n : divHalfUp(taxable * makingTaxableAll, taxableAll);
  // The making charges' lines are the last group (see taxBreakdownSchema.making).
  const makingTax = of.making && groups.length > 0 ? (groups[groups.length - 1] as bigint) : 0n;
  return { taxable, groups, makingTaxable, makingTax };
}

/**
 * A payment of `amountInclTax` (an advance, a balance, a refund) against the sale `of`, apportioned
 * into its taxable value and the same tax lines, exact to the cent: taxable + the lines = the amount.
 *
 * `alreadyApportioned` is how much of `of` earlier payments have already taken (e.g. the advance,
 * when apportioning the balance; earlier refunds of the same invoice, when apportioning a refund).
 * The share is then the difference of the cumulative shares, so the parts of one sale always add up
 * to the sale's own figures, line by line: advance + balance = the quote's breakdown, to the paisa.
 * A standalone share keeps the rule that CGST takes the odd paisa; a later share takes whatever of
 * each half is left, so the pair still adds up.
 */
export function splitInclusive(amountInclTax: string, of: TaxBreakdown, alreadyApportioned = "0.00"): TaxBreakdown {
  const amount = cents(amountInclTax);
  const before = cents(alreadyApportioned);
  const total = cents(of.total);
  if (before + amount > total)
    throw new Error(`cannot apportion ${amountInclTax} of a sale of ${of.total} when ${alreadyApportioned} is already apportioned`);
  const a = allocate(of, before);
  const b = allocate(of, before + amount);
  const groups = groupsOf(of.lines);
  const lines: TaxLine[] = [];
  groups.forEach((group, i) => {
    const share = (b.groups[i] ?? 0n) - (a.groups[i] ?? 0n);
    if (group.length === 2) {
      const [cg, sg] = group as [TaxLine, TaxLine];
      // Each half as the difference of the cumulative halves (CGST taking the odd paisa each time).
      const [cb, sb] = halves(b.groups[i] ?? 0n);
      const [ca, sa] = halves(a.groups[i] ?? 0n);
      lines.push({ ...cg, amount: money(cb - ca) }, { ...sg, amount: money(sb - sa) });
    } else {
      lines.push({ ...(group[0] as TaxLine), amount: money(share) });
    }
  });
  const tax = lines.reduce((s, l) => s + cents(l.amount), 0n);
  return {
    regime: of.regime,
    taxable: money(b.taxable - a.taxable),
    lines,
    tax: money(tax),
    total: money(amount),
    hsn: of.hsn,
    ...(of.making
      ? { making: { sac: of.making.sac, taxable: money(b.makingTaxable - a.makingTaxable), tax: money(b.makingTax - a.makingTax) } }
      : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// GSTIN

const GSTIN_CHARS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const GSTIN_PATTERN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** The check character of a GSTIN's first 14 characters (the GSTN's mod-36 scheme). */
export function gstinCheckChar(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = GSTIN_CHARS.indexOf(first14.charAt(i)) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARS.charAt((36 - (sum % 36)) % 36);
}

/**
 * Why a GSTIN is not one (null when it is): 15 characters, the state code, the PAN, the entity
 * number, "Z" and the check character, e.g. 27AAPFU0939F1ZV.
 */
export function gstinProblem(gstin: string): string | null {
  if (!GSTIN_PATTERN.test(gstin))
    return "Enter a GSTIN of 15 characters: 2-digit state code, 10-character PAN, entity number, Z, check character (e.g. 27AAPFU0939F1ZV).";
  const state = Number(gstin.slice(0, 2));
  if (state < 1 || state > 38) return `${gstin.slice(0, 2)} is not a GST state code (01 to 38).`;
  if (gstinCheckChar(gstin.slice(0, 14)) !== gstin.charAt(14))
    return "This GSTIN's check character does not match: check it for a typing mistake.";
  return null;
}
