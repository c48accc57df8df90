import fs from "node:fs/promises";
import type http from "node:http";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { closeShop, continueToDesignReview, signInAsNewCustomer, startShop } from "./support.ts";

/**
 * Share a Link against a real product page: a tiny shop on 127.0.0.1:3199 (the e2e server allows
 * this host through EXTRACT_ALLOWED_HOSTS) serves a jewellery product with JSON-LD, a journal page
 * without a product, and the product's image.
 */
const SHOP_PORT = 3199;
const SHOP = `http://127.0.0.1:${SHOP_PORT}`;
const PRODUCT_URL = `${SHOP}/products/emerald-halo-ring`;
const JOURNAL_URL = `${SHOP}/journal/caring-for-gold`;
const SHOTS = process.env.SCREENSHOT_DIR ?? "/tmp/atelier-screens";

const productPage = () => `<!doctype html>
<html lang="en"><head>
<meta charset="utf-8"><title>Emerald Halo Ring in 18K Rose Gold | Maison Verte</title>
<meta name="description" content="An oval emerald in a halo of diamonds.">
<meta property="og:type" content="product">
<meta property="og:title" content="Emerald Halo Ring">
<meta property="og:image" content="${SHOP}/img/emerald-halo.png">
<script type="application/ld+json">${JSON.stringify({
  "@context": "https://schema.org",
  "@type": "Product",
  name: "Emerald Halo Ring",
  sku: "MV-EH-1299",
  description: "An oval emerald surrounded by a halo of round diamonds, set in 18K rose gold.",
  image: [`${SHOP}/img/emerald-halo.png`, `${SHOP}/img/missing-side-view.jpg`],
  brand: { "@type": "Brand", name: "Maison Verte" },
  category: "Rings",
  material: "18K Rose Gold",
  offers: { "@type": "Offer", price: "1299.00", priceCurrency: "USD", availability: "https://schema.org/InStock", url: PRODUCT_URL },
})}</script>
</head><body><main>
<h1>Emerald Halo Ring</h1>
<p class="price">$1,299.00</p>
<p>An oval emerald surrounded by a halo of round diamonds, set in 18K rose gold.</p>
<img src="/img/emerald-halo.png" alt="Emerald Halo Ring">
</main></body></html>`;

const journalPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Caring for gold | Maison Verte journal</title></head>
<body><main><article><h1>Caring for gold</h1><p>Warm water, a soft brush and patience keep gold bright for decades.</p></article></main></body></html>`;

let shop: http.Server;
let productImage: Buffer;

test.beforeAll(async () => {
  productImage = await sharp({ create: { width: 400, height: 400, channels: 3, background: { r: 31, g: 122, b: 90 } } }).png().toBuffer();
  shop = await startShop(SHOP_PORT, (req, res) => {
    const url = req.url ?? "/";
    if (url.startsWith("/products/emerald-halo-ring")) {
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(productPage());
    } else if (url.startsWith("/journal/")) {
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(journalPage);
    } else if (url === "/img/emerald-halo.png") {
      res.writeHead(200, { "Content-Type": "image/png" }).end(productImage);
    } else {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("Not found");
    }
  });
});

test.afterAll(async () => {
  await closeShop(shop);
});

async function shot(page: Page, name: string) {
  await fs.mkdir(SHOTS, { recursive: true });
  const size = page.viewportSize()!;
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: size.width, height: Math.max(size.height, height) });
  await page.screenshot({ path: path.join(SHOTS, name) });
  await page.setViewportSize(size);
}

test("paste a product link → review the extracted details → save → listed", async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsNewCustomer(page, request);
  await page.goto("/dashboard/new-design");
  await expect(page.getByRole("tab", { name: "Share a Link" })).toHaveAttribute("aria-selected", "true");

  // An empty link is refused before any call.
  await page.getByRole("button", { name: "Extract Details" }).click();
  await expect(page.getByText("Please enter a product link", { exact: true })).toBeVisible();

  const tab = page.getByRole("tabpanel", { name: "Share a Link" });
  await tab.getByLabel("Product link").fill(PRODUCT_URL);
  await tab.getByRole("button", { name: "Extract Details" }).click();
  await expect(page.getByText("Product details extracted successfully! Please review and complete any missing details.", { exact: true })).toBeVisible();

  // The review form, filled from the page.
  await expect(tab.getByLabel("Design name")).toHaveValue("Emerald Halo Ring");
  await expect(tab.getByLabel("Price")).toHaveValue("1299");
  await expect(tab.getByLabel("Currency")).toHaveValue("USD");
  await expect(tab.getByLabel("Source link")).toHaveValue(PRODUCT_URL);
  await expect(tab.getByLabel("Jewelry type")).toHaveValue("ring");
  await expect(page.getByText("Please review before saving")).toBeVisible();
  for (const section of ["Basic Details", "Additional Information", "Metal Details", "Stone Details", "Design Details", "Dimensions", "Authentication", "Media"]) {
    await expect(page.getByRole("region", { name: section })).toBeVisible();
  }
  // The product image previews; the missing one shows a placeholder.
  const preview = tab.getByRole("img", { name: "Product view 1" });
  await preview.scrollIntoViewIfNeeded();
  await expect.poll(() => preview.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  await tab.getByRole("region", { name: "Media" }).scrollIntoViewIfNeeded();
  await expect(page.getByTestId("image-placeholder")).toHaveCount(1);

  // Complete what the page did not say.
  await tab.getByLabel("Metal type").fill("Gold");
  await tab.getByLabel("Metal color").fill("Rose");
  await tab.getByLabel("Purity").fill("18K");
  const stones = page.getByRole("region", { name: "Stone Details" });
  while ((await stones.getByRole("button", { name: /Remove stone/ }).count()) > 0) {
    await stones.getByRole("button", { name: /Remove stone/ }).first().click();
  }
  await stones.getByRole("button", { name: "Add stone" }).click();
  await stones.getByLabel("Stone type").fill("Emerald");
  await stones.getByLabel("Carat").fill("1.1");
  await stones.getByLabel("Color", { exact: true }).fill("Green");
  await stones.getByLabel("Quantity").fill("1");
  await tab.getByLabel("Size", { exact: true }).fill("6");
  await shot(page, "link-review-1280.png");

  await page.getByRole("button", { name: "Save Design" }).click();
  await expect(page.getByText("Design saved successfully!", { exact: true })).toBeVisible();
  // As after a custom design, the saved design opens with its estimate (issue 22).
  await expect(page).toHaveURL(/\/dashboard\/designs\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("region", { name: "Your instant estimate" })).toBeVisible();

  await page.goto("/dashboard/designs");
  const card = page.getByTestId("design-card").filter({ hasText: "Emerald Halo Ring" });
  await expect(card).toBeVisible();
  await expect(card.getByText("Ring", { exact: true })).toBeVisible();
  await expect(card.getByRole("link", { name: "View Link" })).toHaveAttribute("href", PRODUCT_URL);
  await expect(card).toContainText("Gold");
  await expect(card).toContainText("18K");
  await expect(card).toContainText("$1,299");
  await expect(card).toContainText("Emerald");
  await shot(page, "designs-list-link-1280.png");

  await card.getByRole("link", { name: "View Details" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Emerald Halo Ring" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Stone Details" })).toContainText("Emerald");
  await expect(page.getByRole("region", { name: "Specifications" })).toContainText("6");
  // What the review form held beyond the spec's payload is kept too (the setting read from the page).
  await expect(page.getByRole("region", { name: "Design Details" })).toContainText("Halo");
  // The shop's photo was copied into the design (the missing one was skipped) and loads from us.
  const photo = page.getByRole("img", { name: "Emerald Halo Ring, reference 1" });
  await expect(photo).toHaveAttribute("src", /^\/api\/files\//);
  await expect.poll(() => photo.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByRole("img", { name: /reference 2/ })).toHaveCount(0);
});

test("a page without a product falls back to the custom form with the link as inspiration", async ({ page, request }) => {
  await signInAsNewCustomer(page, request);
  await page.goto("/dashboard/new-design");
  await page.getByLabel("Product link").fill(JOURNAL_URL);
  await page.getByRole("button", { name: "Extract Details" }).click();
  await expect(page.getByText("Unable to Extract Details", { exact: true })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Custom Design" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByLabel("Inspiration link")).toHaveValue(JOURNAL_URL);

  // The fallback form submits like any other.
  await page.getByLabel("Design Name").fill("Inspired by the journal");
  await page.getByLabel("Description").fill("A plain gold band, polished bright.");
  await continueToDesignReview(page);
  await page.getByRole("button", { name: "Submit Design" }).click();
  await expect(page.getByText("Design submitted successfully!", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: /Inspiration link/ })).toHaveAttribute("href", JOURNAL_URL);
});

test("a refused address is reported and falls back too", async ({ page, request }) => {
  await signInAsNewCustomer(page, request);
  await page.goto("/dashboard/new-design");
  await page.getByLabel("Product link").fill("http://169.254.169.254/latest/meta-data/");
  await page.getByRole("button", { name: "Extract Details" }).click();
  await expect(page.getByText("Unable to Extract Details", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Inspiration link")).toHaveValue("http://169.254.169.254/latest/meta-data/");
});

test("the link tab at phone width (390px)", async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsNewCustomer(page, request);
  await page.goto("/dashboard/new-design");
  const tab = page.getByRole("tabpanel", { name: "Share a Link" });
  await tab.getByLabel("Product link").fill(PRODUCT_URL);
  await tab.getByRole("button", { name: "Extract Details" }).click();
  await expect(tab.getByLabel("Design name")).toHaveValue("Emerald Halo Ring");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, "link-review-390.png");
});
