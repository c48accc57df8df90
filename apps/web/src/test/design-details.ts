import type { DesignDetails } from "@atelier/contract";

/** A design's customer fields with nothing filled in; tests override what they need. */
export function makeDesignDetails(overrides: Partial<DesignDetails> = {}): DesignDetails {
  return {
    metal_type: "",
    metal_color: "",
    purity: "",
    metal: "",
    weight: null,
    weight_unit: "g",
    style: "",
    setting_type: "",
    band_width: null,
    design_features: "",
    stones: [],
    stones_text: "",
    length: null,
    width: null,
    height: null,
    size: "",
    ring_size: "",
    chain_length: "",
    budget: null,
    budget_range: "",
    currency: "USD",
    special_requests: "",
    ...overrides,
  };
}
