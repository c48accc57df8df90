import { z } from "zod";

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
