import { describe, expect, it } from "vitest";
import { PHONE_INPUT_PATTERN } from "./lead-form.ts";
import { leadRequestSchema } from "./leads.ts";

describe("PHONE_INPUT_PATTERN", () => {
  it("accepts and refuses the same phone numbers as the schema, compiled as browsers compile it", () => {
    // HTML: the pattern must match the whole value, with the `v` flag.
    const input = new RegExp(`^(?:${PHONE_INPUT_PATTERN})$`, "v");
    for (const phone of [
      "+91 98765 43210",
      "(555) 010-2233",
      "020.7946.0958",
      "12/34/56",
      "call me",
      "+91",
      "12345",
      "98765 43210 ext 4",
    ]) {
      const schema = leadRequestSchema.safeParse({ name: "A", email: "a@example.com", phone, source: "home" }).success;
      expect(input.test(phone), phone).toBe(schema);
    }
  });
});
