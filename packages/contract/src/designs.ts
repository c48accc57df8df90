import { z } from "zod";
import { CURRENCIES, paginatedSchema } from "./common.ts";
import { DESIGN_STATUSES, ORDER_STATUSES, UPLOAD_STATUSES } from "./orders.ts";
import { MAX_ESTIMATE_AMOUNT, estimateSchema } from "./pricing.ts";

export const DESIGN_TYPES = ["ring", "necklace", "earrings", "bracelet", "nose_pin", "pendant", "other"] as const;
export type DesignType = (typeof DESIGN_TYPES)[number];
export const DESIGN_TYPE_LABELS: Record<DesignType, string> = {
  ring: "Ring",
  necklace: "Necklace",
  earrings: "Earrings",
  bracelet: "Bracelet",
  nose_pin: "Nose Pin",
  pendant: "Pendant",
  other: "Other",
};

export const METAL_TYPES = ["gold", "platinum", "silver", "other"] as const;
export type MetalType = (typeof METAL_TYPES)[number];
export const METAL_TYPE_LABELS: Record<MetalType, string> = { gold: "Gold", platinum: "Platinum", silver: "Sterling Silver", other: "Other" };

export const METAL_COLORS = ["yellow", "white", "rose"] as const;
export type MetalColor = (typeof METAL_COLORS)[number];
export const METAL_COLOR_LABELS: Record<MetalColor, string> = { yellow: "Yellow", white: "White", rose: "Rose" };

export const PURITIES = ["14K", "18K", "22K", "24K", "925", "950"] as const;
export type Purity = (typeof PURITIES)[number];

export const STONE_CUT_DEFAULT = "NA";
export const MAX_IMAGES_PER_DESIGN = 10;
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const ALLOWED_IMAGE_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const;

/** Links are shown as <a href>: only http(s), never javascript: or data:. */
const httpUrl = z.url({ protocol: /^https?$/, error: "Enter a valid URL." });
const text = (max: number) => z.string().trim().max(max, `Ensure this field has no more than ${max} characters.`);
/** Optional enum: an empty string means "not chosen". */
const optionalEnum = <T extends readonly [string, ...string[]]>(values: T) => z.union([z.enum(values), z.literal("")]).default("");
/**
 * What jewellery can be: the largest figure each field of a design takes (documented in
 * docs/limits.md). A figure beyond these is refused with a field error, so that no estimate,
 * list or PDF has to deal with a 24 kg ring or a million stones. The estimate computed from the
 * figures must also fit an amount of the API (`MAX_ESTIMATE_AMOUNT`), or the design is refused.
 */
export const DESIGN_LIMITS = {
  /** grams of metal: the heaviest bridal necklace sets weigh about a kilogram. */
  weight: 2_000,
  /** millimetres: a wide cuff. */
  band_width: 100,
  /** millimetres: a long (opera, rope) necklace is about 1 m. */
  length: 1_500,
  width: 1_500,
  height: 1_500,
  /** carats of one stone (the largest cut diamonds are about 500 ct). */
  stone_carat: 500,
  /** stones of one row (a full pavé piece has some hundreds). */
  quantity: 2_000,
  /** in the design's currency; the same ceiling as an estimate and an amount staff type in a quote. */
  budget: MAX_ESTIMATE_AMOUNT,
} as const;

export const tooLargeMessage = (max: number) => `Ensure this value is less than or equal to ${max}.`;
export const NEGATIVE_MESSAGE = "Ensure this value is greater than or equal to 0.";

/** Optional non-negative number up to `max`; "" and null mean "not given". Numbers may arrive as strings from forms. */
const optionalNumber = (decimals: number, max: number) =>
  z.preprocess(
    (v) => (v === "" || v === undefined ? null : typeof v === "string" ? Number(v) : v),
    z
      .number({ error: "A valid number is required." })
      .nonnegative(NEGATIVE_MESSAGE)
      .max(max, tooLargeMessage(max))
      .refine((n) => Number.isFinite(n) && Math.abs(n * 10 ** decimals - Math.round(n * 10 ** decimals)) < 1e-6, {
        message: `Ensure that there are no more than ${decimals} decimal places.`,
      })
      .nullable(),
  );

