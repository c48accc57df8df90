import { z } from "zod";

/** Where a lead was written: the contact page or the landing page's form. */
export const LEAD_SOURCES = ["contact", "home"] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

export const LEAD_LIMITS = { name: 120, email: 254, phone: 40, designIdea: 2000 } as const;

const REQUIRED = "This field is required.";
const tooLong = (n: number) => `Ensure this field has no more than ${n} characters.`;
/** Digits with the usual separators: +91 98765 43210, (555) 010-2233. */
const PHONE_PATTERN = /^\+?[0-9 ()./-]{6,}$/;

export const leadRequestSchema = z.object({
  name: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(LEAD_LIMITS.name, tooLong(LEAD_LIMITS.name)),
  email: z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .max(LEAD_LIMITS.email, tooLong(LEAD_LIMITS.email))
    .pipe(z.email("Enter a valid email address.")),
  phone: z
    .string()
    .trim()
    .max(LEAD_LIMITS.phone, tooLong(LEAD_LIMITS.phone))
    .refine((v) => v === "" || PHONE_PATTERN.test(v), "Enter a valid phone number.")
    .default(""),
  design_idea: z.string().trim().max(LEAD_LIMITS.designIdea, tooLong(LEAD_LIMITS.designIdea)).default(""),
  source: z.enum(LEAD_SOURCES, { error: `Choose one of: ${LEAD_SOURCES.join(", ")}.` }),
  /** Honeypot: hidden from people, filled in by form-filling bots. Must stay empty. */
  website: z.string().max(500).optional(),
});
export type LeadRequest = z.input<typeof leadRequestSchema>;

/** What a visitor types into a lead form (the form adds its source and the honeypot). */
export const leadFieldsSchema = leadRequestSchema.pick({ name: true, email: true, phone: true, design_idea: true });
export type LeadFields = z.output<typeof leadFieldsSchema>;

export const leadResponseSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  design_idea: z.string(),
  source: z.enum(LEAD_SOURCES),
  created_at: z.string(),
});
export type Lead = z.infer<typeof leadResponseSchema>;
