import fs from "node:fs/promises";
import type http from "node:http";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { closeShop, expectNoSeriousAxe, PASSWORD, SCREENSHOT_DIR, startShop, uniqueEmail } from "./support.ts";

/**
 * The shortest path to a price (issue 22): from the landing page to a visible instant estimate
 * without an account, then 'Save and get a firm quote' → sign up → the saved design with its
 * estimate. A tiny shop on 127.0.0.1 serves the product page (the e2e server lets this host
 * through EXTRACT_ALLOWED_HOSTS; E2E_SHOP_PORT moves it, with EXTRACT_ALLOWED_HOSTS to match).
 */
const SHOP_PORT = Number(process.env.E2E_SHOP_PORT ?? 3199);
const SHOP = `http://127.0.0.1:${SHOP_PORT}`;
const PRODUCT_URL = `${SHOP}/products/sapphire-trilogy-ring`;

const productPage = `<!doctype html>
<html lang="en"><head>
<meta charset="utf-8"><title>Sapphire Trilogy Ring in 18K White Gold | Maison Bleue</title>
<script type="application/ld+json">${JSON.stringify({
  "@context": "https://schema.org",
  "@type": "Product",
  name: "Sapphire Trilogy Ring",
  sku: "MB-ST-2450",
  description: "A 1.00 ct oval blue sapphire between two round diamonds, set in 18K white gold. Metal weight 3.8 g.",
  brand: { "@type": "Brand", name: "Maison Bleue" },
  category: "Rings",
  material: "18K White Gold",
  offers: { "@type": "Offer", price: "2450.00", priceCurrency: "USD", availability: "https://schema.org/InStock", url: PRODUCT_URL },
})}</script>
</head><body><main>
<h1>Sapphire Trilogy Ring</h1>
<p class="price">$2,450.00</p>
<p>A 1.00 ct oval blue sapphire between two round diamonds, set in 18K white gold. Metal weight 3.8 g.</p>
</main></body></html>`;

let shop: http.Server;
let pageReads = 0;

test.beforeAll(async () => {
  shop = await startShop(SHOP_PORT, (req, res) => {
    if ((req.url ?? "").startsWith("/products/sapphire-trilogy-ring")) {
      pageReads += 1;
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(productPage);
    } else res.writeHead(404, { "Content-Type": "text/plain" }).end("Not found");
  });
});

test.afterAll(async () => {
  await closeShop(shop);
});

async function shot(page: Page, name: string) {
  await fs.mkdir(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, name) });
}

async function visit(page: Page, url: string) {
  await page.goto(url);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/** Puts the link on the clipboard and pastes it into the focused field: one action for the visitor. */
async function pasteInto(page: Page, field: ReturnType<Page["getByLabel"]>, text: string) {
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await field.focus();
  await page.keyboard.press("ControlOrMeta+V");
}

test.use({ permissions: ["clipboard-read", "clipboard-write"] });

test("landing → price in 2 actions: open the quote dialog, paste a link; then save → sign up → the saved design shows its estimate", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await visit(page, "/");
  let actions = 0;

  // Action 1: open the quote dialog.
  await page.getByRole("button", { name: "Share Jewelry Link" }).first().click();
  actions += 1;
  const dialog = page.getByRole("dialog", { name: "Get Your Instant Quote" });
  await expect(dialog).toBeVisible();

  // Action 2: paste the link. Nothing else is pressed: the reading starts by itself.
  await pasteInto(page, dialog.getByLabel("Jewelry Product Link"), PRODUCT_URL);
  actions += 1;

  const estimate = dialog.getByRole("region", { name: "Your instant estimate" });
  await expect(estimate).toBeVisible();
  expect(actions).toBe(2);
  await expect(dialog.getByTestId("quoted-product")).toHaveText("Sapphire Trilogy Ring");
  await expect(dialog.getByText(/^Shop's price/)).toHaveText("Shop's price $2,450.00");
  await expect(estimate).toContainText("Metal: 18K white gold, 3.80 g");
  await expect(estimate).toContainText(/Stone: 1 × sapphire 1\.00 ct/i);
  await expect(estimate).toContainText("Expected range");
  await expect(estimate.getByTestId("estimate-saving")).toContainText(/About \d+% less than the shop's price of \$2,450\.00/);
  const shown = await estimate.locator("dl").innerText();
  expect(await page.evaluate(() => localStorage.getItem("authToken"))).toBeNull();
  await estimate.scrollIntoViewIfNeeded();
  await shot(page, "public-estimate-dialog-1280.png");
  await expectNoSeriousAxe(page, "the quote dialog with its estimate");

  // Save and get a firm quote → sign up → the design is saved for the new account, with its estimate.
  await dialog.getByRole("button", { name: "Save and get a firm quote" }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByTestId("pending-design-note")).toContainText("We keep Sapphire Trilogy Ring and its estimate");
  await shot(page, "public-estimate-signup-1280.png");
  await page.getByLabel("Email").fill(uniqueEmail("instant"));
  await page.getByLabel("Password", { exact: false }).first().fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create Account" }).click();

  await expect(page).toHaveURL(/\/dashboard\/designs\/[0-9a-f-]{36}$/);
  await expect(page.getByText("Design saved successfully!", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Sapphire Trilogy Ring" })).toBeVisible();
  const saved = page.getByRole("region", { name: "Your instant estimate" });
  await expect(saved).toBeVisible();
  // The same figures as before sign-up: the anonymous estimate reads the details as the save does.
  expect(await saved.locator("dl").innerText()).toBe(shown);
  expect(await page.evaluate(() => sessionStorage.getItem("pendingDesign"))).toBeNull();

  // Saved once: coming back to the dashboard does not save it again.
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: /^Welcome/ })).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem("authToken"));
  const list = (await (await page.request.get("/api/designs/", { headers: { Authorization: `Token ${token}` } })).json()) as { count: number };
  expect(list.count).toBe(1);
});

test("the /quote page at 390 px: a pasted link's estimate, and a described piece priced without a link", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await visit(page, "/quote");
  const before = pageReads;
  await pasteInto(page, page.getByLabel("Jewelry Product Link"), PRODUCT_URL);
  const estimate = page.getByRole("region", { name: "Your instant estimate" });
  await expect(estimate).toBeVisible();
  await expect(estimate.getByTestId("estimate-saving")).toBeVisible();
  // Read once (the server keeps the page a while): a paste does not fire twice.
  expect(pageReads - before).toBeLessThanOrEqual(1);
  await estimate.scrollIntoViewIfNeeded();
  await shot(page, "public-estimate-quote-390.png");

  await visit(page, "/quote");
  await page.getByRole("button", { name: "No link? Describe the piece instead" }).click();
  const described = page.getByTestId("describe-quote");
  await expect(described.getByRole("region", { name: "Your instant estimate" })).toBeVisible();
  await described.getByLabel("Metal weight (g)").fill("5");
  await described.getByLabel("Stone").selectOption("diamond");
  await described.getByLabel("Carat each").fill("0.5");
  await expect(described.getByRole("region", { name: "Your instant estimate" })).toContainText("Metal: 18K yellow gold, 5.00 g");
  await expect(described.getByRole("region", { name: "Your instant estimate" })).toContainText(/Stone: 1 × diamond 0\.50 ct/i);
  await expect(described.getByRole("region", { name: "Your instant estimate" })).toContainText("₹");
  await described.getByRole("region", { name: "Your instant estimate" }).scrollIntoViewIfNeeded();
  await shot(page, "public-estimate-describe-390.png");
  await expectNoSeriousAxe(page, "the described piece's estimate");
});