export const stoneInputSchema = z.object({
  stone_type: text(100).default(""),
  stone_cut: text(100).default(STONE_CUT_DEFAULT).transform((v) => v || STONE_CUT_DEFAULT),
  stone_carat: optionalNumber(2, DESIGN_LIMITS.stone_carat).default(null),
  stone_color: text(50).default(""),
  stone_clarity: text(50).default(""),
  position: text(100).default(""),
  quantity: z.preprocess(
    (v) => (v === "" || v === undefined || v === null ? 1 : typeof v === "string" ? Number(v) : v),
    z
      .number({ error: "A valid number is required." })
      .int("Quantity must be a whole number.")
      .min(1, "Quantity must be at least 1.")
      .max(DESIGN_LIMITS.quantity, tooLargeMessage(DESIGN_LIMITS.quantity)),
  ),
});
export type StoneInput = z.input<typeof stoneInputSchema>;
export type Stone = z.output<typeof stoneInputSchema>;

/** The `data` JSON of the multipart create (POST) and edit (PUT) of a design. */
export const designInputSchema = z.object({
  name: z.string({ error: "Design name is required." }).trim().min(1, "Design name is required.").max(200),
  design_type: z.enum(DESIGN_TYPES).default("other"),
  description: z.string({ error: "Design description is required." }).trim().min(1, "Design description is required.").max(5000),
  inspiration_link: z.union([z.literal(""), httpUrl.max(2048)]).default(""),
  metal_type: optionalEnum(METAL_TYPES),
  metal_color: optionalEnum(METAL_COLORS),
  purity: optionalEnum(PURITIES),
  weight: optionalNumber(2, DESIGN_LIMITS.weight).default(null),
  weight_unit: z.enum(["g"]).default("g"),
  style: text(200).default(""),
  setting_type: text(200).default(""),
  band_width: optionalNumber(2, DESIGN_LIMITS.band_width).default(null),
  design_features: text(2000).default(""),
  stones: z.array(stoneInputSchema).max(50).default([]),
  length: optionalNumber(2, DESIGN_LIMITS.length).default(null),
  width: optionalNumber(2, DESIGN_LIMITS.width).default(null),
  height: optionalNumber(2, DESIGN_LIMITS.height).default(null),
  size: text(50).default(""),
  ring_size: text(50).default(""),
  chain_length: text(50).default(""),
  budget: optionalNumber(2, DESIGN_LIMITS.budget).default(null),
  budget_range: text(100).default(""),
  currency: z.enum(CURRENCIES).default("INR"),
  special_requests: text(2000).default(""),
  /** Edit only: ids of existing images to remove. */
  remove_image_ids: z.array(z.uuid()).max(MAX_IMAGES_PER_DESIGN).default([]),
});
export type DesignInput = z.input<typeof designInputSchema>;
export type DesignData = z.output<typeof designInputSchema>;

/** The JSON save of an extracted product (spec §7): texts as given, parsed where possible. */
export const designFromLinkSchema = z.object({
  name: z.string().trim().max(200).optional().transform((v) => v || "Untitled Design"),
  design_type: z
    .string()
    .trim()
    .optional()
    .transform((v) => {
      const key = (v ?? "").toLowerCase().replace(/[\s-]+/g, "_");
      return (DESIGN_TYPES as readonly string[]).includes(key) ? (key as DesignType) : "other";
    }),
  description: text(5000).default(""),
  inspiration_link: z.union([z.literal(""), httpUrl.max(2048)]).default(""),
  metal: text(300).default(""),
  stones: text(2000).default(""),
  size: text(50).default(""),
  budget: text(100).default(""),
  /**
   * Beyond spec §7, so that nothing the shopper completed in the review form is lost: the design
   * details as texts, read into the design's fields where possible (weight in grams, lengths in mm).
   */
  style: text(200).default(""),
  setting_type: text(200).default(""),
  design_features: text(2000).default(""),
  weight: text(50).default(""),
  band_width: text(50).default(""),
  length: text(50).default(""),
  width: text(50).default(""),
  height: text(50).default(""),
  /**
   * Beyond spec §7: the product's photos. The server copies them (same address checks as the
   * page fetch) and keeps them as the design's reference images; a photo it cannot fetch is skipped.
   */
  image_urls: z.array(httpUrl.max(2048)).max(MAX_IMAGES_PER_DESIGN, `A design can have at most ${MAX_IMAGES_PER_DESIGN} images.`).default([]),
});
export type DesignFromLink = z.input<typeof designFromLinkSchema>;

