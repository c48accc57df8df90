import type { Path } from "react-hook-form";
import type { DesignFormValues } from "./design-form-values";

export interface DesignStep {
  id: "piece" | "metal" | "stones" | "details" | "images" | "review";
  /** The step's heading and its name in the step indicator. */
  title: string;
  description: string;
  /** The form fields the step shows and checks before Next (a stone's as `stones.<i>.<field>`). */
  fields: readonly Path<DesignFormValues>[];
}

/** The custom design form, one short step at a time (issue 22): each step checks its own fields before the next. */
export const DESIGN_STEPS: readonly DesignStep[] = [
  {
    id: "piece",
    title: "The piece",
    description: "What you would like made: its name, the kind of piece and the idea behind it.",
    fields: ["name", "design_type", "description", "style", "inspiration_link"],
  },
  { id: "metal", title: "Metal", description: "The metal, its purity and colour, and about how heavy the piece should be.", fields: ["metal_type", "metal_color", "purity", "weight"] },
  { id: "stones", title: "Stones", description: "Add each kind of stone with its cut, carat, color and clarity, or none at all.", fields: ["stones"] },
  {
    id: "details",
    title: "Size & details",
    description: "Size, dimensions, setting, engraving and anything else, and what you would like to spend.",
    fields: ["size", "ring_size", "chain_length", "length", "width", "height", "band_width", "setting_type", "design_features", "special_requests", "budget", "currency"],
  },
  { id: "images", title: "Reference images", description: "Sketches, photos or screenshots that show what you have in mind (optional).", fields: [] },
  { id: "review", title: "Review", description: "Check your design and its instant estimate, then submit it.", fields: [] },
];

export const REVIEW_STEP = DESIGN_STEPS.length - 1;
export const IMAGES_STEP = DESIGN_STEPS.findIndex((s) => s.id === "images");

/**
 * The step that shows a field, from a form path or a key of the server's field errors
 * (`stones.0.quantity`, `images`, `remove_image_ids`); -1 when no step shows it.
 */
export function stepOfField(key: string): number {
  if (key === "images" || key === "remove_image_ids") return IMAGES_STEP;
  const field = key.split(".")[0];
  return DESIGN_STEPS.findIndex((s) => (s.fields as readonly string[]).includes(field ?? ""));
}

/** The first step that shows any of these fields (the one to open after a failed submit), or undefined. */
export function firstStepOf(keys: Iterable<string>): number | undefined {
  const steps = [...keys].map(stepOfField).filter((i) => i >= 0);
  return steps.length ? Math.min(...steps) : undefined;
}
