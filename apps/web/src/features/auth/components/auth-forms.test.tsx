import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { page, renderRoutes, stubFetch } from "@/test/render";
import { ForgotPasswordForm } from "./forgot-password-form";
import { LoginForm } from "./login-form";
import { ResetPasswordForm } from "./reset-password-form";
import { SignupForm } from "./signup-form";

const user = {
  id: "u1",
  first_name: "Meera",
  last_name: "Iyer",
  username: "meera",
  email: "meera@example.com",
  date_joined: "2026-01-01T00:00:00Z",
  role: "customer",
  profile: { company_name: "", phone_number: "", address: "" },
};

describe("login form", () => {
  it("clears every stored auth key on load", () => {
    for (const k of ["authToken", "user", "token", "auth", "jwt"]) {
      localStorage.setItem(k, "x");
      sessionStorage.setItem(k, "x");
    }
    renderRoutes([page("/login", <LoginForm />)], "/login");
    for (const k of ["authToken", "user", "token", "auth", "jwt"]) {
      expect(localStorage.getItem(k)).toBeNull();
      expect(sessionStorage.getItem(k)).toBeNull();
    }
  });

  it("shows 'Login failed' with the server's first non_field_errors message", async () => {
    stubFetch(() => ({ status: 400, body: { non_field_errors: ["Unable to log in with provided credentials."] } }));
    renderRoutes([page("/login", <LoginForm />)], "/login");
    await userEvent.type(screen.getByLabelText(/Email/), "meera@example.com");
    await userEvent.type(screen.getByLabelText(/Password/), "wrong-password");
    await userEvent.click(screen.getByRole("button", { name: "Sign In" }));
    expect(await screen.findByText("Login failed")).toBeInTheDocument();
    expect(screen.getByText("Unable to log in with provided credentials.")).toBeInTheDocument();
  });

  it("falls back to the generic message when the server says nothing usable", async () => {
    stubFetch(() => ({ status: 500 }));
    renderRoutes([page("/login", <LoginForm />)], "/login");
    await userEvent.type(screen.getByLabelText(/Email/), "meera@example.com");
    await userEvent.type(screen.getByLabelText(/Password/), "whatever-1");
    await userEvent.click(screen.getByRole("button", { name: "Sign In" }));
    expect(await screen.findByText("Invalid email or password. Please try again.")).toBeInTheDocument();
  });

  it("stores the token as authToken and goes to /dashboard", async () => {
    stubFetch(() => ({ status: 200, body: { token: "tok123", user } }));
    const { router } = renderRoutes([page("/login", <LoginForm />), page("/dashboard", <p>dash</p>)], "/login");
    await userEvent.type(screen.getByLabelText(/Email/), "meera@example.com");
    await userEvent.type(screen.getByLabelText(/Password/), "Velvet-Garnet-42");
    await userEvent.click(screen.getByRole("button", { name: "Sign In" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
    expect(localStorage.getItem("authToken")).toBe("tok123");
    expect(await screen.findByText("Logged in successfully!")).toBeInTheDocument();
  });

  it.each(["staff", "admin"])("sends a %s member to the staff console at /staff", async (role) => {
    stubFetch(() => ({ status: 200, body: { token: "tok123", user: { ...user, role } } }));
    const { router } = renderRoutes(
      [page("/login", <LoginForm />), page("/dashboard", <p>dash</p>), page("/staff", <p>console</p>)],
      "/login",
    );
    await userEvent.type(screen.getByLabelText(/Email/), "meera@example.com");
    await userEvent.type(screen.getByLabelText(/Password/), "Velvet-Garnet-42");
    await userEvent.click(screen.getByRole("button", { name: "Sign In" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/staff"));
    expect(await screen.findByText("console")).toBeInTheDocument();
  });
});

describe("signup form", () => {
  it("refuses mismatched passwords without calling the server", async () => {
    const calls = stubFetch(() => ({ status: 201 }));
    renderRoutes([page("/signup", <SignupForm />)], "/signup");
    await userEvent.type(screen.getByLabelText(/^Email/), "meera@example.com");
    await userEvent.type(screen.getByLabelText(/^Password/), "Velvet-Garnet-42");
    await userEvent.type(screen.getByLabelText(/^Confirm password/), "Velvet-Garnet-43");
    await userEvent.click(screen.getByRole("button", { name: "Create Account" }));
    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument();
    expect(screen.getByText("Please make sure your passwords match.")).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("shows 'Registration failed' with the first e-mail error", async () => {
    stubFetch(() => ({ status: 400, body: { email: ["A user with that email already exists."] } }));
    renderRoutes([page("/signup", <SignupForm />)], "/signup");
    await userEvent.type(screen.getByLabelText(/^Email/), "meera@example.com");
    await userEvent.type(screen.getByLabelText(/^Password/), "Velvet-Garnet-42");
    await userEvent.type(screen.getByLabelText(/^Confirm password/), "Velvet-Garnet-42");
    await userEvent.click(screen.getByRole("button", { name: "Create Account" }));
    expect(await screen.findByText("Registration failed")).toBeInTheDocument();
    expect(screen.getAllByText("A user with that email already exists.").length).toBeGreaterThan(0);
  });

  it("puts the server's field errors on the fields and focuses the first", async () => {
    stubFetch(() => ({ status: 400, body: { password: ["This password is too common."], confirm_password: ["The two password fields didn't match."] } }));
    renderRoutes([page("/signup", <SignupForm />)], "/signup");
    await userEvent.type(screen.getByLabelText(/^Email/), "meera@example.com");
    await userEvent.type(screen.getByLabelText(/^Password/), "password1");
    await userEvent.type(screen.getByLabelText(/^Confirm password/), "password1");
    await userEvent.click(screen.getByRole("button", { name: "Create Account" }));
    expect(await screen.findByText("Registration failed")).toBeInTheDocument();
    // Under the field and in the toast.
    expect(screen.getAllByText("This password is too common.")).toHaveLength(2);
    expect(screen.getByText("The two password fields didn't match.")).toBeInTheDocument();
    expect(screen.getByLabelText(/^Password/)).toHaveFocus();
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription("This password is too common.");
  });

  it("marks the confirmation on a mismatch but tells it only in the toast", async () => {
    stubFetch(() => ({ status: 201 }));
    renderRoutes([page("/signup", <SignupForm />)], "/signup");
    await userEvent.type(screen.getByLabelText(/^Email/), "meera@example.com");
    await userEvent.type(screen.getByLabelText(/^Password/), "Velvet-Garnet-42");
    await userEvent.type(screen.getByLabelText(/^Confirm password/), "Velvet-Garnet-43");
    await userEvent.click(screen.getByRole("button", { name: "Create Account" }));
    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument();
    expect(screen.getByLabelText(/^Confirm password/)).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText(/^Confirm password/)).toHaveFocus();
  });
});

describe("forgot password form", () => {
  it("requires an e-mail", async () => {
    const calls = stubFetch(() => ({ status: 200 }));
    renderRoutes([page("/forgot-password", <ForgotPasswordForm />)], "/forgot-password");
    await userEvent.click(screen.getByRole("button", { name: "Send Reset Link" }));
    expect(await screen.findByText("Email required")).toBeInTheDocument();
    expect(screen.getByText("Please enter your email address.")).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("shows the 'Check your email' view with the address and can start again", async () => {
    stubFetch(() => ({ status: 200, body: { message: "ok" } }));
    renderRoutes([page("/forgot-password", <ForgotPasswordForm />)], "/forgot-password");
    await userEvent.type(screen.getByLabelText(/Email/), "meera@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Send Reset Link" }));
    expect(await screen.findByRole("heading", { name: "Check your email" })).toBeInTheDocument();
    expect(screen.getByText("meera@example.com")).toBeInTheDocument();
    expect(screen.getByText("Reset email sent!")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to sign in" })).toHaveAttribute("href", "/login");
    await userEvent.click(screen.getByRole("button", { name: "Try different email" }));
    expect(screen.getByRole("button", { name: "Send Reset Link" })).toBeInTheDocument();
  });
});

describe("reset password form", () => {
  const routes = [page("/reset-password/:uid?/:token?", <ResetPasswordForm />), page("/login", <p>login page</p>)];

  it("sends a link without uid or token to /login with 'Invalid reset link'", async () => {
    const { router } = renderRoutes(routes, "/reset-password");
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(await screen.findByText("Invalid reset link")).toBeInTheDocument();
    expect(screen.getByText("This password reset link is invalid or malformed.")).toBeInTheDocument();
  });

  it.each([
    ["", "", "All fields required", "Please fill in both password fields."],
    ["abcdefg1", "abcdefg2", "Passwords don't match", "Please make sure your passwords match."],
    ["abc", "abc", "Password too short", "Password must be at least 8 characters long."],
    // 6 or 7 characters passed the page and were then refused by the server's 8.
    ["abcdefg", "abcdefg", "Password too short", "Password must be at least 8 characters long."],
  ])("validates before calling the server (%s / %s)", async (pw, confirm, title, description) => {
    const calls = stubFetch(() => ({ status: 200 }));
    renderRoutes(routes, "/reset-password/dWlk/tok");
    if (pw) await userEvent.type(screen.getByLabelText(/^New password/), pw);
    if (confirm) await userEvent.type(screen.getByLabelText(/^Confirm new password/), confirm);
    await userEvent.click(screen.getByRole("button", { name: "Reset Password" }));
    expect(await screen.findByText(title)).toBeInTheDocument();
    expect(screen.getByText(description)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("shows the server's error field on failure and the success view on success", async () => {
    let ok = false;
    stubFetch(() =>
      ok
        ? { status: 200, body: { message: "done" } }
        : { status: 400, body: { error: "This password reset link has expired. Please request a new one." } },
    );
    renderRoutes(routes, "/reset-password/dWlk/tok");
    await userEvent.type(screen.getByLabelText(/^New password/), "Opal-Harbour-19");
    await userEvent.type(screen.getByLabelText(/^Confirm new password/), "Opal-Harbour-19");
    await userEvent.click(screen.getByRole("button", { name: "Reset Password" }));
    expect(await screen.findByText("Reset failed")).toBeInTheDocument();
    expect(screen.getByText("This password reset link has expired. Please request a new one.")).toBeInTheDocument();
    ok = true;
    await userEvent.click(screen.getByRole("button", { name: "Reset Password" }));
    expect(await screen.findByRole("heading", { name: "Password reset successful" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Continue to sign in" })).toHaveAttribute("href", "/login");
  });

  it("speaks of setting a password on an invited account's welcome link (?welcome=1)", async () => {
    let ok = false;
    const calls = stubFetch(() => (ok ? { status: 200, body: { message: "done" } } : { status: 400, body: { error: "This password reset link is invalid or has already been used." } }));
    renderRoutes(routes, "/reset-password/dWlk/tok?welcome=1");
    expect(screen.getByRole("heading", { name: "Set your password" })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^New password/), "abc");
    await userEvent.type(screen.getByLabelText(/^Confirm new password/), "abc");
    await userEvent.click(screen.getByRole("button", { name: "Set password" }));
    // The spec's checks keep their texts.
    expect(await screen.findByText("Password too short")).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await userEvent.type(screen.getByLabelText(/^New password/), "-Opal-Harbour-19");
    await userEvent.type(screen.getByLabelText(/^Confirm new password/), "-Opal-Harbour-19");
    await userEvent.click(screen.getByRole("button", { name: "Set password" }));
    expect(await screen.findByText("Password not set")).toBeInTheDocument();
    ok = true;
    await userEvent.click(screen.getByRole("button", { name: "Set password" }));
    expect(await screen.findByRole("heading", { name: "Your password is set" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Continue to sign in" })).toHaveAttribute("href", "/login");
    expect(JSON.parse(calls[1]!.init.body as string)).toEqual({ uid: "dWlk", token: "tok", new_password: "abc-Opal-Harbour-19", confirm_password: "abc-Opal-Harbour-19" });
  });
});
