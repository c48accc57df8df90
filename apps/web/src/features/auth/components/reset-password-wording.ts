/** The texts of the reset-password page. */
export interface ResetPasswordWording {
  documentTitle: string;
  title: string;
  description: string;
  submit: string;
  submitting: string;
  /** The toasts after the call. */
  succeeded: { title: string; description: string };
  failedTitle: string;
  /** The view after success. */
  doneTitle: string;
  doneText: string;
}

/** The spec's reset wording. */
const RESET: ResetPasswordWording = {
  documentTitle: "Reset password",
  title: "Set a new password",
  description: "Your new password must be different from your previous one.",
  submit: "Reset Password",
  submitting: "Resetting...",
  succeeded: { title: "Password reset successful!", description: "You can now sign in with your new password." },
  failedTitle: "Reset failed",
  doneTitle: "Password reset successful",
  doneText: "Your password has been changed and every other session has been signed out.",
};

/** An invited staff account's first password: the welcome e-mail links here with `?welcome=1`. */
const WELCOME: ResetPasswordWording = {
  documentTitle: "Set your password",
  title: "Set your password",
  description: "Choose the password you will sign in with.",
  submit: "Set password",
  submitting: "Setting password...",
  succeeded: { title: "Your password is set!", description: "You can now sign in with your email and this password." },
  failedTitle: "Password not set",
  doneTitle: "Your password is set",
  doneText: "Your account is ready. Sign in with your email and your new password.",
};

/** Set-password wording for a welcome link (`?welcome=1`), the spec's reset wording otherwise. */
export function resetPasswordWording(search: URLSearchParams): ResetPasswordWording {
  return search.get("welcome") === "1" ? WELCOME : RESET;
}