export const designImageSchema = z.object({
  id: z.string(),
  /** Short-lived signed URL of the original; a plain <img> works. */
  image: z.string(),
  thumbnail: z.string(),
  /** Signed URL of a 1024 px WebP rendition, for the detail view (the original may be 10 MB). */
  preview: z.string().optional(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type DesignImage = z.infer<typeof designImageSchema>;

/** A stone as responses carry it (plain fields: response schemas must not transform). */
export const stoneSchema = z.object({
  id: z.string(),
  stone_type: z.string(),
  stone_cut: z.string(),
  stone_carat: z.number().nullable(),
  stone_color: z.string(),
  stone_clarity: z.string(),
  position: z.string(),
  quantity: z.number().int(),
});
export type StoneResponse = z.infer<typeof stoneSchema>;

export const designSchema = z.object({
  id: z.string(),
  name: z.string(),
  design_type: z.enum(DESIGN_TYPES),
  description: z.string(),
  inspiration_link: z.string(),
  metal_type: z.string(),
  metal_color: z.string(),
  purity: z.string(),
  /** The metal as text, as the link save gave it ("18K Rose Gold"). */
  metal: z.string(),
  weight: z.number().nullable(),
  weight_unit: z.string(),
  style: z.string(),
  setting_type: z.string(),
  band_width: z.number().nullable(),
  design_features: z.string(),
  stones: z.array(stoneSchema),
  /** The stones as text, as the link save gave them. */
  stones_text: z.string(),
  length: z.number().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  size: z.string(),
  ring_size: z.string(),
  chain_length: z.string(),
  budget: z.number().nullable(),
  budget_range: z.string(),
  currency: z.enum(CURRENCIES),
  special_requests: z.string(),
  stone_type: z.string(),
  stone_size: z.string(),
  stone_color: z.string(),
  stone_cut: z.string(),
  stone_setting: z.string(),
  images: z.array(designImageSchema),
  status: z.enum(DESIGN_STATUSES),
  source: z.enum(["custom", "link"]),
  created_at: z.string(),
  updated_at: z.string(),
  /** The order the design was submitted as (null only while a migration has not reached it). */
  order: z.object({ id: z.string(), order_number: z.string(), status: z.enum(ORDER_STATUSES) }).nullable(),
  estimate: estimateSchema.nullable(),
  /** Whether the design (and its images) may still be edited or deleted: only while its order is initiated or cancelled. */
  editable: z.boolean(),
});
export type Design = z.infer<typeof designSchema>;

export const designListSchema = paginatedSchema(designSchema);

export const uploadSchema = z.object({
  id: z.string(),
  file_name: z.string(),
  size: z.number().int(),
  content_type: z.string(),
  status: z.enum(UPLOAD_STATUSES),
  /** Where the file is used, e.g. the design it belongs to. */
  design_id: z.string().nullable(),
  design_name: z.string().nullable(),
  /** Signed URLs, only for completed files. */
  url: z.string().nullable(),
  thumbnail: z.string().nullable(),
  created_at: z.string(),
  /** False while the file belongs to a design whose order is past `initiated` (ask in the order's comments instead). */
  deletable: z.boolean(),
});
export type Upload = z.infer<typeof uploadSchema>;
export const uploadListSchema = paginatedSchema(uploadSchema);

/**
 * What the customer told about the piece beyond its name, type, description and link: the
 * fields of the custom form (and of a link save) as a design response carries them. The order
 * carries them too (`order.design.details`), so staff and the order PDF see what was asked for.
 */
export const designDetailsSchema = designSchema.pick({
  metal_type: true,
  metal_color: true,
  purity: true,
  metal: true,
  weight: true,
  weight_unit: true,
  style: true,
  setting_type: true,
  band_width: true,
  design_features: true,
  stones: true,
  stones_text: true,
  length: true,
  width: true,
  height: true,
  size: true,
  ring_size: true,
  chain_length: true,
  budget: true,
  budget_range: true,
  currency: true,
  special_requests: true,
});
export type DesignDetails = z.infer<typeof designDetailsSchema>;

/**
 * Body of `POST /api/designs/estimate/` (anonymous): the instant estimate of design details that
 * are not saved, in the same shapes as a design's creation (minus its images), told apart by
 * `source`. `custom` is the custom form's fields (name and description may still be empty: the
 * estimate does not read them); `link` is the JSON save of a reviewed extracted product (its
 * `image_urls`, if sent, are ignored). The figures are read exactly as the save reads them, so the
 * estimate before sign-up is the estimate the saved design gets.
 */
export const designEstimateRequestSchema = z.discriminatedUnion("source", [
  designInputSchema.omit({ remove_image_ids: true }).extend({
    source: z.literal("custom"),
    name: z.string().trim().max(200).default(""),
    description: z.string().trim().max(5000).default(""),
  }),
  designFromLinkSchema.omit({ image_urls: true }).extend({ source: z.literal("link") }),
]);
export type DesignEstimateRequest = z.input<typeof designEstimateRequestSchema>;
export type DesignEstimateDetails = z.output<typeof designEstimateRequestSchema>;
