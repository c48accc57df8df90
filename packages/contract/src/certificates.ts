import { z } from "zod";

/**
 * Certificates staff attach to an order: a hallmark for the metal, a grading report for a stone
 * (GIA, IGI, HRD) or another lab's document, each with its PDF or image.
 */

export const CERTIFICATE_TYPES = ["hallmark", "gia", "igi", "hrd", "other"] as const;
export type CertificateType = (typeof CERTIFICATE_TYPES)[number];

export const CERTIFICATE_TYPE_LABELS: Record<CertificateType, string> = {
  hallmark: "Hallmark",
  gia: "GIA",
  igi: "IGI",
  hrd: "HRD",
  other: "Other",
};

/** The issuing lab a type implies (staff may still name a branch); hallmarks and others name theirs. */
export const CERTIFICATE_DEFAULT_LABS: Record<CertificateType, string> = {
  hallmark: "",
  gia: "GIA",
  igi: "IGI",
  hrd: "HRD Antwerp",
  other: "",
};

/** A certificate's file: a PDF or a JPEG, PNG or WebP image, recognised by content. */
export const MAX_CERTIFICATE_BYTES = 10 * 1024 * 1024;
export const CERTIFICATE_FILE_TYPES = ["application/pdf", "image/jpeg", "image/png", "image/webp"] as const;
export const CERTIFICATE_FILE_EXTENSIONS = [".pdf", ".jpg", ".jpeg", ".png", ".webp"] as const;

/** "GIA 2141 438 171" and "gia2141438171" are the same report: upper case, letters and digits only. */
export function normaliseCertificateNumber(number: string): string {
  return number.toUpperCase().replace(/[^A-Z0-9]/g, "");
}

/**
 * The lab's public report check for this certificate, or null where the lab offers none
 * (a hallmark's HUID is checked in the BIS Care app; other labs vary).
 */
export function certificateVerifyUrl(type: CertificateType, number: string): string | null {
  const n = encodeURIComponent(normaliseCertificateNumber(number));
  if (!n) return null;
  switch (type) {
    case "gia":
      return `https://www.gia.edu/report-check?reportno=${n}`;
    case "igi":
      return `https://www.igi.org/verify-your-report/?r=${n}`;
    case "hrd":
      return `https://my.hrdantwerp.com/?record_number=${n}`;
    case "hallmark":
    case "other":
      return null;
  }
}

/** "Verify at GIA": the name the verify link carries. */
export const certificateVerifyLabel = (type: CertificateType) =>
  `Verify at ${CERTIFICATE_DEFAULT_LABS[type] || CERTIFICATE_TYPE_LABELS[type]}`;

export const certificateSchema = z.object({
  id: z.string(),
  order_id: z.string(),
  type: z.enum(CERTIFICATE_TYPES),
  lab: z.string(),
  number: z.string(),
  /** The day the lab issued it, `YYYY-MM-DD`. */
  issued_on: z.string(),
  /** The stone (or part of the piece) it covers; empty for the whole piece. */
  stone: z.string(),
  /** The lab's report check, where it has one. */
  verify_url: z.string().nullable(),
  file: z.object({
    file_name: z.string(),
    content_type: z.string(),
    size: z.number().int(),
    /** A signed, expiring URL; add `&download=1` to download instead of view. */
    url: z.string(),
  }),
  created_at: z.string(),
});
export type Certificate = z.infer<typeof certificateSchema>;
export const certificateListSchema = z.array(certificateSchema);

const REQUIRED = "This field is required.";
const max = (n: number) => `Ensure this field has no more than ${n} characters.`;

const numberField = z
  .string({ error: REQUIRED })
  .trim()
  .min(1, { error: REQUIRED, abort: true })
  .max(40, max(40))
  .regex(/^[A-Za-z0-9][A-Za-z0-9 ./-]*$/, "Use letters, digits, spaces, dots, dashes or slashes; start with a letter or digit.");

const certificateFields = z.object({
  type: z.enum(CERTIFICATE_TYPES, { error: "Choose hallmark, GIA, IGI, HRD or other." }),
  number: numberField,
  /** Optional for GIA, IGI and HRD (the lab's name is filled in). */
  lab: z.string().trim().max(120, max(120)).default(""),
  issued_on: z.iso.date({ error: "Enter a date as YYYY-MM-DD." }),
  stone: z.string().trim().max(200, max(200)).default(""),
});

const labNeeded = (v: { type: CertificateType; lab: string }) => v.lab !== "" || CERTIFICATE_DEFAULT_LABS[v.type] !== "";
const LAB_NEEDED = { message: "Name the issuing lab or hallmarking centre.", path: ["lab"] };

/**
 * POST /api/staff/orders/{id}/certificates/ is multipart: `data` (this, as JSON) and `file`
 * (the certificate as PDF, JPEG, PNG or WebP, 10 MB at most).
 */
export const certificateInputSchema = certificateFields.refine(labNeeded, LAB_NEEDED);
export type CertificateInput = z.input<typeof certificateInputSchema>;

/** PATCH /api/staff/certificates/{id}/ (JSON): the fields that change; the file stays. */
export const certificatePatchSchema = certificateFields
  .partial()
  .extend({ lab: z.string().trim().max(120, max(120)).optional(), stone: z.string().trim().max(200, max(200)).optional() })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: "Nothing to change.", path: ["non_field_errors"] });
export type CertificatePatch = z.input<typeof certificatePatchSchema>;
