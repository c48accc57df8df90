import fs from "node:fs/promises";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { signInAsNewCustomer, STAFF_EMAIL, STAFF_PASSWORD } from "./support.ts";

/**
 * Live updates: the customer keeps their order open in one browser; a jeweller replies in another
 * and then moves the order. The customer's page shows the reply, the bell's dot and the new status
 * without being reloaded (server-sent events; the page refetches what changed).
 */

const SHOTS = process.env.SCREENSHOT_DIR ?? "/tmp/atelier-screens";

/** Resolves once the page's event stream is open (its response headers arrived). */
const streamOpened = (page: Page) => page.waitForResponse((r) => r.url().includes("/api/events/?ticket=") && r.status() === 200);

test("a jeweller's reply and status change reach the customer's open order page without a reload", async ({ browser, page, request }) => {
  test.setTimeout(120_000);
  // The customer, with a submitted design, on their order's comments.
  await page.setViewportSize({ width: 390, height: 844 });
  const customer = await signInAsNewCustomer(page, request);
  const designName = `Live solitaire ${Date.now().toString(36)}`;
  const created = await request.post("/api/designs/", {
    headers: { authorization: `Token ${customer.token}` },
    data: { name: designName, description: "A round diamond on a slim band.", design_type: "ring", metal: "18K Yellow Gold" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const orderId = ((await created.json()) as { order: { id: string } }).order.id;
  const opened = streamOpened(page);
  await page.goto(`/dashboard/orders/${orderId}`);
  await opened;
  await page.getByRole("tab", { name: /Comments/ }).click();
  await expect(page.getByTestId("notification-dot")).toHaveCount(0);
  // Anything that reloads the page would drop this.
  await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));

  // A jeweller, in their own browser, replies on the workbench.
  const staffContext = await browser.newContext();
  const staffPage = await staffContext.newPage();
  await staffPage.setViewportSize({ width: 1280, height: 900 });
  await staffPage.goto("/login");
  await staffPage.getByLabel("Email").fill(STAFF_EMAIL);
  await staffPage.getByLabel("Password").fill(STAFF_PASSWORD);
  await staffPage.getByRole("button", { name: "Sign In" }).click();
  await expect(staffPage).toHaveURL(/\/staff$/);
  await staffPage.goto(`/staff/orders/${orderId}`);
  await expect(staffPage.getByRole("heading", { level: 1, name: designName })).toBeVisible();
  const reply = "Your diamond has arrived: we set it this week.";
  const conversation = staffPage.getByTestId("comments-panel");
  await conversation.getByLabel("Reply to the customer").fill(reply);
  await conversation.getByRole("button", { name: "Send reply" }).click();
  await expect(staffPage.getByText("Reply sent", { exact: true }).first()).toBeVisible();

  // The customer's page shows it, and the bell lights up, without a reload.
  await expect(page.getByText(reply).first()).toBeVisible({ timeout: 5_000 });
  await expect(page.getByTestId("notification-dot")).toBeVisible({ timeout: 5_000 });

  // The jeweller cancels the order on the customer's request: the status changes on the open page too.
  const login = await request.post("/api/auth/login/", { data: { email: STAFF_EMAIL, password: STAFF_PASSWORD } });
  const staffToken = ((await login.json()) as { token: string }).token;
  const moved = await request.post(`/api/staff/orders/${orderId}/transition/`, {
    headers: { authorization: `Token ${staffToken}` },
    data: { to: "cancelled", note: "Cancelled at the customer's request by phone." },
  });
  expect(moved.status(), await moved.text()).toBe(200);
  await expect(page.getByText("Cancelled", { exact: true }).first()).toBeVisible({ timeout: 5_000 });

  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
  await fs.mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, "live-updates-390.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: path.join(SHOTS, "live-updates-1280.png"), fullPage: true });
  await staffContext.close();
});
