import fs from "node:fs/promises";
import path from "node:path";
import { expect, test, type APIRequestContext, type APIResponse, type Page } from "@playwright/test";
import sharp from "sharp";
import { extractText } from "../apps/server/src/test/pdf-text.ts";
import { startFakeRazorpay, type FakeRazorpay } from "../apps/server/src/test/payment-fakes.ts";
import { chooseDeliveryAddress, signIn, signInAsNewCustomer, STAFF_EMAIL, STAFF_PASSWORD } from "./support.ts";

/**
 * Money end to end (issue 21): the customer pays the advance and the balance online through
 * Razorpay's checkout (a local fake of its API and checkout page, which posts webhooks signed as
 * Razorpay signs them), staff see the payments confirmed without touching them, the customer
 * downloads both tax invoices (real PDFs), and a cancelled order is refunded through the provider
 * and gets its credit note.
 */

let rzp: FakeRazorpay;

test.beforeAll(async ({ baseURL }) => {
  rzp = await startFakeRazorpay({
    port: Number(process.env.E2E_RAZORPAY_PORT),
    keys: {
      keyId: String(process.env.E2E_RAZORPAY_KEY_ID),
      keySecret: String(process.env.E2E_RAZORPAY_KEY_SECRET),
      webhookSecret: String(process.env.E2E_RAZORPAY_WEBHOOK_SECRET),
    },
    webhookTarget: `${baseURL}/api/webhooks/razorpay/`,
  });
  // A refund the app asks for is settled by the provider's webhook a moment later, as Razorpay does.
  rzp.autoSettleRefunds = true;
});

test.afterAll(async () => {
  await rzp.stop();
});

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

const SHOTS = process.env.SCREENSHOT_DIR ?? "/tmp/atelier-screens";

