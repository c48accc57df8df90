import { z } from "zod";
import { describe, expect, it } from "vitest";
import { fieldErrorsFromZod, pathOfPointer } from "./field-errors.ts";

describe("fieldErrorsFromZod", () => {
  const schema = z
    .object({
      name: z.string().min(1, "Design name is required."),
      stones: z.array(z.object({ quantity: z.number().int("Whole stones only.").min(1, "At least one stone.") })),
    })
    .refine((v) => v.name !== "x", "Not this one.");

  it("keys each message by its dotted path, once per field", () => {
    const parsed = schema.safeParse({ name: "", stones: [{ quantity: 0.5 }, { quantity: 2 }] });
    expect(parsed.success).toBe(false);
    expect(fieldErrorsFromZod(parsed.error!)).toEqual({ name: ["Design name is required."], "stones.0.quantity": ["Whole stones only."] });
    expect(
      fieldErrorsFromZod([
        { path: ["a"], message: "m" },
        { path: ["a"], message: "m" },
      ]),
    ).toEqual({ a: ["m"] });
  });

  it("puts an issue about the whole value under the root key it is given", () => {
    const parsed = schema.safeParse({ name: "x", stones: [] });
    expect(fieldErrorsFromZod(parsed.error!)).toEqual({ non_field_errors: ["Not this one."] });
    expect(fieldErrorsFromZod(parsed.error!, "data")).toEqual({ data: ["Not this one."] });
  });

  it("reads a Fastify validation pointer as a path", () => {
    expect(pathOfPointer("/stones/0/quantity")).toEqual(["stones", "0", "quantity"]);
    expect(pathOfPointer("/")).toEqual([]);
    expect(pathOfPointer("")).toEqual([]);
  });
});
