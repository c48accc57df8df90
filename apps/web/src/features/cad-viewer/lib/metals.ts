/** The metal finishes the viewer can show, with the colour that tints the studio matcap. */
export const METAL_FINISHES = {
  yellow: { label: "Yellow gold", color: 0xe8c06a },
  white: { label: "White gold", color: 0xe6e4de },
  rose: { label: "Rose gold", color: 0xeaa98e },
  platinum: { label: "Platinum", color: 0xd6d4cf },
  silver: { label: "Silver", color: 0xf3f3f1 },
} as const;
export type MetalFinish = keyof typeof METAL_FINISHES;

/**
 * The finish for an order's metal as the order states it ("18K Rose Gold", "Platinum 950",
 * "925 Sterling Silver"); yellow gold when the text names no other.
 */
export function metalFinish(metal: string): MetalFinish {
  const m = metal.toLowerCase();
  if (/\brose\b|\bpink\b|\bred gold\b/.test(m)) return "rose";
  if (/\bwhite\b/.test(m)) return "white";
  if (/\bplatinum\b|\bpt\s?9\d0\b/.test(m)) return "platinum";
  if (/\bsilver\b|\bsterling\b|\b925\b/.test(m)) return "silver";
  return "yellow";
}
