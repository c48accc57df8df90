import { describe, expect, it } from "vitest";
import { resetPasswordWording } from "./reset-password-wording";

describe("resetPasswordWording", () => {
  it("keeps the spec's reset texts without ?welcome=1", () => {
    for (const search of ["", "?welcome=0", "?welcome=yes", "?other=1"]) {
      expect(resetPasswordWording(new URLSearchParams(search))).toMatchObject({
        title: "Set a new password",
        submit: "Reset Password",
        failedTitle: "Reset failed",
        succeeded: { title: "Password reset successful!" },
        doneTitle: "Password reset successful",
      });
    }
  });

  it("speaks of setting a password for an invited account (?welcome=1)", () => {
    expect(resetPasswordWording(new URLSearchParams("?welcome=1"))).toMatchObject({
      documentTitle: "Set your password",
      title: "Set your password",
      submit: "Set password",
      doneTitle: "Your password is set",
    });
  });
});
