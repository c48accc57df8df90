import fs from "node:fs/promises";
import path from "node:path";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import sharp from "sharp";
import { ADMIN_EMAIL, ADMIN_PASSWORD, expectNoSeriousAxe, PASSWORD, signIn, STAFF_EMAIL, STAFF_PASSWORD, uniqueEmail } from "./support.ts";

/**
 * The staff console's content screens: the gallery (staff and admins) and the pricing tables
 * (admins). Each change made in the console is checked where customers meet it: the public
 * gallery on its next load, and the estimate of a design submitted after a pricing save.
 */

const SHOTS = process.env.SCREENSHOT_DIR ?? "/tmp/atelier-screens";

interface PricingTables {
  metal_rates: { metal_type: string; purity: string; price_per_gram: string }[];
}
interface Estimate {
  point: string;
  pricing_version: number;
  lines: { label: string; amount: string }[];
}

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

/** Signs the page in with an account's token, as the login form would leave it. */

/** A customer who submits designs through the API (their screens have their own journeys). */
async function customerApi(request: APIRequestContext) {
  const email = uniqueEmail("pricingjourney");
  const res = await request.post("/api/auth/register/", { data: { email, password: PASSWORD, confirm_password: PASSWORD } });
  expect(res.status(), await res.text()).toBe(201);
  const { token } = (await res.json()) as { token: string };
  const headers = { authorization: `Token ${token}` };
  const sketch = await sharp({ create: { width: 480, height: 480, channels: 3, background: { r: 214, g: 190, b: 140 } } })
    .png()
    .toBuffer();
  return {
    submitDesign: async (name: string) => {
      const data = {
        name,
        design_type: "ring",
        description: "A slim 18K yellow gold band.",
        metal_type: "gold",
        metal_color: "yellow",
        purity: "18K",
        weight: 4,
      };
      const r = await request.post("/api/designs/", {
        headers,
        multipart: { data: JSON.stringify(data), images: { name: "sketch.png", mimeType: "image/png", buffer: sketch } },
      });
      expect(r.status(), await r.text()).toBe(201);
      const design = (await r.json()) as { id: string; estimate: Estimate };
      const orders = (await (await request.get("/api/orders/", { headers })).json()) as { results: { design_id: string; order_number: string }[] };
      const order = orders.results.find((o) => o.design_id === design.id)!;
      return { id: design.id, estimate: design.estimate, orderNumber: order.order_number };
    },
  };
}

async function shot(page: Page, name: string) {
  await fs.mkdir(SHOTS, { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SHOTS, name), fullPage: true });
}


/** The public gallery as a visitor loads it: each piece's customer name, in order. */
async function publicGallery(page: Page): Promise<string[]> {
  await page.goto("/gallery");
  const figures = page.locator("main figure");
  await expect(figures.first()).toBeVisible();
  return figures.locator("figcaption > span:first-child").allTextContents();
}

