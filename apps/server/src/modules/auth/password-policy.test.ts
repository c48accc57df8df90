import { describe, expect, it } from "vitest";
import { checkPassword } from "./password-policy.ts";

describe("checkPassword", () => {
  it("accepts a long, uncommon password", () => {
    expect(checkPassword("Velvet-Garnet-42", { email: "meera@example.com" })).toEqual([]);
  });
  it.each([
    ["Ab1!", "This password is too short. It must contain at least 8 characters."],
    ["1234567890123", "This password is entirely numeric."],
    ["iloveyou", "This password is too common."],
    ["Qwerty123", "This password is too common."],
  ])("refuses %s", (pw, message) => {
    expect(checkPassword(pw)).toContain(message);
  });
  it("refuses passwords close to the e-mail, username or names", () => {
    expect(checkPassword("meera.iyer", { email: "meera.iyer@example.com" })).toEqual(["The password is too similar to the email."]);
    expect(checkPassword("Ramanathan1", { lastName: "Ramanathan" })).toEqual(["The password is too similar to the last name."]);
    expect(checkPassword("Velvet-Garnet-42", { firstName: "Ana", lastName: "Li" })).toEqual([]);
  });
});
