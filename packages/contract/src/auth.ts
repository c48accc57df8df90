import { z } from "zod";

export const ROLES = ["customer", "staff", "admin"] as const;
export type Role = (typeof ROLES)[number];

/** The password policy, enforced on the server for register, reset and change; Profile lists exactly these. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_RULES = [
  `At least ${PASSWORD_MIN_LENGTH} characters`,
  "Not entirely numeric",
  "Not a commonly used password",
  "Not too similar to your email or name",
] as const;

const email = z.string().trim().min(1, "This field is required.").max(254).pipe(z.email("Enter a valid email address."));
const required = z.string({ error: "This field is required." }).min(1, "This field is required.").max(128, "Ensure this field has no more than 128 characters.");

export const registerRequestSchema = z.object({
  email,
  password: required,
  confirm_password: required,
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const loginRequestSchema = z.object({
  email: z.string().trim().min(1, "This field is required.").max(254),
  password: required,
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const profileSchema = z.object({
  company_name: z.string().trim().max(200),
  phone_number: z.string().trim().max(40),
  address: z.string().trim().max(500),
});

export const userSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  username: z.string(),
  email: z.string(),
  date_joined: z.string(),
  role: z.enum(ROLES),
  profile: profileSchema,
});
export type User = z.infer<typeof userSchema>;

export const authResponseSchema = z.object({ token: z.string(), user: userSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const updateUserRequestSchema = z
  .object({
    first_name: z.string().trim().max(150),
    last_name: z.string().trim().max(150),
    profile: profileSchema.partial(),
  })
  .partial();
export type UpdateUserRequest = z.infer<typeof updateUserRequestSchema>;

export const changePasswordRequestSchema = z.object({
  old_password: required,
  new_password: required,
  confirm_password: required,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

export const forgotPasswordRequestSchema = z.object({ email: z.string().trim().min(1, "This field is required.").max(254) });
export const FORGOT_PASSWORD_MESSAGE = "If an account with this email exists, you will receive a password reset email.";
export const messageResponseSchema = z.object({ message: z.string() });

export const resetPasswordRequestSchema = z.object({
  uid: z.string().min(1).max(200),
  token: z.string().min(1).max(200),
  new_password: required,
  confirm_password: required,
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/*
 * The web's auth forms. Their checks before any call are the spec's, with the spec's texts: the
 * messages of the schemas below are the descriptions of AUTH_FORM_CHECKS, and the forms show a
 * failed check as its toast (title and description).
 */

/**
 * The reset page's length check is the server's policy (the spec's 6 let the page accept a password
 * the server then refused with 8); the rest of PASSWORD_RULES is checked by the server.
 */
export const RESET_PASSWORD_MIN_LENGTH = PASSWORD_MIN_LENGTH;

/** In the order a form reports them: a missing field before a mismatch before a short password. */
export const AUTH_FORM_CHECKS = {
  emailRequired: { title: "Email required", description: "Please enter your email address." },
  allFieldsRequired: { title: "All fields required", description: "Please fill in both password fields." },
  passwordsDontMatch: { title: "Passwords don't match", description: "Please make sure your passwords match." },
  newPasswordsDontMatch: { title: "Passwords don't match", description: "New password and confirmation must match." },
  passwordTooShort: { title: "Password too short", description: `Password must be at least ${RESET_PASSWORD_MIN_LENGTH} characters long.` },
} as const;
export type AuthFormCheck = (typeof AUTH_FORM_CHECKS)[keyof typeof AUTH_FORM_CHECKS];

export const signupFormSchema = registerRequestSchema.refine((v) => v.password === v.confirm_password, {
  path: ["confirm_password"],
  message: AUTH_FORM_CHECKS.passwordsDontMatch.description,
});

export const forgotPasswordFormSchema = z.object({
  email: z.string().trim().min(1, AUTH_FORM_CHECKS.emailRequired.description).max(254),
});

const resetPassword = z.string().min(1, AUTH_FORM_CHECKS.allFieldsRequired.description).max(128, "Ensure this field has no more than 128 characters.");
export const resetPasswordFormSchema = z
  .object({ new_password: resetPassword, confirm_password: resetPassword })
  .refine((v) => v.new_password === v.confirm_password, { path: ["confirm_password"], message: AUTH_FORM_CHECKS.passwordsDontMatch.description })
  .refine((v) => v.new_password.length >= RESET_PASSWORD_MIN_LENGTH, { path: ["new_password"], message: AUTH_FORM_CHECKS.passwordTooShort.description });

export const changePasswordFormSchema = changePasswordRequestSchema.refine((v) => v.new_password === v.confirm_password, {
  path: ["confirm_password"],
  message: AUTH_FORM_CHECKS.newPasswordsDontMatch.description,
});
