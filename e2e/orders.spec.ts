import fs from "node:fs/promises";
import path from "node:path";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import sharp from "sharp";
import { chooseDeliveryAddress, continueToDesignReview, expectNoSeriousAxe, nextDesignStep, signInAsNewCustomer, STAFF_EMAIL, STAFF_PASSWORD } from "./support.ts";

/**
 * The order lifecycle end to end: the customer acts in the browser, staff through the API
 * (their console is later work), and every step shows on the order, the dashboard and the
 * notifications.
 */

const SHOTS = process.env.SCREENSHOT_DIR ?? "/tmp/atelier-screens";

async function staffApi(request: APIRequestContext) {
  const res = await request.post("/api/auth/login/", { data: { email: STAFF_EMAIL, password: STAFF_PASSWORD } });
  expect(res.status(), await res.text()).toBe(200);
  const { token } = (await res.json()) as { token: string };
  const headers = { authorization: `Token ${token}` };
  return {
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
    uploadCad: async (orderId: string) => {
      const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 214, g: 190, b: 140 } } })
        .png()
        .toBuffer();
      const stl = Buffer.alloc(134);
      stl.writeUInt32LE(1, 80);
      const r = await request.post(`/api/staff/orders/${orderId}/cad-designs/`, {
        headers,
        multipart: {
          description: "Four-prong cathedral setting, 2 mm band",
          images: { name: "render.png", mimeType: "image/png", buffer: png },
          model: { name: "ring.stl", mimeType: "model/stl", buffer: stl },
        },
      });
      expect(r.status(), await r.text()).toBe(201);
    },
  };
}

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

async function shot(page: Page, name: string) {
  await fs.mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, name), fullPage: true });
}

