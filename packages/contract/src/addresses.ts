import { z } from "zod";
import type { Order } from "./lifecycle.ts";
import type { OrderStatus } from "./orders.ts";

/**
 * A postal address as the customer keeps it and as an order snapshots it (delivery, billing).
 * `country` is an ISO 3166-1 alpha-2 code ("IN", "US"); `state` is the state, province or region
 * as written (for India, the GST state name, e.g. "Maharashtra"). Per-country checks (postal code,
 * phone) refine this base shape where the addresses module validates input.
 */
export const postalAddressSchema = z.object({
  name: z.string().trim().min(1).max(120),
  phone: z.string().trim().max(30),
  line1: z.string().trim().min(1).max(200),
  line2: z.string().trim().max(200),
  city: z.string().trim().min(1).max(100),
  state: z.string().trim().max(100),
  postal_code: z.string().trim().max(20),
  country: z.string().regex(/^[A-Z]{2}$/),
});
export type PostalAddress = z.infer<typeof postalAddressSchema>;

/**
 * Countries an address may name (ISO 3166-1 alpha-2). Names come from `Intl.DisplayNames`
 * (`countryName`), so no table of names is kept here.
 */
export const COUNTRY_CODES = /* @__PURE__ */ (
  "AD AE AF AG AI AL AM AO AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BW BY BZ " +
  "CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR " +
  "GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GT GU GW GY HK HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP " +
  "KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS " +
  "MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PR PS PT PW PY QA RE RO RS RU " +
  "RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TG TH TJ TK TL TM TN TO TR TT TV TW TZ " +
  "UA UG US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW"
).split(" ");

/** "India" for "IN"; the code itself where the runtime has no name for it. */
export function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(["en"], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * India's states and union territories as GST names them, with their GST state codes (the first
 * two digits of a GSTIN). An Indian address names one of these exactly, so tax can tell an
 * intra-state supply (CGST + SGST) from an inter-state one (IGST).
 */
export const INDIAN_GST_STATES = [
  { code: "01", name: "Jammu and Kashmir" },
  { code: "02", name: "Himachal Pradesh" },
  { code: "03", name: "Punjab" },
  { code: "04", name: "Chandigarh" },
  { code: "05", name: "Uttarakhand" },
  { code: "06", name: "Haryana" },
  { code: "07", name: "Delhi" },
  { code: "08", name: "Rajasthan" },
  { code: "09", name: "Uttar Pradesh" },
  { code: "10", name: "Bihar" },
  { code: "11", name: "Sikkim" },
  { code: "12", name: "Arunachal Pradesh" },
  { code: "13", name: "Nagaland" },
  { code: "14", name: "Manipur" },
  { code: "15", name: "Mizoram" },
  { code: "16", name: "Tripura" },
  { code: "17", name: "Meghalaya" },
  { code: "18", name: "Assam" },
  { code: "19", name: "West Bengal" },
  { code: "20", name: "Jharkhand" },
  { code: "21", name: "Odisha" },
  { code: "22", name: "Chhattisgarh" },
  { code: "23", name: "Madhya Pradesh" },
  { code: "24", name: "Gujarat" },
  { code: "26", name: "Dadra and Nagar Haveli and Daman and Diu" },
  { code: "27", name: "Maharashtra" },
  { code: "29", name: "Karnataka" },
  { code: "30", name: "Goa" },
  { code: "31", name: "Lakshadweep" },
  { code: "32", name: "Kerala" },
  { code: "33", name: "Tamil Nadu" },
  { code: "34", name: "Puducherry" },
  { code: "35", name: "Andaman and Nicobar Islands" },
  { code: "36", name: "Telangana" },
  { code: "37", name: "Andhra Pradesh" },
  { code: "38", name: "Ladakh" },
] as const;
export type IndianGstState = (typeof INDIAN_GST_STATES)[number]["name"];

/** The GST state code ("27") of an Indian state's name ("Maharashtra"), or undefined. */
export function gstStateCode(state: string): string | undefined {
  const wanted = state.trim().toLowerCase();
  return INDIAN_GST_STATES.find((s) => s.name.toLowerCase() === wanted)?.code;
}

