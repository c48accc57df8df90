import { expect, test } from "@playwright/test";
import { findMail, PASSWORD, signInAsNewCustomer, STAFF_EMAIL, STAFF_PASSWORD, storeSession } from "./support.ts";

/**
 * Issue 22, defects 3 and 4: every status shows words that are true for it (a cancelled order is
 * not "Awaiting quote", and the staff queue shows no waiting time for an order that waits on
 * nobody), and a password change sends the warning the settings promise.
 */

test("a cancelled order reads 'Not quoted' for the customer and shows no waiting time to staff", async ({ page, request }) => {
  const { token } = await signInAsNewCustomer(page, request);
  const headers = { authorization: `Token ${token}` };
  const data = { name: "Cancelled halo", design_type: "ring", description: "A low halo.", metal_type: "gold", metal_color: "yellow", purity: "18K", size: "6" };
  const created = await request.post("/api/designs/", { headers, multipart: { data: JSON.stringify(data) } });
  expect(created.status(), await created.text()).toBe(201);
  const { results } = (await (await request.get("/api/orders/", { headers })).json()) as { results: { id: string; order_number: string }[] };
  const { id: orderId, order_number: orderNumber } = results[0]!;
  const cancelled = await request.post(`/api/orders/${orderId}/cancel/`, { headers, data: { reason: "Changed my mind" } });
  expect(cancelled.status(), await cancelled.text()).toBe(200);

  await page.goto("/dashboard");
  const recent = page.getByTestId("recent-order").filter({ hasText: orderNumber });
  await expect(recent).toContainText("Cancelled");
  await expect(recent).toContainText("Not quoted");
  await expect(recent).not.toContainText("Awaiting quote");

  await page.goto(`/dashboard/orders/${orderId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Cancelled halo" })).toBeVisible();
  await expect(page.getByText("This order was cancelled")).toBeVisible();
  await expect(page.getByText("Not quoted")).toBeVisible();
  await expect(page.getByText("Awaiting quote")).toHaveCount(0);

  const staffLogin = await request.post("/api/auth/login/", { data: { email: STAFF_EMAIL, password: STAFF_PASSWORD } });
  expect(staffLogin.status(), await staffLogin.text()).toBe(200);
  const staff = (await staffLogin.json()) as { token: string; user: unknown };
  await storeSession(page, staff.token, staff.user);
  await page.goto(`/staff?group=all&search=${orderNumber}`);
  const row = page.getByTestId("queue-row").filter({ hasText: orderNumber });
  await expect(row).toBeVisible();
  await expect(row).toContainText("Cancelled");
  await expect(row.getByTestId("waiting")).toHaveCount(0);
  await expect(row).not.toContainText("waiting");
});

test("a password change sends 'Your password was changed' with what to do if it was not you", async ({ page, request }) => {
  const { email, token } = await signInAsNewCustomer(page, request);
  const changed = await request.post("/api/auth/change-password/", {
    headers: { authorization: `Token ${token}` },
    data: { old_password: PASSWORD, new_password: "Amber-Lattice-77", confirm_password: "Amber-Lattice-77" },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  const mail = await findMail(email, "Your password was changed");
  expect(mail).toContain("If it was not you, choose a new password now");
  expect(mail).toContain("/forgot-password");
});
