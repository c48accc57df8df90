import {
  DEFAULT_TAX_RULES,
  type Estimate,
  type Order,
  type OrderSummary,
  type Paginated,
  type PricingTables,
  type PricingVersion,
} from "@atelier/contract";

/** The seeded tables' shape, smaller: every metal and band the server insists on, a few stones. */
export function makeTables(change?: (t: PricingTables) => void): PricingTables {
  const tables: PricingTables = {
    base_currency: "INR",
    metal_rates: [
      { metal_type: "gold", purity: "22K", price_per_gram: "8710.00" },
      { metal_type: "gold", purity: "18K", price_per_gram: "7150.00" },
      { metal_type: "platinum", purity: "950", price_per_gram: "3400.00" },
      { metal_type: "silver", purity: "925", price_per_gram: "105.00" },
    ],
    default_purity: { gold: "18K", platinum: "950", silver: "925" },
    stone_rates: [
      { stone_type: "diamond", band: "standard", price_per_carat: "60000.00" },
      { stone_type: "diamond", band: "fine", price_per_carat: "120000.00" },
      { stone_type: "diamond", band: "premium", price_per_carat: "250000.00" },
      { stone_type: "ruby", band: "fine", price_per_carat: "60000.00" },
      { stone_type: "gemstone", band: "standard", price_per_carat: "3000.00" },
      { stone_type: "gemstone", band: "fine", price_per_carat: "8000.00" },
      { stone_type: "gemstone", band: "premium", price_per_carat: "20000.00" },
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
    tax: DEFAULT_TAX_RULES,
  };
  change?.(tables);
  return tables;
}

export const admin = { id: "u-admin", name: "Asha Verma", email: "asha@example.com" };

export function makeVersion(overrides: Partial<PricingVersion> = {}): PricingVersion {
  return {
    id: "2",
    version: 2,
    tables: makeTables(),
    created_at: new Date(Date.now() - 2 * 3600_000).toISOString(),
    created_by: admin,
    note: "Gold up",
    ...overrides,
  };
}

export const seeded = makeVersion({
  id: "1",
  version: 1,
  tables: makeTables((t) => {
    t.metal_rates[1]!.price_per_gram = "7000.00";
  }),
  created_by: null,
  note: "Seeded default tables",
  created_at: "2026-01-01T09:00:00.000Z",
});

export const versionsPage = (versions: PricingVersion[]): Paginated<Omit<PricingVersion, "tables">> => ({
  count: versions.length,
  next: null,
  previous: null,
  results: versions.map(({ tables: _tables, ...v }) => v),
});

export function makeEstimate(overrides: Partial<Estimate> = {}): Estimate {
  return {
    currency: "USD",
    low: "1116.00",
    point: "1240.00",
    high: "1426.00",
    lines: [
      { label: "Metal: 18K yellow gold, 4.00 g at ₹7,150.00/g", amount: "325.00" },
      { label: "Labour: ring", amount: "39.77" },
      { label: "Margin 18%", amount: "189.00" },
    ],
    retail_price: null,
    savings_percent: null,
    assumptions: ["Weight not given: 4.00 g assumed for a ring."],
    pricing_version: 2,
    ...overrides,
  };
}

const customer = { id: "c1", first_name: "Meera", last_name: "Iyer", email: "meera@example.com", phone_number: "" };

export function makeOrderRow(overrides: Partial<OrderSummary> = {}): OrderSummary & { customer: NonNullable<Order["customer"]> } {
  return {
    id: "o1",
    order_number: "JW-2026-000123",
    status: "initiated",
    design_id: "9b2f3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d",
    design_name: "Garden ring",
    design_type: "ring",
    thumbnail: null,
    quoted_price: null,
    currency: "USD",
    estimate_point: "1240.00",
    created_at: "2026-03-01T10:00:00.000Z",
    updated_at: "2026-03-01T10:00:00.000Z",
    customer,
    ...overrides,
  };
}
