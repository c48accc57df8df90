import fs from "node:fs/promises";
import path from "node:path";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import sharp from "sharp";
import { chooseDeliveryAddress, expectNoSeriousAxe, PASSWORD, STAFF_EMAIL, STAFF_PASSWORD, storeSession, uniqueEmail } from "./support.ts";

/**
 * The staff journey through the console: from the queue, quote a new order from its estimate,
 * confirm the declared payments, upload a CAD version, move the order to shipped and answer the
 * customer. The customer's side is driven through the API (its screens have their own journey).
 */

const SHOTS = process.env.SCREENSHOT_DIR ?? "/tmp/atelier-screens";

async function customerApi(request: APIRequestContext) {
  const email = uniqueEmail("staffjourney");
  const res = await request.post("/api/auth/register/", { data: { email, password: PASSWORD, confirm_password: PASSWORD } });
  expect(res.status(), await res.text()).toBe(201);
  const { token } = (await res.json()) as { token: string };
  const headers = { authorization: `Token ${token}` };
  const named = await request.patch("/api/auth/user/", {
    headers,
    data: { first_name: "Ananya", last_name: "Rao", profile: { phone_number: "+91 98450 11223" } },
  });
  expect(named.status(), await named.text()).toBe(200);
  return {
    email,
    chooseDeliveryAddress: (orderId: string) => chooseDeliveryAddress(request, token, orderId),
    get: async <T>(url: string) => {
      const r = await request.get(url, { headers });
      expect(r.status(), `${url}: ${await r.text()}`).toBe(200);
      return (await r.json()) as T;
    },
    post: async <T>(url: string, data: unknown = {}) => {
      const r = await request.post(url, { headers, data });
      expect(r.ok(), `${url}: ${r.status()} ${await r.text()}`).toBe(true);
      return (await r.json()) as T;
    },
    submitDesign: async (name: string, image: Buffer) => {
      const data = {
        name,
        design_type: "ring",
        description: "A round diamond on a slim 18K yellow gold band.",
        metal_type: "gold",
        metal_color: "yellow",
        purity: "18K",
        weight: 4,
      };
      const r = await request.post("/api/designs/", {
        headers,
        multipart: { data: JSON.stringify(data), images: { name: "sketch.png", mimeType: "image/png", buffer: image } },
      });
      expect(r.status(), await r.text()).toBe(201);
    },
  };
}

interface OrderView {
  id: string;
  order_number: string;
  status: string;
  quotes: { id: string; status: string; amount: string; line_items: { label: string; amount: string }[] }[];
  cad_designs: { id: string }[];
}

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

async function shot(page: Page, name: string) {
  await fs.mkdir(SHOTS, { recursive: true });
  // From the top: a full-page capture of a scrolled page draws the sticky header where the scroll left it.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SHOTS, name), fullPage: true });
}


