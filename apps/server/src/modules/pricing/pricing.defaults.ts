import { DEFAULT_TAX_RULES, type PricingTables, type StoneQualityBand } from "@atelier/contract";

/** Per-carat prices of one stone type in the three quality bands (standard, fine, premium). */
function stone(stone_type: string, standard: string, fine: string, premium: string): PricingTables["stone_rates"] {
  const bands: [StoneQualityBand, string][] = [
    ["standard", standard],
    ["fine", fine],
    ["premium", premium],
  ];
  return bands.map(([band, price_per_carat]) => ({ stone_type, band, price_per_carat }));
}

/**
 * The seeded pricing table (version 1), in INR, for an Indian fine-jewellery workshop. Admins
 * replace it with a new version from the staff console; these figures only have to be sensible
 * until then. Gold follows fineness from 24K (22K ≈ 91.6 %, 18K = 75 %, 14K = 58.5 %) plus a
 * little for alloying; `gemstone` is the rate for any stone type the table does not name.
 */
export const DEFAULT_PRICING_TABLES: PricingTables = {
  base_currency: "INR",
  metal_rates: [
    { metal_type: "gold", purity: "24K", price_per_gram: "9500.00" },
    { metal_type: "gold", purity: "22K", price_per_gram: "8710.00" },
    { metal_type: "gold", purity: "18K", price_per_gram: "7150.00" },
    { metal_type: "gold", purity: "14K", price_per_gram: "5580.00" },
    { metal_type: "platinum", purity: "950", price_per_gram: "3400.00" },
    { metal_type: "silver", purity: "925", price_per_gram: "105.00" },
  ],
  default_purity: { gold: "18K", platinum: "950", silver: "925" },
  stone_rates: [
    ...stone("diamond", "60000.00", "120000.00", "250000.00"),
    ...stone("lab_grown_diamond", "15000.00", "25000.00", "40000.00"),
    ...stone("ruby", "20000.00", "60000.00", "150000.00"),
    ...stone("sapphire", "15000.00", "45000.00", "120000.00"),
    ...stone("emerald", "18000.00", "50000.00", "130000.00"),
    ...stone("moissanite", "6000.00", "9000.00", "12000.00"),
    ...stone("pearl", "2000.00", "5000.00", "12000.00"),
    ...stone("gemstone", "3000.00", "8000.00", "20000.00"),
  ],
  default_stone_carat: "0.10",
  labour: {
    ring: "3500.00",
    necklace: "9000.00",
    earrings: "4500.00",
    bracelet: "6500.00",
    nose_pin: "1200.00",
    pendant: "3000.00",
    other: "4000.00",
  },
  setting_per_stone: "250.00",
  // BIS hallmarking (HUID) charge per article.
  hallmark_fee: "45.00",
  grading_fee: "3500.00",
  grading_min_carat: "0.30",
  margin_percent: 18,
  range_low_percent: 10,
  range_high_percent: 15,
  default_weight_grams: {
    ring: "4.00",
    necklace: "15.00",
    earrings: "5.00",
    bracelet: "12.00",
    nose_pin: "0.80",
    pendant: "3.00",
    other: "5.00",
  },
  currency_rates: { INR: "1.00", USD: "88.00", EUR: "102.50", GBP: "117.25" },
  // GST 3% on jewellery (HSN 7113), making charges taxed with the piece; no other country's rate.
  tax: DEFAULT_TAX_RULES,
};
