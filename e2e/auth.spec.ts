import { expect, test } from "@playwright/test";
import { findMail, PASSWORD, signInAsNewCustomer, uniqueEmail } from "./support.ts";

test("sign up → dashboard → sign out", async ({ page }) => {
  const email = uniqueEmail();
  await page.goto("/signup");
  await expect(page.getByRole("heading", { name: "Create Your Account" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: false }).first().fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText("Account created!", { exact: true })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("authToken"))).toBeTruthy();

  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Signed out successfully.", { exact: true })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("authToken"))).toBeNull();
});

test("a wrong password shows 'Login failed'", async ({ page, request }) => {
  const email = uniqueEmail();
  await request.post("/api/auth/register/", { data: { email, password: PASSWORD, confirm_password: PASSWORD } });
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Welcome Back" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("Not-The-Password-1");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Login failed", { exact: true })).toBeVisible();
  await expect(page.getByText("Unable to log in with provided credentials.", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test("forgot → mail file → reset → sign in with the new password", async ({ page, request }) => {
  const email = uniqueEmail("forgetful");
  await request.post("/api/auth/register/", { data: { email, password: PASSWORD, confirm_password: PASSWORD } });
  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  // The page's code loads on the click; until it is there, "Email" is still the sign-in form's field.
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();

  const mail = await findMail(`To: ${email}`, "/reset-password/");
  const link = /https?:\/\/[^\s"<>]+\/reset-password\/[\w-]+\/[\w-]+/.exec(mail)?.[0];
  expect(link).toBeTruthy();
  await page.goto(new URL(link!).pathname);
  await page.getByLabel(/^New password/).fill("Opal-Harbour-19");
  await page.getByLabel("Confirm new password").fill("Opal-Harbour-19");
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByRole("heading", { name: "Password reset successful" })).toBeVisible();
  await page.getByRole("link", { name: "Continue to sign in" }).click();

  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("Opal-Harbour-19");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText("Logged in successfully!", { exact: true })).toBeVisible();
});

test("/dashboard without a token goes to /login with 'Authentication Error'", async ({ page }) => {
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText("Authentication Error", { exact: true })).toBeVisible();
  await expect(page.getByText("You are not logged in. Please log in to continue.", { exact: true })).toBeVisible();
});

test("a profile change survives a reload", async ({ page, request }) => {
  await signInAsNewCustomer(page, request);
  await page.goto("/dashboard/profile");
  await page.getByLabel("First name").fill("Meera");
  await page.getByLabel("Last name").fill("Iyer");
  await page.getByLabel("Phone").fill("+91 98450 12345");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Profile updated", { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("First name")).toHaveValue("Meera");
  await expect(page.getByLabel("Phone")).toHaveValue("+91 98450 12345");
  await expect(page.getByRole("heading", { name: "Meera Iyer" })).toBeVisible();
  await expect(page.getByTestId("display-name")).toHaveText("Meera Iyer");
});

test("the shell's drawer at phone width", async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsNewCustomer(page, request);
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Open menu" }).click();
  const drawer = page.getByRole("dialog");
  await expect(drawer.getByRole("link", { name: "My Designs" })).toBeVisible();
  for (const item of ["Dashboard", "My Designs", "New Design", "Quotes", "Orders", "Messages", "Profile", "Support"]) {
    await expect(drawer.getByRole("link", { name: item, exact: true })).toBeVisible();
  }
  await page.screenshot({ path: "test-results/shell-drawer-390.png" });
  await drawer.getByRole("link", { name: "Profile" }).click();
  await expect(page).toHaveURL(/\/dashboard\/profile$/);
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("unknown paths show the 404 page with a link home", async ({ page }) => {
  await page.goto("/no-such-page");
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await page.getByRole("link", { name: "Back to home" }).click();
  await expect(page).toHaveURL(/\/$/);
});
