import { emptyDesignDetails, type DesignDetails } from "@atelier/contract";

/** A design's customer fields with nothing filled in; tests override what they need. */
export function makeDesignDetails(overrides: Partial<DesignDetails> = {}): DesignDetails {
  return { ...emptyDesignDetails("USD"), ...overrides };
}