test("a design becomes an order, is quoted, paid, approved in CAD, made, shipped and completed", async ({ page, request }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const customer = await signInAsNewCustomer(page, request);
  const staff = await staffApi(request);

  // The customer submits a design and sees its instant estimate.
  await page.goto("/dashboard/new-design?tab=custom");
  await page.getByLabel("Design Name").fill("Evening solitaire");
  await page.getByRole("radio", { name: "Ring", exact: true }).click();
  await page.getByLabel("Description").fill("A round diamond on a slim 18K yellow gold band.");
  await nextDesignStep(page);
  await page.getByLabel("Metal type").selectOption("gold");
  await page.getByLabel("Purity").selectOption("18K");
  await page.getByLabel("Weight (grams)").fill("4");
  await continueToDesignReview(page);
  await page.getByRole("button", { name: "Submit Design" }).click();
  await expect(toast(page, "Design submitted successfully!")).toBeVisible();

  const orders = (await (await request.get("/api/orders/", { headers: { authorization: `Token ${customer.token}` } })).json()) as {
    results: { id: string; order_number: string; design_id: string }[];
  };
  const order = orders.results[0]!;
  expect(order.order_number).toMatch(/^JW-\d{4}-\d{6}$/);
  await page.goto(`/dashboard/designs/${order.design_id}`);
  await expect(page.getByRole("region", { name: "Your instant estimate" })).toBeVisible();
  await expect(page.getByText(order.order_number).first()).toBeVisible();

  // Staff quote it; the customer accepts in the browser and declares the advance.
  await staff.post(`/api/staff/orders/${order.id}/quotes/`, {
    line_items: [
      { label: "18K gold, 4 g, and making", amount: "38000" },
      { label: "Diamond 0.50 ct G VS1, IGI certified", amount: "62000" },
    ],
    note: "Includes the IGI certificate.",
  });
  await page.goto(`/dashboard/orders/${order.id}`);
  const quotePanel = page.getByRole("region", { name: "Your quote" });
  await expect(quotePanel).toBeVisible();
  await quotePanel.getByRole("button", { name: /Accept/ }).click();
  await page.getByRole("alertdialog", { name: "Accept this quote?" }).getByRole("button", { name: "Accept quote" }).click();
  await expect(toast(page, "Quote accepted")).toBeVisible();
  const advance = page.getByRole("region", { name: "Advance due" });
  await expect(advance).toBeVisible();
  await advance.getByLabel("Payment reference").fill("UTR20261123001");
  await advance.getByRole("button", { name: "I have paid" }).click();
  await expect(toast(page, "Payment reference sent")).toBeVisible();

  // Staff confirm the advance and upload a CAD version with a rendering and an STL.
  const detail = await staff.get<{ payments: { id: string; status: string }[] }>(`/api/orders/${order.id}/`);
  await staff.post(`/api/staff/payments/${detail.payments[0]!.id}/confirm/`);
  await staff.uploadCad(order.id);
  await staff.uploadCad(order.id);

  // The customer approves the newest CAD version (after confirming) and comments; the older one is superseded.
  await page.reload();
  await page.getByRole("tab", { name: /CAD Designs/ }).click();
  const versions = page.getByTestId("cad-design");
  await expect(versions.filter({ hasText: "Version 2" })).toContainText("Pending Approval");
  await expect(versions.filter({ hasText: "Version 1" })).toContainText("Superseded");
  await expect(page.getByRole("button", { name: /Approve CAD Design/ })).toHaveCount(1);
  await versions.filter({ hasText: "Version 2" }).getByRole("button", { name: /Approve CAD Design/ }).click();
  await page.getByRole("alertdialog", { name: "Approve version 2?" }).getByRole("button", { name: "Approve" }).click();
  await expect(toast(page, "CAD design approved")).toBeVisible();
  await expect(versions.filter({ hasText: "Version 2" })).toContainText("Approved");
  await expect(versions.filter({ hasText: "Version 1" })).toContainText("Superseded");
  await page.getByRole("tab", { name: /Comments/ }).click();
  await page.getByPlaceholder("Write to your jeweller…").fill("Could the band be polished to a high shine?");
  await page.getByRole("button", { name: /Send Message/ }).click();
  await expect(toast(page, "Comment added.")).toBeVisible();
  await expect(page.getByText("Could the band be polished to a high shine?").first()).toBeVisible();

  // Production; the delivery address is chosen and the balance paid before it can ship.
  await chooseDeliveryAddress(request, customer.token, order.id);
  await staff.post(`/api/staff/orders/${order.id}/transition/`, { to: "manufacturing", note: "Casting today." });
  await staff.post(`/api/staff/orders/${order.id}/transition/`, { to: "quality_check" });
  await page.reload();
  const balance = page.getByRole("region", { name: "Balance due" });
  await balance.getByLabel("Payment reference").fill("UTR20261123002");
  await balance.getByRole("button", { name: "I have paid" }).click();
  await expect(toast(page, "Payment reference sent")).toBeVisible();
  const withBalance = await staff.get<{ payments: { id: string; kind: string; status: string }[] }>(`/api/orders/${order.id}/`);
  await staff.post(`/api/staff/payments/${withBalance.payments.find((p) => p.kind === "balance")!.id}/confirm/`);
  await staff.post(`/api/staff/orders/${order.id}/transition/`, { to: "ready_to_ship" });
  await staff.post(`/api/staff/orders/${order.id}/transition/`, { to: "shipped", carrier: "BlueDart", tracking_number: "BD77812345IN" });
  await staff.post(`/api/staff/orders/${order.id}/transition/`, { to: "delivered" });

  // The customer confirms delivery.
  await page.reload();
  await expect(page.getByText("BD77812345IN").first()).toBeVisible();
  await page.getByRole("button", { name: /Confirm delivery/ }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Confirm delivery" }).click();
  await expect(toast(page, "Delivery confirmed")).toBeVisible();
  await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100");

  // The history has every step, with its actor.
  await page.getByRole("tab", { name: /Order History/ }).click();
  const history = page.getByTestId("history-event");
  await expect(history.filter({ hasText: "Delivered → Completed" })).toHaveCount(1);
  await expect(history.filter({ hasText: "Quality Check → Ready to Ship" })).toHaveCount(1);
  await expect(history.filter({ hasText: "Approved → CAD Design" })).toHaveCount(1);
  await shot(page, "order-detail-completed-1280.png");
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, "order-detail-completed-390.png");
  await page.setViewportSize({ width: 1280, height: 900 });

  // The dashboard and the notifications tell the same story.
  await page.goto("/dashboard");
  const recent = page.getByRole("list", { name: "Recent orders" });
  await expect(recent.getByText(order.order_number)).toBeVisible();
  await expect(recent.getByText("Completed")).toBeVisible();
  await page.getByRole("tab", { name: "Order Activity" }).click();
  await expect(page.getByRole("list", { name: "Order activity" }).getByText("Status changed to Completed").first()).toBeVisible();
  await page.goto("/dashboard/notifications");
  await expect(page.getByText(/Your quote for Evening solitaire is ready/).first()).toBeVisible();
  await expect(page.getByText(/CAD design version 1 is ready/).first()).toBeVisible();
  await expect(page.getByText(/Shipped/).first()).toBeVisible();
  await shot(page, "notifications-1280.png");
});

