import { STONE_CUT_DEFAULT, type Currency, type Design, type DesignType, type MetalColor, type MetalType, type Purity } from "@atelier/contract";
import type { ReviewStone } from "@/lib/link-design";

/** The custom design form: numbers are kept as the text typed; the contract schema parses them on submit. */
export type StoneFormValues = ReviewStone;

export interface DesignFormValues {
  name: string;
  design_type: DesignType;
  description: string;
  inspiration_link: string;
  metal_type: MetalType | "";
  metal_color: MetalColor | "";
  purity: Purity | "";
  weight: string;
  style: string;
  setting_type: string;
  band_width: string;
  design_features: string;
  stones: StoneFormValues[];
  length: string;
  width: string;
  height: string;
  size: string;
  ring_size: string;
  chain_length: string;
  budget: string;
  currency: Currency;
  special_requests: string;
}

export const emptyStone = (): StoneFormValues => ({
  stone_type: "",
  stone_cut: "",
  stone_carat: "",
  stone_color: "",
  stone_clarity: "",
  position: "",
  quantity: "1",
});

const num = (n: number | null) => (n === null ? "" : String(n));
const pick = <T extends string>(value: string, allowed: readonly T[]): T | "" => ((allowed as readonly string[]).includes(value) ? (value as T) : "");

export function emptyDesignForm(inspirationLink = ""): DesignFormValues {
  return {
    name: "",
    design_type: "ring",
    description: "",
    inspiration_link: inspirationLink,
    metal_type: "",
    metal_color: "",
    purity: "",
    weight: "",
    style: "",
    setting_type: "",
    band_width: "",
    design_features: "",
    stones: [],
    length: "",
    width: "",
    height: "",
    size: "",
    ring_size: "",
    chain_length: "",
    budget: "",
    currency: "INR",
    special_requests: "",
  };
}

export function designFormFromDesign(d: Design, options: { metalTypes: readonly MetalType[]; metalColors: readonly MetalColor[]; purities: readonly Purity[] }): DesignFormValues {
  return {
    name: d.name,
    design_type: d.design_type,
    description: d.description,
    inspiration_link: d.inspiration_link,
    metal_type: pick(d.metal_type, options.metalTypes),
    metal_color: pick(d.metal_color, options.metalColors),
    purity: pick(d.purity, options.purities),
    weight: num(d.weight),
    style: d.style,
    setting_type: d.setting_type,
    band_width: num(d.band_width),
    design_features: d.design_features,
    stones: d.stones.map((s) => ({
      stone_type: s.stone_type,
      stone_cut: s.stone_cut === STONE_CUT_DEFAULT ? "" : s.stone_cut,
      stone_carat: num(s.stone_carat),
      stone_color: s.stone_color,
      stone_clarity: s.stone_clarity,
      position: s.position,
      quantity: String(s.quantity),
    })),
    length: num(d.length),
    width: num(d.width),
    height: num(d.height),
    size: d.size,
    ring_size: d.ring_size,
    chain_length: d.chain_length,
    budget: num(d.budget),
    currency: d.currency,
    special_requests: d.special_requests,
  };
}