/** The queue and the workbench, looked at and checked with axe on a phone and at the tablet and desk widths. */
async function lookAt(page: Page, name: string) {
  for (const width of [390, 768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForLoadState("networkidle");
    // From the top: a field scrolled under the sticky header reads to axe as an overlapped target.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectNoSeriousAxe(page, `${name} at ${width} px`);
    await shot(page, `staff-${name}-${width}.png`);
  }
}

test("staff quote, confirm, upload CAD, move to shipped and answer from the console", async ({ page, request }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 214, g: 190, b: 140 } } })
    .png()
    .toBuffer();
  const customer = await customerApi(request);
  const designName = `Staff journey solitaire ${Date.now().toString(36)}`;
  await customer.submitDesign(designName, png);
  const { results } = await customer.get<{ results: { id: string; order_number: string }[] }>("/api/orders/");
  const { id: orderId, order_number: orderNumber } = results[0]!;

  // Staff sign in and land on the queue, where the new order waits in "New".
  await page.goto("/login");
  await page.getByLabel("Email").fill(STAFF_EMAIL);
  await page.getByLabel("Password").fill(STAFF_PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/staff$/);
  await expect(page.getByRole("heading", { level: 1, name: "Queue" })).toBeVisible();
  await expect(page.getByRole("link", { name: /^New/ })).toHaveAttribute("aria-current", "page");
  await page.getByRole("searchbox", { name: "Search orders" }).fill(orderNumber);
  await expect(page).toHaveURL(new RegExp(`search=${orderNumber}`));
  const row = page.getByTestId("queue-row").filter({ hasText: orderNumber });
  await expect(row).toBeVisible();
  await expect(row.getByText("Ananya Rao")).toBeVisible();
  await expect(row.getByTestId("waiting")).toHaveText(/just now|min/);
  await lookAt(page, "queue");
  await page.setViewportSize({ width: 1280, height: 900 });
  await row.getByRole("link", { name: designName }).click();
  await expect(page).toHaveURL(new RegExp(`/staff/orders/${orderId}$`));
  await expect(page.getByRole("heading", { level: 1, name: designName })).toBeVisible();
  await expect(page.getByTestId("customer-panel").getByRole("link", { name: customer.email })).toBeVisible();
  await expect(page.getByTestId("customer-panel").getByText("+91 98450 11223")).toBeVisible();
  await page.getByRole("button", { name: "View reference image 1 in full size" }).click();
  await expect(page.getByRole("dialog").getByRole("img")).toBeVisible();
  await page.keyboard.press("Escape");

  // The quote starts from the estimate; one line is edited before it is issued.
  const builder = page.getByRole("form", { name: "Quote builder" });
  await expect(builder.getByTestId("quote-line").first()).toBeVisible();
  const estimateLines = await builder.getByTestId("quote-line").count();
  expect(estimateLines).toBeGreaterThan(0);
  const firstLabel = await builder.getByLabel("Line 1 label").inputValue();
  const totalBefore = await builder.getByTestId("quote-total").textContent();
  await builder.getByLabel("Line 1 amount").fill("41000");
  await expect(builder.getByTestId("quote-total")).not.toHaveText(totalBefore ?? "");
  // The estimate's working ("Metal: 18K gold, 4.2 g at …") is no longer true of the new amount: only what it covers stays.
  const editedLabel = firstLabel.split(":")[0]!.trim();
  await expect(builder.getByLabel("Line 1 label")).toHaveValue(editedLabel);
  await builder.getByLabel("Note to the customer").fill("Includes the IGI certificate.");
  await builder.getByRole("button", { name: "Preview the customer's view" }).click();
  await expect(page.getByRole("region", { name: "What the customer will see" }).getByText("Includes the IGI certificate.")).toBeVisible();
  await lookAt(page, "workbench-quote");
  await page.setViewportSize({ width: 1280, height: 900 });
  await builder.getByRole("button", { name: "Issue quote" }).click();
  await expect(toast(page, "Quote issued")).toBeVisible();
  await expect(page.getByTestId("quotes-panel")).toBeVisible();

  let order = await customer.get<OrderView>(`/api/orders/${orderId}/`);
  const quote = order.quotes.find((q) => q.status === "pending")!;
  expect(quote.line_items).toHaveLength(estimateLines);
  expect(quote.line_items[0]).toEqual({ label: editedLabel, amount: "41000.00" });

  // The customer accepts and declares the advance; staff confirm it in the console.
  await customer.post(`/api/quotes/${quote.id}/accept/`);
  await customer.post(`/api/orders/${orderId}/payments/`, { kind: "advance", reference: "UTR20261123101" });
  await page.reload();
  const payments = page.getByTestId("payments-panel");
  await expect(payments.getByText("UTR20261123101")).toBeVisible();
  await payments.getByRole("button", { name: /Confirm the advance payment/ }).click();
  await page.getByRole("alertdialog", { name: "Confirm this payment?" }).getByRole("button", { name: "Confirm payment" }).click();
  await expect(toast(page, "Payment confirmed")).toBeVisible();
  await expect(page.getByTestId("cad-panel")).toBeVisible();
  await lookAt(page, "workbench-cad");
  await page.setViewportSize({ width: 1280, height: 900 });

  // A CAD version with a rendering and an STL.
  const stl = Buffer.alloc(134);
  stl.writeUInt32LE(1, 80);
  const cad = page.getByTestId("cad-panel");
  await cad.getByLabel(/Choose images/).setInputFiles({ name: "render.png", mimeType: "image/png", buffer: png });
  await cad.getByLabel(/Choose a 3D file/).setInputFiles({ name: "ring.stl", mimeType: "model/stl", buffer: stl });
  await cad.getByLabel("Description").fill("Four-prong cathedral setting, 2 mm band");
  await cad.getByRole("button", { name: "Upload CAD version" }).click();
  await expect(toast(page, "CAD version 1 uploaded")).toBeVisible();
  await expect(cad.getByTestId("cad-version").filter({ hasText: "Version 1" })).toContainText("Pending Approval");
  await expect(cad.getByRole("link", { name: /ring\.stl/ })).toBeVisible();

  // The customer approves it and asks a question.
  order = await customer.get<OrderView>(`/api/orders/${orderId}/`);
  await customer.post(`/api/cad-designs/${order.cad_designs[0]!.id}/approve/`);
  await customer.post(`/api/orders/${orderId}/comments/`, { text: "Could the band be polished to a high shine?" });

  // Production: manufacturing, then quality check.
  await page.reload();
  const move = page.getByTestId("move-panel");
  await move.getByRole("button", { name: "Move to Manufacturing" }).click();
  await expect(toast(page, "Order moved to Manufacturing")).toBeVisible();
  await move.getByRole("button", { name: "Move to Quality Check" }).click();
  await expect(toast(page, "Order moved to Quality Check")).toBeVisible();
  // Not ready to ship before the balance is confirmed.
  await expect(move.getByRole("button", { name: "Move to Ready to Ship" })).toHaveCount(0);

  // The customer chooses where it ships; the balance is declared, and confirmed in the console.
  await customer.chooseDeliveryAddress(orderId);
  await customer.post(`/api/orders/${orderId}/payments/`, { kind: "balance", reference: "UTR20261123102" });
  await page.reload();
  await page
    .getByTestId("payments-panel")
    .getByRole("button", { name: /Confirm the balance payment/ })
    .click();
  await page.getByRole("alertdialog", { name: "Confirm this payment?" }).getByRole("button", { name: "Confirm payment" }).click();
  await expect(toast(page, "Payment confirmed")).toBeVisible();
  await move.getByRole("button", { name: "Move to Ready to Ship" }).click();
  await expect(toast(page, "Order moved to Ready to Ship")).toBeVisible();

  // Shipping needs the carrier and the tracking number.
  await move.getByLabel(/Carrier/).fill("BlueDart");
  await move.getByLabel(/Tracking number/).fill("BD77812345IN");
  await move.getByRole("button", { name: "Move to Shipped" }).click();
  await expect(toast(page, "Order moved to Shipped")).toBeVisible();
  await expect(page.getByTestId("shipment-panel")).toContainText("BD77812345IN");

  // The customer's question is answered.
  const conversation = page.getByTestId("comments-panel");
  await expect(conversation.getByText("Could the band be polished to a high shine?")).toBeVisible();
  await conversation.getByLabel("Reply to the customer").fill("Yes, a high polish is included at no charge.");
  await conversation.getByRole("button", { name: "Send reply" }).click();
  await expect(toast(page, "Reply sent")).toBeVisible();

  // The customer sees the reply and the order shipped; the history names every step.
  order = await customer.get<OrderView & { comments: { text: string; user: { role: string } }[] }>(`/api/orders/${orderId}/`);
  expect(order.status).toBe("shipped");
  const history = page.getByTestId("history-event");
  await expect(history.filter({ hasText: "Ready to Ship → Shipped" })).toHaveCount(1);
  await expect(history.filter({ hasText: "Quote issued" })).toHaveCount(1);
  await expect(history.filter({ hasText: "Payment confirmed" })).toHaveCount(2);
  await lookAt(page, "workbench-shipped");

  const customerView = await customer.get<{ comments: { text: string; user: { role: string } }[] }>(`/api/orders/${orderId}/`);
  expect(customerView.comments.map((c) => [c.user.role, c.text])).toEqual([
    ["customer", "Could the band be polished to a high shine?"],
    ["staff", "Yes, a high polish is included at no charge."],
  ]);
});

test("a customer who opens the staff console sees the 404 page", async ({ page, request }) => {
  const customer = await customerApi(request);
  const login = await request.post("/api/auth/login/", { data: { email: customer.email, password: PASSWORD } });
  const { token, user } = (await login.json()) as { token: string; user: unknown };
  await storeSession(page, token, user);
  await page.goto("/staff");
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Staff console" })).toHaveCount(0);
  const refused = await request.get("/api/staff/queue/", { headers: { authorization: `Token ${token}` } });
  expect(refused.status()).toBe(403);
});
