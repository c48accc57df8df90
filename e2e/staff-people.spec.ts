import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { ADMIN_EMAIL, ADMIN_PASSWORD, expectNoSeriousAxe, findMail, PASSWORD, signIn, STAFF_EMAIL, STAFF_PASSWORD, uniqueEmail } from "./support.ts";

/**
 * The staff console's administration: an admin invites a staff member who sets a password from
 * the e-mailed link and signs in; roles change and accounts are deactivated from People; the
 * audit log shows the change; staff work the leads; staff never see People.
 */

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

/** Signs the page in with a token from the API (the sign-in form has its own journey). */

async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post("/api/auth/login/", { data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** A customer account with a known password, named so People and the audit log can find it. */
async function registerCustomer(request: APIRequestContext, prefix: string) {
  const email = uniqueEmail(prefix);
  const res = await request.post("/api/auth/register/", { data: { email, password: PASSWORD, confirm_password: PASSWORD } });
  expect(res.status(), await res.text()).toBe(201);
  const { token, user } = (await res.json()) as { token: string; user: { id: string } };
  const named = await request.patch("/api/auth/user/", {
    headers: { authorization: `Token ${token}` },
    data: { first_name: "Noor", last_name: "Qadri" },
  });
  expect(named.status(), await named.text()).toBe(200);
  return { email, id: user.id, token };
}

/** The welcome e-mail's set-password link for `email`. */
async function welcomeLink(email: string): Promise<string> {
  const mail = await findMail(`To: ${email}`, "?welcome=1");
  const link = /https?:\/\/[^\s"<>]+\/reset-password\/[\w-]+\/[\w-]+\?welcome=1/.exec(mail)?.[0];
  expect(link, "the welcome e-mail carries a set-password link").toBeTruthy();
  return link!;
}


/** Looked at on a phone, a tablet and a desk; axe at the tablet and desk widths. */
async function lookAt(page: Page, name: string, { fullPage = true } = {}) {
  for (const width of [390, 768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForLoadState("networkidle");
    if (width !== 390) await expectNoSeriousAxe(page, `${name} at ${width} px`);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `/tmp/admin-a-${name}-${width}.png`, fullPage });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
});

test("an admin invites a staff member, who sets a password from the e-mailed link and signs in", async ({ page, request }) => {
  const email = uniqueEmail("newstaff");
  await signIn(page, request, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.goto("/staff/people");
  await expect(page.getByRole("heading", { level: 1, name: "People" })).toBeVisible();

  await page.getByRole("button", { name: "Invite staff" }).click();
  const dialog = page.getByRole("dialog", { name: "Invite a team member" });
  await dialog.getByLabel(/^Email/).fill(email);
  await dialog.getByLabel(/^First name/).fill("Lena");
  await dialog.getByLabel(/^Last name/).fill("Vogel");
  await expect(dialog.getByRole("radio", { name: "Staff" })).toBeChecked();
  await expectNoSeriousAxe(page, "invite dialog");
  await dialog.getByRole("button", { name: "Send invitation" }).click();
  await expect(toast(page, "Invitation sent")).toBeVisible();
  await expect(dialog).toBeHidden();

  // The same address again: the server's field error shows on the field.
  await page.getByRole("button", { name: "Invite staff" }).click();
  await dialog.getByLabel(/^Email/).fill(email);
  await dialog.getByLabel(/^First name/).fill("Lena");
  await dialog.getByRole("button", { name: "Send invitation" }).click();
  await expect(dialog.getByLabel(/^Email/)).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByRole("alert")).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();

  await page.getByRole("searchbox", { name: "Search people" }).fill(email);
  const row = page.getByTestId("person").filter({ hasText: email });
  await expect(row).toBeVisible();
  await expect(row.getByRole("heading", { name: "Lena Vogel" })).toBeVisible();
  await expect(row.getByRole("combobox", { name: "Role of Lena Vogel" })).toHaveValue("staff");
  await expect(row).toContainText("never signed in");

  // The new staff member opens the link from the e-mail, chooses a password and signs in.
  const link = await welcomeLink(email);
  const url = new URL(link);
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${url.pathname}${url.search}`);
  const newPassword = "Loupe-Setting-Bezel-58";
  const passwords = page.locator('input[type="password"]');
  await expect(passwords).toHaveCount(2);
  await passwords.nth(0).fill(newPassword);
  await passwords.nth(1).fill(newPassword);
  const reset = page.waitForResponse((r) => r.url().includes("/api/auth/reset-password/") && r.request().method() === "POST");
  await page.locator('form button[type="submit"]').click();
  expect((await reset).status()).toBe(200);

  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(newPassword);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/staff$/);
  await expect(page.getByRole("heading", { level: 1, name: "Queue" })).toBeVisible();
  // Staff see no administration screens.
  await expect(page.getByRole("navigation", { name: "Staff console" }).getByRole("link", { name: "People" })).toHaveCount(0);
});

test("an admin changes a role and deactivates an account, which can no longer sign in", async ({ page, request }) => {
  const person = await registerCustomer(request, "promoted");
  await signIn(page, request, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.goto(`/staff/people?search=${encodeURIComponent(person.email)}`);
  const row = page.getByTestId("person").filter({ hasText: person.email });
  const role = row.getByRole("combobox", { name: "Role of Noor Qadri" });
  await expect(role).toHaveValue("customer");

  await role.selectOption("staff");
  const confirmRole = page.getByRole("alertdialog", { name: "Change Noor Qadri's role to Staff?" });
  await expect(confirmRole).toContainText("Customer → Staff");
  await confirmRole.getByRole("button", { name: "Make staff" }).click();
  await expect(toast(page, "Role changed")).toBeVisible();
  await expect(role).toHaveValue("staff");
  const me = await request.get("/api/auth/user/", { headers: { authorization: `Token ${person.token}` } });
  expect(((await me.json()) as { role: string }).role).toBe("staff");

  // The admin's own account cannot be demoted from the screen.
  await page.getByRole("searchbox", { name: "Search people" }).fill(ADMIN_EMAIL);
  const self = page.getByTestId("person").filter({ hasText: ADMIN_EMAIL });
  await expect(self.getByText("You", { exact: true })).toBeVisible();
  await expect(self.getByRole("combobox")).toBeDisabled();

  await page.getByRole("searchbox", { name: "Search people" }).fill(person.email);
  await row.getByRole("button", { name: "Deactivate Noor Qadri" }).click();
  const confirmOff = page.getByRole("alertdialog", { name: "Deactivate Noor Qadri?" });
  await expect(confirmOff).toContainText("signed out everywhere");
  await confirmOff.getByRole("button", { name: "Deactivate account" }).click();
  await expect(toast(page, "Account deactivated")).toBeVisible();
  await expect(row.getByText("Deactivated", { exact: true })).toBeVisible();
  await expect(row.getByRole("button", { name: "Reactivate Noor Qadri" })).toBeVisible();
  await expect(row).toContainText("signed out everywhere");

  // Their token is revoked, and signing in is refused.
  const revoked = await request.get("/api/auth/user/", { headers: { authorization: `Token ${person.token}` } });
  expect(revoked.status()).toBe(401);
  await page.goto("/login");
  await page.getByLabel("Email").fill(person.email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("This account has been deactivated.").first()).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test("a lead from the site appears on Leads for staff, who mark it handled", async ({ page, request }) => {
  const name = `Ines Lead ${Date.now().toString(36)}`;
  const sent = await request.post("/api/leads/", {
    data: {
      name,
      email: uniqueEmail("lead"),
      phone: "+91 98450 11223",
      design_idea: "A rose-gold halo ring like https://www.pinterest.com/pin/445566/ with a pear-cut morganite.",
      source: "contact",
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);

  await signIn(page, request, STAFF_EMAIL, STAFF_PASSWORD);
  await page.goto("/staff");
  await page.getByRole("navigation", { name: "Staff console" }).getByRole("link", { name: "Leads" }).click();
  await expect(page).toHaveURL(/\/staff\/leads$/);
  await expect(page.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();
  const lead = page.getByTestId("lead").filter({ hasText: name });
  await expect(lead).toBeVisible();
  await expect(page.getByTestId("lead").first()).toContainText(name);
  await expect(lead.getByText("Contact page")).toBeVisible();
  await expect(lead.getByRole("link", { name: /pinterest\.com\/pin\/445566/ })).toHaveAttribute(
    "href",
    "https://www.pinterest.com/pin/445566/",
  );
  await expect(lead.getByRole("link", { name: /@example\.com/ })).toHaveAttribute("href", /^mailto:/);
  await lookAt(page, "leads");

  await lead.getByRole("button", { name: `Mark handled: ${name}` }).click();
  await expect(toast(page, "Lead marked handled")).toBeVisible();
  await expect(lead).toHaveCount(0);
  await page.getByRole("navigation", { name: "Lead state" }).getByRole("link", { name: "Handled" }).click();
  await expect(page).toHaveURL(/state=handled/);
  await expect(lead).toContainText("Handled by");
  await expect(lead.getByRole("button", { name: `Reopen: ${name}` })).toBeVisible();
});

test("the audit log shows a role change with its before and after", async ({ page, request }) => {
  const person = await registerCustomer(request, "audited");
  const token = await adminToken(request);
  const changed = await request.patch(`/api/staff/people/${person.id}/`, {
    headers: { authorization: `Token ${token}` },
    data: { role: "staff" },
  });
  expect(changed.status(), await changed.text()).toBe(200);

  await signIn(page, request, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.goto("/staff/audit");
  await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
  await page.getByRole("combobox", { name: "Action" }).selectOption("person.role_changed");
  await page.getByRole("searchbox", { name: "Search the audit log" }).fill(person.email);
  await expect(page).toHaveURL(/action=person\.role_changed&search=audited/);
  const entry = page.getByTestId("audit-entry").filter({ hasText: person.email });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText("Role changed");
  // The admin made by `npm run admin -- create --first-name Asha --last-name Rao` (playwright.config.ts), named as everywhere.
  await expect(entry).toContainText("by Asha Rao (admin)");
  const change = entry.getByTestId("change");
  await expect(change.locator("del")).toHaveText(/Customer/);
  await expect(change.locator("ins")).toHaveText(/Staff/);
  await expect(entry).not.toContainText("{");
  await entry.getByRole("link", { name: person.email }).click();
  await expect(page).toHaveURL(/\/staff\/people\?search=/);
  await expect(page.getByTestId("person").filter({ hasText: person.email })).toBeVisible();
});

test("staff who open People see the 404 page", async ({ page, request }) => {
  await signIn(page, request, STAFF_EMAIL, STAFF_PASSWORD);
  for (const path of ["/staff/people", "/staff/audit"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(page.getByTestId("person")).toHaveCount(0);
  }
  await expect(page.getByRole("navigation", { name: "Staff console" }).getByRole("link", { name: "Audit log" })).toHaveCount(0);
});

test("Leads, People (with the invitation dialog) and the audit log pass axe at 768 and 1280 px", async ({ page, request }) => {
  // Something in each list to look at: a lead with a design link, a role change in the log.
  const sent = await request.post("/api/leads/", {
    data: {
      name: "Mira Das",
      email: uniqueEmail("axe"),
      phone: "",
      design_idea: "Something like https://example.com/ring-7",
      source: "home",
    },
  });
  expect(sent.status()).toBe(201);
  const person = await registerCustomer(request, "axe");
  const token = await adminToken(request);
  await request.patch(`/api/staff/people/${person.id}/`, { headers: { authorization: `Token ${token}` }, data: { role: "staff" } });

  await signIn(page, request, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.goto("/staff/people");
  await expect(page.getByTestId("person").first()).toBeVisible();
  await lookAt(page, "people");
  // The invitation dialog with the form's own errors showing.
  await page.getByRole("button", { name: "Invite staff" }).click();
  const dialog = page.getByRole("dialog", { name: "Invite a team member" });
  await dialog.getByRole("button", { name: "Send invitation" }).click();
  await expect(dialog.getByLabel(/^Email/)).toHaveAttribute("aria-invalid", "true");
  // The viewport only: a full-page capture draws the fixed overlay over the first screen alone.
  await lookAt(page, "invite-dialog", { fullPage: false });
  await dialog.getByRole("button", { name: "Cancel" }).click();

  await page.goto("/staff/audit");
  await expect(page.getByTestId("audit-entry").first()).toBeVisible();
  await lookAt(page, "audit");
  await page.goto("/staff/leads?state=all");
  await expect(page.getByTestId("lead").first()).toBeVisible();
  await lookAt(page, "leads-all");
});
