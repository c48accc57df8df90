import { describe, expect, it } from "vitest";
import { emptyDesignForm } from "./design-form-values";
import { DESIGN_STEPS, firstStepOf, REVIEW_STEP, stepOfField } from "./design-steps";

describe("design steps", () => {
  it("are the six steps of issue 22, and every field of the form is on exactly one of them", () => {
    expect(DESIGN_STEPS.map((s) => s.title)).toEqual(["The piece", "Metal", "Stones", "Size & details", "Reference images", "Review"]);
    expect(REVIEW_STEP).toBe(5);
    const onSteps = DESIGN_STEPS.flatMap((s) => s.fields as readonly string[]);
    expect([...onSteps].sort()).toEqual(Object.keys(emptyDesignForm()).sort());
    expect(new Set(onSteps).size).toBe(onSteps.length);
  });

  it("finds the step of a field or of a server error key", () => {
    expect(stepOfField("name")).toBe(0);
    expect(stepOfField("purity")).toBe(1);
    expect(stepOfField("stones.2.quantity")).toBe(2);
    expect(stepOfField("budget")).toBe(3);
    expect(stepOfField("images")).toBe(4);
    expect(stepOfField("remove_image_ids")).toBe(4);
    expect(stepOfField("non_field_errors")).toBe(-1);
    expect(firstStepOf(["budget", "stones.0.stone_carat", "detail"])).toBe(2);
    expect(firstStepOf(["detail"])).toBeUndefined();
  });
});
