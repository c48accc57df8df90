import path from "node:path";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { SCREENSHOT_DIR, STAFF_EMAIL, STAFF_PASSWORD, expectNoSeriousAxe, findMail, signInAsNewCustomer } from "./support";

async function quoteForNewDesign(request: APIRequestContext, customerToken: string) {
  const created = await request.post("/api/designs/", {
    headers: { authorization: `Token ${customerToken}` },
    data: { name: "Pavé eternity band", description: "Round diamonds all the way around", design_type: "ring", metal: "Platinum" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const design = (await created.json()) as { order: { id: string; order_number: string } };
  const login = await request.post("/api/auth/login/", { data: { email: STAFF_EMAIL, password: STAFF_PASSWORD } });
  const { token } = (await login.json()) as { token: string };
  const quote = await request.post(`/api/staff/orders/${design.order.id}/quotes/`, {
    headers: { authorization: `Token ${token}` },
    data: { line_items: [{ label: "Platinum band with diamonds", amount: "145000" }] },
  });
  expect(quote.status(), await quote.text()).toBe(201);
  return design.order;
}

test("the user menu opens Settings; a preference switched off stays off after a reload", async ({ page, request }) => {
  await signInAsNewCustomer(page, request);
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings$/);
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();

  const cadEmail = page.getByRole("switch", { name: "CAD design ready by e-mail" });
  await expect(cadEmail).toBeChecked();
  await cadEmail.click();
  await expect(cadEmail).not.toBeChecked();
  await expect(page.getByRole("status")).toHaveText("CAD design ready: saved.");
  const statusInApp = page.getByRole("switch", { name: "Order status in the app" });
  await statusInApp.click();
  await expect(page.getByRole("status")).toHaveText("Order status: saved.");

  await page.reload();
  await expect(page.getByRole("switch", { name: "CAD design ready by e-mail" })).not.toBeChecked();
  await expect(page.getByRole("switch", { name: "CAD design ready in the app" })).toBeChecked();
  await expect(page.getByRole("switch", { name: "Order status in the app" })).not.toBeChecked();
  await expect(page.getByText("Password reset and sign-in warnings")).toBeVisible();
  await expectNoSeriousAxe(page, "settings");
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, "settings-1280.png"), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, "settings-390.png"), fullPage: true });
});

test("an e-mail's unsubscribe link works without signing in, and Settings shows it off", async ({ page, browser, request }) => {
  const customer = await signInAsNewCustomer(page, request);
  const order = await quoteForNewDesign(request, customer.token);
  const mail = await findMail(`To: ${customer.email}`, order.order_number);
  expect(mail).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  expect(mail).toMatch(/^List-Unsubscribe:\s*<http:\/\/[^>]+\/api\/unsubscribe\/\?token=[0-9a-f-]{36}\.quote_issued\.[\w-]+>/m);
  expect(mail).toContain("Unsubscribe from quote e-mails");
  expect(mail).toContain("Manage preferences");
  const link = /(http:\/\/[^\s"<>]+\/unsubscribe\?token=[^\s"<>]+)/.exec(mail)?.[1];
  expect(link).toBeTruthy();

  // A browser that has never signed in.
  const anonymous = await browser.newContext();
  const visitor = await anonymous.newPage();
  await visitor.goto(link!.replace(/&amp;/g, "&"));
  await expect(visitor.getByRole("heading", { name: "You are unsubscribed" })).toBeVisible();
  await expect(visitor.getByTestId("unsubscribe-result")).toContainText("We will no longer send “Quote issued” e-mails");
  await expectNoSeriousAxe(visitor, "unsubscribe");
  await visitor.screenshot({ path: path.join(SCREENSHOT_DIR, "unsubscribe-1280.png"), fullPage: true });
  await visitor.setViewportSize({ width: 390, height: 844 });
  await visitor.screenshot({ path: path.join(SCREENSHOT_DIR, "unsubscribe-390.png"), fullPage: true });

  // A changed token is refused, and says so.
  await visitor.goto(link!.replace(/token=([0-9a-f-]{36})\.quote_issued\./, "token=$1.cad_ready."));
  await expect(visitor.getByTestId("unsubscribe-error")).toContainText("This unsubscribe link is not valid");
  await anonymous.close();

  await page.goto("/dashboard/settings");
  await expect(page.getByRole("switch", { name: "Quote issued by e-mail" })).not.toBeChecked();
  await expect(page.getByRole("switch", { name: "Quote issued in the app" })).toBeChecked();
  await expect(page.getByRole("switch", { name: "CAD design ready by e-mail" })).toBeChecked();
});