/** The addresses form's messages (the server adds the per-country ones: postal code, phone, state). */
export const ADDRESS_MESSAGES = {
  name: "Enter the name of the person who receives the parcel.",
  phone: "Enter a phone number the courier can call.",
  line1: "Enter the house or flat number and street.",
  city: "Enter the city or town.",
  country: "Choose a country.",
  indianState: "Choose the state or union territory, as GST names it.",
} as const;

const field = (max: number) => z.string().trim().max(max, `Ensure this field has no more than ${max} characters.`);
const required = (max: number, message: string) => field(max).min(1, message);

/** A saved address as the customer writes it; per-country checks (postal code, phone, Indian state) run on the server. */
export const addressInputSchema = z.object({
  name: required(120, ADDRESS_MESSAGES.name),
  phone: required(30, ADDRESS_MESSAGES.phone),
  line1: required(200, ADDRESS_MESSAGES.line1),
  line2: field(200).default(""),
  city: required(100, ADDRESS_MESSAGES.city),
  state: field(100).default(""),
  postal_code: field(20).default(""),
  country: z
    .string()
    .trim()
    .transform((v) => v.toUpperCase())
    .refine((v) => COUNTRY_CODES.includes(v), ADDRESS_MESSAGES.country),
  is_default_delivery: z.boolean().default(false),
  is_default_billing: z.boolean().default(false),
});
export type AddressInput = z.input<typeof addressInputSchema>;

/** A customer's saved address: the postal address with its id and default flags. */
export const addressSchema = postalAddressSchema.extend({
  id: z.string(),
  is_default_delivery: z.boolean(),
  is_default_billing: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Address = z.infer<typeof addressSchema>;
export const addressListSchema = z.array(addressSchema);

/** PUT /api/orders/{id}/addresses/: which saved addresses the order ships to and bills; billing defaults to delivery. */
export const orderAddressesInputSchema = z.object({
  delivery_address_id: z.string().trim().min(1, "Choose the address the piece ships to."),
  billing_address_id: z.string().trim().nullish(),
});
export type OrderAddressesInput = z.input<typeof orderAddressesInputSchema>;

/** The address as lines for a label, an e-mail or a page ("Asha Rao", "12 MG Road", "Pune 411001, Maharashtra", "India"). */
export function addressLines(a: PostalAddress): string[] {
  // North America and Australia write "City, ST 94105"; India and most others "City 411001, State".
  const place = STATE_BEFORE_POSTAL_CODE.has(a.country)
    ? [a.city, [a.state, a.postal_code].filter(Boolean).join(" ")].filter(Boolean).join(", ")
    : [[a.city, a.postal_code].filter(Boolean).join(" "), a.state].filter(Boolean).join(", ");
  return [a.name, a.line1, a.line2, place, countryName(a.country)].filter((l) => l.trim() !== "");
}
const STATE_BEFORE_POSTAL_CODE = new Set(["US", "CA", "AU"]);

/** A postal address as a form sends it (the saved address's fields without its default flags). */
export const postalAddressInputSchema = addressInputSchema.omit({ is_default_delivery: true, is_default_billing: true });

/** PUT /api/staff/orders/{id}/addresses/: staff correct the order's addresses as typed; billing defaults to delivery. */
export const staffOrderAddressesInputSchema = z.object({
  delivery_address: postalAddressInputSchema,
  billing_address: postalAddressInputSchema.nullish(),
});
export type StaffOrderAddressesInput = z.input<typeof staffOrderAddressesInputSchema>;

/** Statuses in which the customer chooses where the piece ships: from the confirmed advance until it leaves. */
const ADDRESS_CHOICE_STATUSES: readonly OrderStatus[] = ["approved", "cad_design", "cad_approved", "manufacturing", "quality_check", "ready_to_ship"];

/**
 * Whether the customer can still choose the order's delivery address: from the advance onward,
 * until the balance is confirmed (the server refuses later changes with a 409; staff correct them).
 */
export function canChooseOrderAddress(order: Pick<Order, "status" | "payments">): boolean {
  if (!ADDRESS_CHOICE_STATUSES.includes(order.status)) return false;
  return !order.payments.some((p) => p.kind === "balance" && p.status === "confirmed");
}
