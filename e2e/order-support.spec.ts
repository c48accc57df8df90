import { expect, test } from "@playwright/test";
import { PASSWORD, STAFF_EMAIL, STAFF_PASSWORD, storeSession, uniqueEmail } from "./support.ts";

/**
 * Issue 22, defects 5 and 6: "Contact Support" on an order opens a message about that order in
 * Messages (no name or e-mail asked again), and the jeweller who answers is named the one way,
 * "Kavya Iyer (support)" (the staff account is made with a name in playwright.config.ts).
 */
test("Contact Support on an order writes about that order in Messages; the answer names the jeweller", async ({ page, request }) => {
  const email = uniqueEmail("contact");
  const reg = await request.post("/api/auth/register/", { data: { email, password: PASSWORD, confirm_password: PASSWORD } });
  expect(reg.status()).toBe(201);
  const { token, user } = (await reg.json()) as { token: string; user: unknown };
  const headers = { authorization: `Token ${token}` };
  const design = await request.post("/api/designs/", {
    headers,
    data: { name: "Sapphire band", design_type: "ring", description: "A sapphire eternity band.", metal: "18K White Gold" },
  });
  expect(design.status(), await design.text()).toBe(201);
  const { id: orderId, order_number: orderNumber } = ((await design.json()) as { order: { id: string; order_number: string } }).order;

  await storeSession(page, token, user);
  await page.goto(`/dashboard/orders/${orderId}`);
  await page.getByRole("link", { name: /Contact Support/ }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/messages/new\\?order=${orderId}$`));
  await expect(page.getByRole("heading", { name: "New Message" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: /^Order/ })).toHaveValue(orderId);
  await expect(page.getByRole("textbox", { name: /^Email/ })).toHaveCount(0);
  await page.getByRole("textbox", { name: /^Message/ }).fill("When will the first CAD be ready?");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/messages/${orderId}$`));
  await expect(page.getByTestId("message")).toHaveCount(1);

  // The jeweller answers; the customer reads the answer credited to them by name and part.
  const login = await request.post("/api/auth/login/", { data: { email: STAFF_EMAIL, password: STAFF_PASSWORD } });
  const staff = { authorization: `Token ${((await login.json()) as { token: string }).token}` };
  const reply = await request.post(`/api/messages/${orderId}/`, { headers: staff, data: { text: "Within three working days." } });
  expect(reply.status(), await reply.text()).toBe(201);
  await page.goto("/dashboard/messages");
  await expect(page.getByTestId("conversation-row").filter({ hasText: orderNumber })).toContainText("Kavya Iyer (support):");
});