test("the order page leads with what matters now, and the lead changes as the order moves", async ({ page, request }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const customer = await signInAsNewCustomer(page, request);
  const headers = { authorization: `Token ${customer.token}` };
  const staff = await staffApi(request);
  const asCustomer = async <T>(url: string, data: unknown) => {
    const r = await request.post(url, { headers, data });
    expect(r.ok(), `${url}: ${r.status()} ${await r.text()}`).toBe(true);
    return (await r.json()) as T;
  };
  const design = { name: "Lead-line pendant", design_type: "pendant", description: "A pear sapphire on a fine chain.", metal_type: "gold", metal_color: "white", purity: "18K" };
  const created = await request.post("/api/designs/", { headers, multipart: { data: JSON.stringify(design) } });
  expect(created.status(), await created.text()).toBe(201);
  const { results } = (await (await request.get("/api/orders/", { headers })).json()) as { results: { id: string }[] };
  const orderId = results[0]!.id;
  const lead = page.getByRole("region", { name: "What matters now" });
  const nextStep = page.getByTestId("next-step");
  const open = async () => {
    await page.goto(`/dashboard/orders/${orderId}`);
    await expect(page.getByRole("heading", { level: 1, name: "Lead-line pendant" })).toBeVisible();
  };
  const shots = async (name: string) => {
    await shot(page, `order-lead-${name}-1280.png`);
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, `order-lead-${name}-390.png`);
    await page.setViewportSize({ width: 1280, height: 900 });
  };

  // Before a quote: the instant estimate, and nothing for the customer to do.
  await open();
  await expect(lead.getByRole("region", { name: "Your instant estimate" })).toBeVisible();
  await expect(nextStep.getByRole("heading", { name: "Nothing to do: your jeweller is preparing your quote" })).toBeVisible();

  // A quote: its amount, currency and validity lead, the estimate is gone, and the next step is to accept it.
  await staff.post(`/api/staff/orders/${orderId}/quotes/`, {
    currency: "INR",
    line_items: [
      { label: "18K white gold chain and setting", amount: "60000" },
      { label: "Pear sapphire 1.2 ct", amount: "40000" },
    ],
  });
  await open();
  const quote = lead.getByRole("region", { name: "Your quote" });
  await expect(quote.getByTestId("quote-amount")).toHaveText("₹1,03,000.00");
  await expect(quote.getByText("INR", { exact: true })).toBeVisible();
  await expect(quote.getByTestId("quote-when")).toContainText("Valid until");
  await expect(page.getByRole("region", { name: "Your instant estimate" })).toHaveCount(0);
  await expect(nextStep.getByRole("heading", { name: "Accept the quote" })).toBeVisible();
  await shots("quote");
  await expectNoSeriousAxe(page, "order lead with a pending quote");
  await quote.getByRole("button", { name: /Accept/ }).click();
  await page.getByRole("alertdialog", { name: "Accept this quote?" }).getByRole("button", { name: "Accept quote" }).click();

  // The advance: what to pay and how; the balance is not asked for yet.
  await expect(nextStep.getByRole("heading", { name: "Pay the advance of ₹51,500.00" })).toBeVisible();
  const advance = lead.getByRole("region", { name: "Advance due" });
  await expect(advance.getByTestId("amount-due")).toHaveText("₹51,500.00");
  await expect(page.getByText(/Balance/)).toHaveCount(0);
  await shots("advance");
  await advance.getByLabel("Payment reference").fill("UTR-LEAD-0001");
  await advance.getByRole("button", { name: "I have paid" }).click();
  await expect(nextStep.getByRole("heading", { name: "Nothing to do: we are confirming your advance payment" })).toBeVisible();

  // Advance confirmed: the atelier draws the CAD; still no balance.
  const declared = await staff.get<{ payments: { id: string; kind: string }[] }>(`/api/orders/${orderId}/`);
  await staff.post(`/api/staff/payments/${declared.payments.find((p) => p.kind === "advance")!.id}/confirm/`);
  await open();
  await expect(nextStep.getByRole("heading", { name: "Nothing to do: your designer is preparing your CAD design" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Balance due" })).toHaveCount(0);
  await expect(page.getByText(/Balance/)).toHaveCount(0);

  // Two CAD versions: the next step opens the newest for review, and the customer approves it.
  await staff.uploadCad(orderId);
  await staff.uploadCad(orderId);
  await open();
  await expect(nextStep.getByRole("heading", { name: "Review CAD version 2" })).toBeVisible();
  await page.getByRole("tab", { name: /Comments/ }).click();
  await nextStep.getByRole("button", { name: "Review version 2" }).click();
  await expect(page.getByRole("tab", { name: /CAD Designs/ })).toHaveAttribute("aria-selected", "true");
  await page.getByTestId("cad-design").filter({ hasText: "Version 2" }).getByRole("button", { name: /Approve CAD Design/ }).click();
  await page.getByRole("alertdialog", { name: "Approve version 2?" }).getByRole("button", { name: "Approve" }).click();

  // CAD approved: now the balance is due, and said so.
  await expect(nextStep.getByRole("heading", { name: "Pay the balance of ₹51,500.00" })).toBeVisible();
  await expect(lead.getByRole("region", { name: "Balance due" }).getByTestId("amount-due")).toHaveText("₹51,500.00");
  await expect(quote.getByText("Balance before shipping")).toBeVisible();
  await shots("balance");

  // The balance is paid and the piece made and shipped: the tracking number links to the carrier's page.
  await chooseDeliveryAddress(request, customer.token, orderId);
  const balance = await asCustomer<{ id: string }>(`/api/orders/${orderId}/payments/`, { kind: "balance", reference: "UTR-LEAD-0002" });
  await staff.post(`/api/staff/payments/${balance.id}/confirm/`);
  for (const to of ["manufacturing", "quality_check", "ready_to_ship"]) await staff.post(`/api/staff/orders/${orderId}/transition/`, { to });
  await staff.post(`/api/staff/orders/${orderId}/transition/`, { to: "shipped", carrier: "BlueDart", tracking_number: "BD77812345IN" });
  await open();
  await expect(nextStep.getByRole("heading", { name: "Nothing to do: your piece is on its way" })).toBeVisible();
  const tracking = lead.getByRole("region", { name: "On its way" });
  await expect(tracking.getByText("Blue Dart", { exact: true })).toBeVisible();
  const link = tracking.getByRole("link", { name: /BD77812345IN/ });
  await expect(link).toHaveAttribute("href", "https://www.bluedart.com/web/guest/trackdartresultthirdparty?trackFor=0&trackNo=BD77812345IN");
  await expect(link).toHaveAttribute("target", "_blank");
  await shots("shipped");
  await expectNoSeriousAxe(page, "order lead once shipped");
});
