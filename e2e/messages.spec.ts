import fs from "node:fs/promises";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { expectNoSeriousAxe, PASSWORD, signIn, STAFF_EMAIL, STAFF_PASSWORD, storeSession, uniqueEmail } from "./support.ts";

/**
 * Messages between a customer and the atelier, in two browsers at once: the customer writes about
 * their order with a photo attached, staff see it first in their inbox and answer, the customer's
 * dots appear and clear as they read; then a support ticket is sent, answered and closed.
 * Dots and lists are checked after a reload; in the open thread, each side's message must arrive
 * live (server-sent events), without one.
 */

const SHOTS = process.env.SCREENSHOT_DIR ?? "/tmp/atelier-screens";

async function shoot(page: Page, name: string) {
  await fs.mkdir(SHOTS, { recursive: true });
  for (const [w, h] of [
    [390, 844],
    [1280, 900],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.screenshot({ path: path.join(SHOTS, `messages-${name}-${w}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Reloads until `check` passes (the change arrived live or by poll, or is read afresh). */
async function eventually(page: Page, check: () => Promise<void>) {
  await expect(async () => {
    await page.reload();
    await check();
  }).toPass({ timeout: 30_000, intervals: [500, 1000, 2000] });
}

test("customer and staff exchange messages with an attachment; dots appear and clear; a ticket is answered and closed", async ({ browser, request }) => {
  test.setTimeout(180_000);
  // ---- the customer, with one order ----
  const email = uniqueEmail("messages");
  const reg = await request.post("/api/auth/register/", { data: { email, password: PASSWORD, confirm_password: PASSWORD } });
  expect(reg.status()).toBe(201);
  const { token, user } = (await reg.json()) as { token: string; user: unknown };
  const headers = { authorization: `Token ${token}` };
  expect((await request.patch("/api/auth/user/", { headers, data: { first_name: "Meera", last_name: "Iyer" } })).status()).toBe(200);
  const design = await request.post("/api/designs/", {
    headers,
    data: { name: "Emerald halo ring", design_type: "ring", description: "An emerald with a diamond halo.", metal: "18K White Gold" },
  });
  expect(design.status(), await design.text()).toBe(201);
  const { id: orderId, order_number: orderNumber } = ((await design.json()) as { order: { id: string; order_number: string } }).order;

  const customerCtx = await browser.newContext();
  const staffCtx = await browser.newContext();
  const customer = await customerCtx.newPage();
  const staff = await staffCtx.newPage();
  await storeSession(customer, token, user);
  await signIn(staff, request, STAFF_EMAIL, STAFF_PASSWORD);

  // The empty list says so.
  await customer.goto("/dashboard/messages");
  await expect(customer.getByText("No messages found")).toBeVisible();

  // ---- a new conversation about the order ----
  await customer.getByRole("link", { name: "New Message" }).first().click();
  await expect(customer.getByRole("heading", { name: "New Message" })).toBeVisible();
  await customer.getByRole("combobox", { name: /^Order/ }).selectOption({ label: `${orderNumber} · Emerald halo ring` });
  await customer.getByRole("textbox", { name: /^Message/ }).fill("Could the halo be a little smaller?");
  await customer.getByRole("button", { name: "Send Message" }).click();
  await expect(customer.getByRole("heading", { name: "Emerald halo ring" })).toBeVisible();
  await expect(customer.getByTestId("message")).toHaveCount(1);

  // A photo in the same conversation.
  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 30, g: 120, b: 80 } } }).png().toBuffer();
  await customer.getByTestId("attach-input").setInputFiles({ name: "my-hand.png", mimeType: "image/png", buffer: photo });
  await expect(customer.getByText("my-hand.png")).toBeVisible();
  await customer.getByLabel("Your message").fill("Here is my hand for scale.");
  await customer.getByRole("button", { name: "Send Message" }).click();
  await expect(customer.getByTestId("message")).toHaveCount(2);
  await expect(customer.getByTestId("attachment").getByRole("img", { name: "my-hand.png" })).toBeVisible();
  // The customer leaves the thread: an open thread reads what arrives in it (live), so no dot would show.
  await customer.goto("/dashboard");

  // ---- staff: the inbox puts it first, unread and awaiting a reply ----
  await staff.goto("/staff/messages");
  const row = staff.getByTestId("conversation-row").filter({ hasText: orderNumber });
  await expect(row).toBeVisible();
  await expect(row.getByTestId("unread-dot")).toBeVisible();
  await expect(row.getByText("Awaiting reply")).toBeVisible();
  await expect(row).toContainText("Meera Iyer");
  await shoot(staff, "staff-inbox");
  await row.getByRole("link").click();
  await expect(staff.getByTestId("message")).toHaveCount(2);
  await expect(staff.getByTestId("attachment").getByRole("img", { name: "my-hand.png" })).toBeVisible();
  // The attachment opens for staff through its signed URL.
  const src = await staff.getByTestId("attachment").getByRole("link").getAttribute("href");
  expect((await staff.request.get(src!)).status()).toBe(200);
  await expect(staff.getByTestId("seen-marker")).toHaveCount(0);
  await staff.getByLabel("Reply to the customer").fill("Of course. We will draw a 1.5 mm halo in the next CAD version.");
  await staff.getByRole("button", { name: "Send Message" }).click();
  await expect(staff.getByTestId("message")).toHaveCount(3);
  await staff.goto("/staff/messages");
  await expect(staff.getByTestId("conversation-row").filter({ hasText: orderNumber }).getByTestId("unread-dot")).toHaveCount(0);

  // ---- the customer: the dot appears, and clears once read ----
  await customer.goto("/dashboard/messages");
  await eventually(customer, async () => {
    await expect(customer.getByTestId("message-dot")).toBeVisible({ timeout: 2000 });
  });
  const mine = customer.getByTestId("conversation-row").filter({ hasText: orderNumber });
  await expect(mine.getByTestId("unread-dot")).toBeVisible();
  await expect(mine).toContainText("(support):");
  await expect(mine).toContainText("We will draw a 1.5 mm halo");
  await expect(mine.locator("time")).toHaveText(/now|second|minute/);
  await shoot(customer, "list");
  await mine.getByRole("link").click();
  await expect(customer.getByTestId("message")).toHaveCount(3);
  await expect(customer.getByTestId("message-sender").last()).toContainText("support");
  await expect(customer.getByTestId("message-dot")).toHaveCount(0);
  await expectNoSeriousAxe(customer, "thread");
  await shoot(customer, "thread");
  await customer.goto("/dashboard/messages");
  await expect(customer.getByTestId("conversation-row").filter({ hasText: orderNumber }).getByTestId("unread-dot")).toHaveCount(0);

  // Staff see that the customer has read their reply.
  await staff.getByTestId("conversation-row").filter({ hasText: orderNumber }).getByRole("link").click();
  // The link navigates in the page; a reload before the address changed would reload the inbox.
  await staff.waitForURL(`**/staff/messages/${orderId}`);
  await eventually(staff, async () => {
    await expect(staff.getByTestId("seen-marker")).toHaveText(/Seen by the customer/, { timeout: 2000 });
  });

  // ---- both in the thread: each sees the other's message arrive without reloading ----
  await customer.goto(`/dashboard/messages/${orderId}`);
  await expect(customer.getByTestId("message")).toHaveCount(3);
  await expect(staff.getByTestId("message")).toHaveCount(3);
  await customer.getByLabel("Your message").fill("Perfect, thank you. Here is the band I wear beside it.");
  await customer.getByTestId("attach-input").setInputFiles({ name: "beside.png", mimeType: "image/png", buffer: photo });
  await customer.getByRole("button", { name: "Send Message" }).click();
  await expect(staff.getByTestId("message")).toHaveCount(4);
  await expect(staff.getByText("Here is the band I wear beside it.")).toBeVisible();
  await expect(staff.getByTestId("attachment").getByRole("img", { name: "beside.png" })).toBeVisible();
  await staff.getByLabel("Reply to the customer").fill("Noted; we will match its width.");
  await staff.getByRole("button", { name: "Send Message" }).click();
  await expect(customer.getByText("Noted; we will match its width.")).toBeVisible();
  await expect(customer.getByTestId("message")).toHaveCount(5);

  // The order's Comments tab shows the same conversation, and reading a reply there clears the dot.
  await customer.goto(`/dashboard/orders/${orderId}`);
  await staff.getByLabel("Reply to the customer").fill("The wax model is ready too.");
  await staff.getByRole("button", { name: "Send Message" }).click();
  await eventually(customer, async () => {
    await expect(customer.getByTestId("message-dot")).toBeVisible({ timeout: 2000 });
  });
  await customer.getByRole("tab", { name: /Comments/ }).click();
  await expect(customer.getByText("We will draw a 1.5 mm halo")).toBeVisible();
  await expect(customer.getByText("The wax model is ready too.")).toBeVisible();
  await expect(customer.getByTestId("message-dot")).toHaveCount(0);

  // ---- a support ticket ----
  await customer.goto("/dashboard/support");
  await customer.getByRole("button", { name: "Send Message" }).click();
  await expect(customer.getByTestId("support-required")).toHaveText("Please fill out all required fields.");
  // Unique per run, so the staff inbox finds this ticket even when earlier runs left theirs.
  const subject = `Engraving inside the band (${orderNumber})`;
  await customer.getByRole("textbox", { name: /^Subject/ }).fill(subject);
  await customer.getByRole("combobox", { name: /^Category/ }).selectOption({ label: "Design and CAD" });
  await customer.getByRole("textbox", { name: /^Message/ }).fill("Can you engrave our wedding date inside the band?");
  await customer.getByRole("button", { name: "Send Message" }).click();
  const ticketRow = customer.getByTestId("ticket-row").filter({ hasText: subject });
  await expect(ticketRow).toContainText(/ST-\d{4}-\d{6}/);
  await expect(ticketRow).toContainText("Open");
  await expectNoSeriousAxe(customer, "support");
  await shoot(customer, "support");

  await staff.goto("/staff/messages?filter=tickets");
  const ticketInInbox = staff.getByTestId("conversation-row").filter({ hasText: subject });
  await ticketInInbox.getByRole("link").click();
  await staff.getByLabel("Reply to the customer").fill("Yes, up to 20 characters, free of charge.");
  await staff.getByRole("button", { name: "Send Message" }).click();
  await expect(staff.getByTestId("message")).toHaveCount(2);
  await staff.getByRole("button", { name: "Close ticket" }).click();
  await expect(staff.getByRole("button", { name: "Reopen ticket" })).toBeVisible();
  await shoot(staff, "staff-thread");

  await eventually(customer, async () => {
    await expect(customer.getByTestId("ticket-row").filter({ hasText: subject })).toContainText("Closed", { timeout: 2000 });
  });
  await expect(customer.getByTestId("message-dot")).toBeVisible();

  await customerCtx.close();
  await staffCtx.close();
});
