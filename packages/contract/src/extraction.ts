import { z } from "zod";

/** Body of `POST /api/scrape/`. The URL itself is vetted by the server's safe fetcher. */
export const scrapeRequestSchema = z.object({
  url: z.string().trim().min(1, "Please enter a product link").max(2048),
});
export type ScrapeRequest = z.infer<typeof scrapeRequestSchema>;

/** Where an extracted field was read from, best first. */
export const extractionSourceSchema = z.enum([
  "shopify-json",
  "json-ld",
  "microdata",
  "rdfa",
  "opengraph",
  "embedded-state",
  "visible-page",
  "text-attributes",
  "url",
]);
export type ExtractionSource = z.infer<typeof extractionSourceSchema>;

export const extractedStoneSchema = z.object({
  stone_type: z.string().default(""),
  stone_carat: z.number().nonnegative().nullable().default(null),
  stone_color: z.string().default(""),
  stone_clarity: z.string().default(""),
  stone_cut: z.string().default("NA"),
  quantity: z.number().int().min(1).default(1),
  position: z.string().default(""),
  shape: z.string().optional(),
  certificate: z.string().optional(),
});
export type ExtractedStone = z.infer<typeof extractedStoneSchema>;

export const extractedDimensionsSchema = z.object({
  size: z.string().default("NA"),
  width: z.string().default("NA"),
  height: z.string().default("NA"),
  length: z.string().default("NA"),
});

export const extractedMetalDetailsSchema = z.object({
  purity: z.string().default(""),
  weight: z.number().nonnegative().nullable().default(null),
  metal_type: z.string().default(""),
  metal_color: z.string().default(""),
  weight_unit: z.string().default("g"),
});

export const extractedAuthenticationSchema = z.object({
  certificate_type: z.string().default(""),
  certificate_number: z.string().default(""),
});

export const extractedDesignDetailsSchema = z.object({
  band_width: z.string().default(""),
  setting_type: z.string().default(""),
  design_features: z.string().default(""),
});

export const extractedMediaSchema = z.object({
  video_url: z.string().default(""),
  image_urls: z.array(z.url()).default([]),
});

/** Fields of the spec's "Extracted product" that `missing` may name. */
export const extractedProductFields = [
  "title",
  "description",
  "product_id",
  "price",
  "currency",
  "jewelry_type",
  "style",
  "collection",
  "is_available",
  "stones",
  "dimensions.size",
  "dimensions.width",
  "dimensions.height",
  "dimensions.length",
  "metal_details.purity",
  "metal_details.weight",
  "metal_details.metal_type",
  "metal_details.metal_color",
  "authentication.certificate_type",
  "authentication.certificate_number",
  "design_details.band_width",
  "design_details.setting_type",
  "design_details.design_features",
  "media.video_url",
  "media.image_urls",
] as const;
export type ExtractedProductField = (typeof extractedProductFields)[number];

export const extractedProductSchema = z.object({
  title: z.string().default(""),
  url: z.string(),
  description: z.string().default(""),
  product_id: z.string().default(""),
  price: z.number().nonnegative().nullable().default(null),
  /** Price before a sale (compare-at / strikethrough), when the page shows one. */
  list_price: z.number().nonnegative().nullable().default(null),
  currency: z.string().default("USD"),
  jewelry_type: z.string().default("Ring"),
  style: z.string().default(""),
  collection: z.string().default(""),
  source_website: z.string().default(""),
  is_available: z.boolean().default(true),
  stones: z.array(extractedStoneSchema).default([]),
  dimensions: extractedDimensionsSchema.default({ size: "NA", width: "NA", height: "NA", length: "NA" }),
  metal_details: extractedMetalDetailsSchema.default({
    purity: "",
    weight: null,
    metal_type: "",
    metal_color: "",
    weight_unit: "g",
  }),
  authentication: extractedAuthenticationSchema.default({ certificate_type: "", certificate_number: "" }),
  design_details: extractedDesignDetailsSchema.default({ band_width: "", setting_type: "", design_features: "" }),
  media: extractedMediaSchema.default({ video_url: "", image_urls: [] }),
  /** Field path (e.g. "price", "metal_details.purity") → the markup it came from. */
  sources: z.record(z.string(), extractionSourceSchema).default({}),
  /** Spec fields that the page did not provide; defaults were filled in for them. */
  missing: z.array(z.string()).default([]),
});
export type ExtractedProduct = z.infer<typeof extractedProductSchema>;
