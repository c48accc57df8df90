import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { AUTH_FORM_CHECKS, changePasswordFormSchema, forgotPasswordFormSchema, resetPasswordFormSchema, signupFormSchema } from "./auth.ts";

/** path → first message, as a form's resolver reports them. */
function messages(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  const out: Record<string, string> = {};
  for (const issue of result.success ? [] : result.error.issues) out[issue.path.join(".")] ??= issue.message;
  return out;
}

describe("auth form schemas", () => {
  it("use the spec's texts for the checks made before any call", () => {
    expect(messages(forgotPasswordFormSchema, { email: "  " })).toEqual({ email: "Please enter your email address." });
    expect(messages(signupFormSchema, { email: "meera@example.com", password: "Velvet-Garnet-42", confirm_password: "Velvet-Garnet-43" })).toEqual({
      confirm_password: "Please make sure your passwords match.",
    });
    expect(messages(changePasswordFormSchema, { old_password: "a", new_password: "Opal-1", confirm_password: "Opal-2" })).toEqual({
      confirm_password: "New password and confirmation must match.",
    });
  });

  it.each([
    ["", "", "All fields required"],
    ["abcdefg", "", "All fields required"],
    ["abcdefg1", "abcdefg2", "Passwords don't match"],
    ["abc", "abd", "Passwords don't match"],
    ["abc", "abc", "Password too short"],
    ["abcdefg", "abcdefg", "Password too short"],
  ])("reset: %j / %j fails '%s' first", (new_password, confirm_password, title) => {
    const failed = new Set(Object.values(messages(resetPasswordFormSchema, { new_password, confirm_password })));
    // The forms report the first failed check in AUTH_FORM_CHECKS order.
    expect(Object.values(AUTH_FORM_CHECKS).find((c) => failed.has(c.description))?.title).toBe(title);
  });

  it("reset: asks for the server's minimum length", () => {
    expect(messages(resetPasswordFormSchema, { new_password: "abcdef", confirm_password: "abcdef" })).toEqual({
      new_password: "Password must be at least 8 characters long.",
    });
    expect(messages(resetPasswordFormSchema, { new_password: "abcdefgh", confirm_password: "abcdefgh" })).toEqual({});
  });

  it("accepts a valid reset and keeps the passwords as typed", () => {
    expect(resetPasswordFormSchema.parse({ new_password: " Opal-Harbour-19", confirm_password: " Opal-Harbour-19" })).toEqual({
      new_password: " Opal-Harbour-19",
      confirm_password: " Opal-Harbour-19",
    });
  });
});
