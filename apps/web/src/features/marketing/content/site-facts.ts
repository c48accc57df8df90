/**
 * Business facts the public pages repeat (spec §1 and §9). They live here rather than being
 * imported from @atelier/contract because the prerendered pages must not pull zod into the
 * landing page's bundle; keep them in step with the spec.
 */
export const SAVINGS = "up to 40%";
export const DELIVERY_PROMISE = "about 15 days after your advance payment";
export const PRODUCTION_TIME = "2 to 4 weeks after you approve the design";
export const METALS = ["10k, 14k and 18k gold", "sterling silver"] as const;
export const CAD_FORMATS = ["STL", "OBJ", "STEP", "3DM"] as const;

export const SUPPORT_HOURS = [
  { days: "Mon-Fri", hours: "9AM-8PM IST" },
  { days: "Sat", hours: "10AM-5PM IST" },
  { days: "Sun", hours: "Closed" },
] as const;
export const PHONE_HOURS = "Mon-Fri 9AM-5PM IST";
export const EMAIL_RESPONSE = "within 24 hours";

export const TAGLINE = "Upload, get a quote, approve, watch it come to life.";