test("staff add, edit, move, hide and delete a gallery post, and the public gallery follows on each load", async ({ page, request }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, request, STAFF_EMAIL, STAFF_PASSWORD);
  // Unique per run; the initial keeps the console's possessive "…'s" whatever the random part ends with.
  const name = `Nandini ${Date.now().toString(36)} R.`;
  const photo = await sharp({ create: { width: 900, height: 900, channels: 3, background: { r: 196, g: 164, b: 112 } } })
    .jpeg()
    .toBuffer();
  const before = await publicGallery(page);

  // A new post with its photograph comes first, in the console and on /gallery.
  await page.goto("/staff/gallery");
  await expect(page.getByRole("heading", { level: 1, name: "Gallery" })).toBeVisible();
  await page.getByRole("button", { name: "New post" }).click();
  const dialog = page.getByRole("dialog", { name: "New gallery post" });
  await dialog.getByLabel("Choose a photograph").setInputFiles({ name: "bangle.jpg", mimeType: "image/jpeg", buffer: photo });
  await expect(dialog.getByRole("img", { name: "The piece" })).toBeVisible();
  await dialog.getByLabel("Customer's name").fill(name);
  await dialog.getByLabel("Their words").fill("The bangle fits as if it had always been mine.");
  await dialog.getByLabel("Delivered on").fill("2026-02-14");
  await dialog.getByRole("button", { name: "Add the post" }).click();
  await expect(toast(page, "Post added")).toBeVisible();
  await expect(dialog).toBeHidden();
  const rows = page.getByTestId("gallery-row");
  await expect(rows.first()).toContainText(name);

  let shown = await publicGallery(page);
  expect(shown[0]).toBe(name);
  expect(shown.slice(1)).toEqual(before);
  // Its photograph is served to visitors.
  const picture = page.getByRole("img", { name: `A piece made for ${name}` });
  await picture.scrollIntoViewIfNeeded();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // Edited words show on the next load.
  await page.goto("/staff/gallery");
  await page.getByRole("button", { name: `Edit ${name}'s post` }).click();
  const edit = page.getByRole("dialog", { name: "Edit the post" });
  await expect(edit.getByLabel("Their words")).toHaveValue("The bangle fits as if it had always been mine.");
  await edit.getByLabel("Their words").fill("Lighter than it looks, and it catches every light.");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(toast(page, "Post saved")).toBeVisible();
  await page.goto("/gallery");
  await expect(page.locator("main figure").first()).toContainText("Lighter than it looks, and it catches every light.");

  // Moved one place down, from the keyboard.
  await page.goto("/staff/gallery");
  const down = page.getByRole("button", { name: `Move ${name}'s post down` });
  await down.focus();
  const saved = page.waitForResponse((r) => r.url().endsWith("/api/staff/gallery/reorder/") && r.ok());
  await page.keyboard.press("Enter");
  await saved;
  await expect(rows.nth(1)).toContainText(name);
  await expect(down).toBeFocused();
  shown = await publicGallery(page);
  expect(shown[1]).toBe(name);
  expect(shown[0]).toBe(before[0]);

  // Hidden: kept in the console, gone from /gallery.
  await page.goto("/staff/gallery");
  await page.getByRole("button", { name: `Hide ${name}'s post` }).click();
  await expect(toast(page, "Post hidden")).toBeVisible();
  await expect(rows.filter({ hasText: name })).toContainText("Hidden");
  expect(await publicGallery(page)).toEqual(before);

  // Deleted after confirming.
  await page.goto("/staff/gallery");
  await page.getByRole("button", { name: `Delete ${name}'s post` }).click();
  await page.getByRole("alertdialog", { name: "Delete this post?" }).getByRole("button", { name: "Delete post" }).click();
  await expect(toast(page, "Post deleted")).toBeVisible();
  await expect(rows.filter({ hasText: name })).toHaveCount(0);
  expect(await publicGallery(page)).toEqual(before);
});

test("an admin raises a metal rate, previews a design with it, saves a version, and a new design's estimate uses it", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const customer = await customerApi(request);
  const existing = await customer.submitDesign(`Pricing journey band ${Date.now().toString(36)}`);
  const admin = await signIn(page, request, ADMIN_EMAIL, ADMIN_PASSWORD);
  const inForce = (await (await request.get("/api/staff/pricing/", { headers: admin.headers })).json()) as {
    version: number;
    tables: PricingTables;
  };
  const original = inForce.tables.metal_rates.find((r) => r.metal_type === "gold" && r.purity === "18K")!.price_per_gram;
  const raised = (Number(original) + 1000).toFixed(2);
  const next = inForce.version + 1;
  const inr = (v: string) => `₹${Number(v).toLocaleString("en-US", { minimumFractionDigits: 2 })}`;

  try {
    await page.goto("/staff/pricing");
    await expect(page.getByRole("heading", { level: 1, name: "Pricing" })).toBeVisible();
    const gold18 = page.getByLabel("Gold 18K, rupees per gram");
    await expect(gold18).toHaveValue(original);
    await gold18.fill(String(Number(raised)));
    const bar = page.getByRole("region", { name: "Unsaved changes" });
    await expect(bar).toContainText("1 unsaved change");

    // The preview of the existing design: the draft's estimate differs from the one in force.
    const preview = page.getByRole("form", { name: "Preview the draft" });
    await preview.getByLabel("Find an order").fill(existing.orderNumber);
    await expect(preview.getByLabel("Design")).toHaveValue(existing.id);
    await preview.getByRole("button", { name: "Preview the draft" }).click();
    const current = page.getByTestId("estimate-current");
    const drafted = page.getByTestId("estimate-draft");
    await expect(drafted).toBeVisible();
    await expect(drafted.getByText(`at ${inr(raised)}/g`, { exact: false })).toBeVisible();
    const currentPoint = await current.getByTestId("estimate-point").textContent();
    await expect(drafted.getByTestId("estimate-point")).not.toHaveText(currentPoint ?? "");
    await expect(drafted.getByTestId("estimate-difference")).toContainText("+");
    // The draft, its preview and the save bar, looked at and checked on a phone, a tablet and a desk.
    for (const width of [390, 768, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      if (width !== 390) await expectNoSeriousAxe(page, `pricing preview at ${width} px`);
      await fs.mkdir(SHOTS, { recursive: true });
      await page.getByRole("region", { name: "Preview", exact: true }).screenshot({ path: path.join(SHOTS, `staff-pricing-preview-${width}.png`) });
      await page.screenshot({ path: path.join(SHOTS, `staff-pricing-bar-${width}.png`) });
    }

    // Saved as the next version, with a note; the history names the admin.
    await bar.getByRole("button", { name: `Save as version ${next}` }).click();
    const save = page.getByRole("dialog", { name: `Save as version ${next}` });
    await expect(save.getByRole("list", { name: `Changes in version ${next}` })).toContainText("Gold 18K, per gram");
    await save.getByLabel("Note").fill("E2E: gold up by a thousand rupees");
    await expectNoSeriousAxe(page, "pricing save dialog");
    await page.screenshot({ path: path.join(SHOTS, "staff-pricing-save-1280.png") });
    await save.getByRole("button", { name: `Save version ${next}` }).click();
    await expect(toast(page, `Pricing version ${next} saved`)).toBeVisible();
    await expect(page.getByTestId("pricing-in-force")).toContainText(`Version ${next} in force`);
    const newest = page.getByTestId("pricing-version").first();
    await expect(newest).toContainText(`Version ${next}`);
    await expect(newest).toContainText(admin.name);
    await expect(newest).toContainText("E2E: gold up by a thousand rupees");
    await expect(newest).toContainText("In force");
    await expect(bar).toBeHidden();

    // A design submitted now is priced with the new rate; the earlier one keeps its estimate.
    const fresh = await customer.submitDesign(`Pricing journey band after ${Date.now().toString(36)}`);
    expect(fresh.estimate.pricing_version).toBe(next);
    expect(fresh.estimate.lines[0]!.label).toContain(`at ${inr(raised)}/g`);
    expect(Number(fresh.estimate.point)).toBeGreaterThan(Number(existing.estimate.point));
    expect(existing.estimate.lines[0]!.label).toContain(`at ${inr(original)}/g`);
  } finally {
    // The journeys share one database: put the rate back (as one more version).
    const latest = (await (await request.get("/api/staff/pricing/", { headers: admin.headers })).json()) as { tables: PricingTables };
    const gold = latest.tables.metal_rates.find((r) => r.metal_type === "gold" && r.purity === "18K")!;
    if (gold.price_per_gram !== original) {
      gold.price_per_gram = original;
      const restored = await request.put("/api/staff/pricing/", {
        headers: admin.headers,
        data: { tables: latest.tables, note: "E2E: gold back to where it was" },
      });
      expect(restored.status(), await restored.text()).toBe(201);
    }
  }
});

