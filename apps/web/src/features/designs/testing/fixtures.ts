import type { Design, ExtractedProduct } from "@atelier/contract";
import { extractedProductSchema } from "@atelier/contract";

export function makeDesign(overrides: Partial<Design> = {}): Design {
  return {
    id: "0b6c1c2e-5a7e-4a55-9d7a-3f1f7d1f0a01",
    name: "Anniversary solitaire",
    design_type: "ring",
    description: "A classic solitaire.",
    inspiration_link: "",
    metal_type: "gold",
    metal_color: "rose",
    purity: "18K",
    metal: "",
    weight: 4.5,
    weight_unit: "g",
    style: "Classic",
    setting_type: "Prong",
    band_width: 2,
    design_features: "",
    stones: [],
    stones_text: "",
    length: null,
    width: null,
    height: null,
    size: "",
    ring_size: "7",
    chain_length: "",
    budget: 75000,
    budget_range: "",
    currency: "INR",
    special_requests: "",
    stone_type: "",
    stone_size: "",
    stone_color: "",
    stone_cut: "",
    stone_setting: "",
    images: [],
    status: "pending",
    source: "custom",
    created_at: "2025-03-01T10:00:00.000Z",
    updated_at: "2025-03-01T10:00:00.000Z",
    ...overrides,
  };
}

export function makeProduct(overrides: Partial<ExtractedProduct> = {}): ExtractedProduct {
  return extractedProductSchema.parse({
    title: "Rose Gold Halo Ring",
    url: "https://shop.example.com/products/halo-ring",
    description: "A halo of pavé diamonds.",
    price: 1299,
    currency: "USD",
    jewelry_type: "Ring",
    source_website: "shop.example.com",
    stones: [{ stone_type: "Diamond", stone_carat: 0.5, stone_color: "G", stone_clarity: "VS1", quantity: 2 }],
    metal_details: { purity: "18K", metal_type: "Gold", metal_color: "Rose", weight: 3.2, weight_unit: "g" },
    dimensions: { size: "7", width: "NA", height: "NA", length: "NA" },
    media: { video_url: "", image_urls: ["https://shop.example.com/a.jpg"] },
    missing: ["metal_details.weight", "authentication.certificate_type"],
    ...overrides,
  });
}