/** The page at a desktop and a phone width, for a person to look at (not compared). */
async function shots(page: Page, name: string) {
  await fs.mkdir(SHOTS, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function staffHeaders(request: APIRequestContext) {
  const res = await request.post("/api/auth/login/", { data: { email: STAFF_EMAIL, password: STAFF_PASSWORD } });
  expect(res.status(), await res.text()).toBe(200);
  return { authorization: `Token ${((await res.json()) as { token: string }).token}` };
}

async function ok<T>(res: Promise<APIResponse>): Promise<T> {
  const r = await res;
  expect(r.ok(), `${r.url()}: ${r.status()} ${await r.text()}`).toBe(true);
  return (await r.json()) as T;
}

interface OrderView {
  id: string;
  order_number: string;
  status: string;
  amount_paid: string;
  balance_due: string;
  payments: { id: string; kind: string; status: string; provider: string; amount: string }[];
  refunds: { amount: string; status: string }[];
}

/** A ring design by the customer, quoted ₹50,000 (₹51,500 incl. 3 % GST) and accepted; the order. */
async function quotedOrder(request: APIRequestContext, token: string, staff: Record<string, string>, name: string): Promise<OrderView> {
  const headers = { authorization: `Token ${token}` };
  const design = { name, design_type: "ring", description: "A slim band.", metal_type: "gold", metal_color: "yellow", purity: "18K", size: "7" };
  await ok(request.post("/api/designs/", { headers, multipart: { data: JSON.stringify(design) } }));
  const { results } = await ok<{ results: OrderView[] }>(request.get("/api/orders/", { headers }));
  const order = results.find((o) => o.status === "initiated")!;
  const quote = await ok<{ id: string; amount: string }>(
    request.post(`/api/staff/orders/${order.id}/quotes/`, { headers: staff, data: { line_items: [{ label: "18K gold ring", amount: "50000" }] } }),
  );
  expect(quote.amount).toBe("51500.00");
  await ok(request.post(`/api/quotes/${quote.id}/accept/`, { headers }));
  return order;
}

/** On the order page: "Pay ₹X now", Razorpay's checkout (the fake's page), Pay, and back to the order. */
async function payOnline(page: Page, orderId: string, amount: string) {
  await page.goto(`/dashboard/orders/${orderId}`);
  await page.getByRole("button", { name: new RegExp(`Pay ${amount.replace(/[.$]/g, "\\$&")} now`) }).click();
  await expect(page.getByRole("heading", { name: "Razorpay test checkout" })).toBeVisible();
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await page.waitForURL(new RegExp(`/dashboard/orders/${orderId}`));
}

test("a customer pays online, staff see it confirmed untouched, both invoices download; a cancelled order is refunded with a credit note", async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const customer = await signInAsNewCustomer(page, request);
  const staff = await staffHeaders(request);
  const headers = { authorization: `Token ${customer.token}` };

  // The advance (50 % of ₹51,500) through Razorpay; the order moves on the signed webhook alone.
  const order = await quotedOrder(request, customer.token, staff, "Online paid band");
  await chooseDeliveryAddress(request, customer.token, order.id);
  await page.goto(`/dashboard/orders/${order.id}`);
  await expect(page.getByRole("button", { name: /Pay ₹25,750\.00 now/ })).toBeVisible();
  await shots(page, "order-pay-online");
  await payOnline(page, order.id, "₹25,750.00");
  await expect(page.getByText("Advance of ₹25,750.00 received. Thank you!")).toBeVisible();

  // Staff never confirmed it by hand: the provider's webhook did, and the order is approved.
  const seen = await ok<OrderView>(request.get(`/api/orders/${order.id}/`, { headers: staff }));
  expect(seen.status).toBe("approved");
  expect(seen.payments).toMatchObject([{ kind: "advance", status: "confirmed", provider: "razorpay", amount: "25750.00" }]);

  // CAD approved, then the balance online too.
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 214, g: 190, b: 140 } } })
    .png()
    .toBuffer();
  const cad = await ok<{ id: string }>(
    request.post(`/api/staff/orders/${order.id}/cad-designs/`, {
      headers: staff,
      multipart: { description: "Band, 2 mm", images: { name: "render.png", mimeType: "image/png", buffer: png } },
    }),
  );
  await ok(request.post(`/api/cad-designs/${cad.id}/approve/`, { headers }));
  await payOnline(page, order.id, "₹25,750.00");
  await expect(page.getByText("Balance of ₹25,750.00 received. Thank you!")).toBeVisible();
  const paid = await ok<OrderView>(request.get(`/api/orders/${order.id}/`, { headers }));
  expect(paid).toMatchObject({ amount_paid: "51500.00", balance_due: "0.00" });

  // Both tax invoices, downloaded from the order page: real PDFs with the number, GSTIN and tax lines.
  const invoices = page.getByRole("list", { name: "Invoices and credit notes" });
  await expect(invoices.getByRole("listitem")).toHaveCount(2);
  await shots(page, "order-paid-online-with-invoices");
  const numbers = (await invoices.getByRole("button", { name: /^Download PDF / }).evaluateAll((els) => els.map((e) => e.getAttribute("aria-label")))).map(
    (label) => String(label).replace("Download PDF ", ""),
  );
  expect(numbers).toHaveLength(2);
  for (const number of numbers) {
    expect(number).toMatch(/^INV\/\d{4}-\d{2}\/\d{6}$/);
    const [download] = await Promise.all([page.waitForEvent("download"), invoices.getByRole("button", { name: `Download PDF ${number}` }).click()]);
    const pdf = await fs.readFile(String(await download.path()));
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const text = extractText(pdf);
    expect(text).toContain(number);
    expect(text).toContain("27AAPFU0939F1ZV");
    expect(text).toContain("CGST");
    expect(text).toContain("SGST");
    expect(text).toContain("7113");
  }

  // A second order, its advance paid online, is cancelled by staff on the workbench with a full refund.
  const second = await quotedOrder(request, customer.token, staff, "Cancelled band");
  await payOnline(page, second.id, "₹25,750.00");
  await expect(page.getByText("Advance of ₹25,750.00 received. Thank you!")).toBeVisible();

  const staffPage = await page.context().browser()!.newPage();
  await signIn(staffPage, request, STAFF_EMAIL, STAFF_PASSWORD);
  await staffPage.goto(`/staff/orders/${second.id}`);
  await staffPage.getByRole("button", { name: "Cancel order" }).first().click();
  const dialog = staffPage.getByRole("alertdialog", { name: `Cancel ${second.order_number}?` });
  await dialog.getByRole("textbox", { name: "Reason" }).fill("The customer changed their mind before CAD.");
  await expect(dialog.getByTestId("cancel-refund")).toContainText("₹25,750.00 paid by Razorpay");
  await dialog.getByRole("button", { name: "Cancel order" }).click();
  await expect(toast(staffPage, "Refund requested").or(toast(staffPage, "Refund recorded"))).toBeVisible();

  // Razorpay settles the refund by webhook: the order shows it, and the credit note appears.
  await expect
    .poll(async () => (await ok<OrderView>(request.get(`/api/orders/${second.id}/`, { headers }))).refunds.map((r) => r.status), { timeout: 15_000 })
    .toEqual(["succeeded"]);
  await page.goto(`/dashboard/orders/${second.id}`);
  const documents = page.getByRole("list", { name: "Invoices and credit notes" });
  await expect(documents.getByText(/^CN\/\d{4}-\d{2}\/\d{6}$/)).toBeVisible();
  await expect(documents.getByText(/^INV\/\d{4}-\d{2}\/\d{6}$/)).toBeVisible();
  await shots(page, "order-refunded-with-credit-note");
  await staffPage.goto("/staff/payments");
  await expect(staffPage.getByRole("heading", { name: "Payments", level: 1 })).toBeVisible();
  await shots(staffPage, "staff-payments-ledger");
  const refunded = await ok<OrderView>(request.get(`/api/orders/${second.id}/`, { headers }));
  expect(refunded).toMatchObject({ status: "cancelled", amount_paid: "0.00", refunds: [{ amount: "25750.00", status: "succeeded" }] });
  await staffPage.close();
});