test("staff who are not admins see the 404 page on /staff/pricing, and the API refuses them the tables", async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const staff = await signIn(page, request, STAFF_EMAIL, STAFF_PASSWORD);
  await page.goto("/staff/pricing");
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Staff console" });
  await expect(nav.getByRole("link", { name: "Gallery" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Pricing" })).toHaveCount(0);
  const refused = await request.put("/api/staff/pricing/", { headers: staff.headers, data: {} });
  expect(refused.status()).toBe(403);
  // Reading the tables is refused too: the API agrees with the screen (decision 009).
  const read = await request.get("/api/staff/pricing/", { headers: staff.headers });
  expect(read.status()).toBe(403);
  expect(await read.json()).toEqual({ detail: "Only an administrator can do this." });
});

test("the gallery and pricing screens have no serious or critical axe violations at 768 and 1280 px", async ({ page, request }) => {
  test.setTimeout(180_000);
  await signIn(page, request, ADMIN_EMAIL, ADMIN_PASSWORD);
  for (const width of [390, 768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/staff/gallery");
    await expect(page.getByTestId("gallery-row").first()).toBeVisible();
    await page.waitForLoadState("networkidle");
    if (width !== 390) await expectNoSeriousAxe(page, `gallery at ${width} px`);
    await shot(page, `staff-gallery-${width}.png`);

    await page.getByTestId("gallery-row").first().getByRole("button", { name: /^Edit / }).click();
    const dialog = page.getByRole("dialog", { name: "Edit the post" });
    await expect(dialog.getByRole("img")).toBeVisible();
    if (width !== 390) await expectNoSeriousAxe(page, `gallery edit dialog at ${width} px`);
    await page.screenshot({ path: path.join(SHOTS, `staff-gallery-edit-${width}.png`) });
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    await page.goto("/staff/pricing");
    await expect(page.getByLabel("Gold 18K, rupees per gram")).toBeVisible();
    await expect(page.getByTestId("pricing-version").first()).toBeVisible();
    await page.waitForLoadState("networkidle");
    if (width !== 390) await expectNoSeriousAxe(page, `pricing at ${width} px`);
    await shot(page, `staff-pricing-${width}.png`);
  }
});
