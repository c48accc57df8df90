import fs from "node:fs/promises";
import path from "node:path";
import { expect, test, type Locator, type Page } from "@playwright/test";
import sharp from "sharp";
import { continueToDesignReview, expectNoSeriousAxe, nextDesignStep, signInAsNewCustomer } from "./support.ts";

const SHOTS = process.env.SCREENSHOT_DIR ?? "/tmp/atelier-screens";

async function image(format: "png" | "jpeg", background: { r: number; g: number; b: number }): Promise<Buffer> {
  const base = sharp({ create: { width: 480, height: 360, channels: 3, background } });
  return format === "png" ? base.png().toBuffer() : base.jpeg({ quality: 80 }).toBuffer();
}

/** A whole-page screenshot without sticky bars repeated: the viewport grows to the page for the shot. */
async function shot(page: Page, name: string) {
  await fs.mkdir(SHOTS, { recursive: true });
  const size = page.viewportSize()!;
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: size.width, height: Math.max(size.height, height) });
  await page.screenshot({ path: path.join(SHOTS, name) });
  await page.setViewportSize(size);
}

/** The image really loaded (signed URLs work in a plain <img>). */
async function expectLoaded(img: Locator) {
  await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
}

const toast = (page: Page, text: string) => page.getByText(text, { exact: true });

test("create a design with two images → listed → detail → edit → delete", async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsNewCustomer(page, request);
  await page.goto("/dashboard/new-design?tab=custom");
  await expect(page.getByRole("heading", { level: 1, name: "New Design" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Custom Design" })).toHaveAttribute("aria-selected", "true");

  const steps = page.getByRole("navigation", { name: "Design steps" });
  await expect(page.getByText("Step 1 of 6", { exact: true })).toBeVisible();
  await expect(steps.locator('[aria-current="step"]')).toContainText("The piece");

  // Each step checks its own fields first: Next goes nowhere without a name and a description.
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await expect(page.getByText("Design name is required.")).toBeVisible();
  await expect(page.getByText("Design description is required.")).toBeVisible();
  await expect(page.getByText("Step 1 of 6", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Design Name")).toBeFocused();
  await expectNoSeriousAxe(page, "custom design step 1 with its errors");

  await page.getByLabel("Design Name").fill("Garden of Eden ring");
  await page.getByRole("radio", { name: "Ring", exact: true }).click();
  await page.getByLabel("Description").fill("An emerald held by four leaves, for our tenth anniversary.");
  await page.getByLabel("Style").fill("Botanical");
  await page.getByLabel("Inspiration link").fill("https://example.com/products/eden-ring");
  await expect(page.getByText("Design name is required.")).toHaveCount(0);
  await shot(page, "design-step-1-1280.png");
  await nextDesignStep(page);

  await expect(steps.locator('[aria-current="step"]')).toContainText("Metal");
  await page.getByLabel("Metal type").selectOption("gold");
  await page.getByLabel("Metal color").selectOption("rose");
  await page.getByLabel("Purity").selectOption("18K");
  await page.getByLabel("Weight (grams)").fill("4.255");
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await expect(page.getByText("Ensure that there are no more than 2 decimal places.")).toBeVisible();
  await page.getByLabel("Weight (grams)").fill("4.25");
  await shot(page, "design-step-2-1280.png");
  await nextDesignStep(page);

  await page.getByRole("button", { name: "Add stone" }).click();
  await page.getByLabel("Stone type").fill("Emerald");
  await page.getByLabel("Cut").fill("Oval");
  await page.getByLabel("Carat").fill("1.2");
  await page.getByLabel("Color", { exact: true }).fill("Vivid green");
  await page.getByLabel("Clarity").fill("VS1");
  await page.getByLabel("Position").fill("Center");
  await page.getByLabel("Quantity").fill("1");
  await shot(page, "design-step-3-1280.png");
  await nextDesignStep(page);

  await page.getByLabel("Ring size").fill("US 6.5");
  await page.getByLabel("Size", { exact: true }).fill("Medium");
  await page.getByLabel("Length (mm)", { exact: true }).fill("20");
  await page.getByLabel("Width (mm)", { exact: true }).fill("15");
  await page.getByLabel("Height (mm)", { exact: true }).fill("6");
  await page.getByLabel("Band width (mm)").fill("2.5");
  await page.getByLabel("Setting type").fill("Prong");
  await page.getByLabel("Design features").fill("Milgrain edges");
  await page.getByLabel("Special requests").fill("Engrave 'always' inside the band.");
  await page.getByLabel("Budget range").fill("85000");
  await shot(page, "design-step-4-1280.png");
  await nextDesignStep(page);

  await page.locator("#reference-images").setInputFiles([
    { name: "front.png", mimeType: "image/png", buffer: await image("png", { r: 176, g: 141, b: 87 }) },
    { name: "side.jpg", mimeType: "image/jpeg", buffer: await image("jpeg", { r: 31, g: 122, b: 90 }) },
  ]);
  await expect(page.getByText("2 of 10 images")).toBeVisible();
  await expectLoaded(page.getByRole("img", { name: "front.png" }));
  // A text file is refused with a message.
  await page.locator("#reference-images").setInputFiles([{ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not an image") }]);
  await expect(page.getByText("“notes.txt” is not a PNG, JPG, GIF or WebP image and was not added.")).toBeVisible();
  await expect(page.getByText("2 of 10 images")).toBeVisible();
  await shot(page, "design-step-5-1280.png");

  // Back keeps everything: the metal step still has its values, the images are still there.
  await steps.getByRole("button", { name: /Metal/ }).click();
  await expect(page.getByLabel("Purity")).toHaveValue("18K");
  await expect(page.getByLabel("Weight (grams)")).toHaveValue("4.25");
  await continueToDesignReview(page);
  await expect(page.getByText("Step 6 of 6", { exact: true })).toBeVisible();
  const review = (name: string) => page.getByRole("region", { name, exact: true });
  await expect(review("The piece")).toContainText("Garden of Eden ring");
  await expect(review("Metal")).toContainText("18K");
  await expect(review("Stones")).toContainText("1 × Emerald · Oval · 1.2 ct · Vivid green · VS1 · Center");
  await expect(review("Size & details")).toContainText("₹85,000.00");
  await expect(review("Reference images")).toContainText("2 new");
  // The live instant estimate of these details, beside them, before anything is saved.
  await expect(page.getByRole("region", { name: "Your instant estimate" })).toContainText("₹");
  await expect(page.getByRole("button", { name: "Submit Design" })).toBeEnabled();
  await shot(page, "design-step-6-1280.png");

  await page.getByRole("button", { name: "Submit Design" }).click();
  await expect(toast(page, "Design submitted successfully!")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/designs\/[0-9a-f-]{36}$/);
  const detailUrl = page.url();

  // Detail: every section that has data.
  await expect(page.getByRole("heading", { level: 1, name: "Garden of Eden ring" })).toBeVisible();
  for (const section of ["Metal", "Specifications", "Design Details", "Stone Details", "Special Requests"]) {
    await expect(page.getByRole("region", { name: section })).toBeVisible();
  }
  await expect(page.getByRole("region", { name: "Metal" })).toContainText("Gold");
  await expect(page.getByRole("region", { name: "Metal" })).toContainText("Rose");
  await expect(page.getByRole("region", { name: "Metal" })).toContainText("18K");
  const specs = page.getByRole("region", { name: "Specifications" });
  await expect(specs).toContainText("US 6.5");
  await expect(specs).toContainText("₹85,000");
  await expect(specs).toContainText("L 20 × W 15 × H 6 mm");
  await expect(specs).toContainText("4.25 g");
  await expect(page.getByRole("region", { name: "Design Details" })).toContainText("2.5 mm");
  await expect(page.getByRole("region", { name: "Stone Details" })).toContainText("1 × Emerald · Oval · 1.2 ct · Vivid green · VS1 · Center");
  await expect(page.getByRole("region", { name: "Special Requests" })).toContainText("Engrave 'always' inside the band.");
  await expect(page.getByRole("link", { name: /Inspiration link/ })).toHaveAttribute("href", "https://example.com/products/eden-ring");
  await expect(page.getByRole("button", { name: /Show image/ })).toHaveCount(2);
  await expectLoaded(page.getByRole("button", { name: "View full-size image" }).getByRole("img"));
  await shot(page, "design-detail-1280.png");
  await page.getByRole("button", { name: "View full-size image" }).click();
  const lightbox = page.getByRole("dialog");
  await expectLoaded(lightbox.getByRole("img"));
  await shot(page, "design-lightbox-1280.png");
  await page.keyboard.press("Escape");

  // Listed.
  await page.goto("/dashboard/designs");
  const card = page.getByTestId("design-card").filter({ hasText: "Garden of Eden ring" });
  await expect(card).toBeVisible();
  await expect(card.getByText("2 images")).toBeVisible();
  await expect(card.getByText("Pending")).toBeVisible();
  await expect(card.getByRole("link", { name: "View Link" })).toHaveAttribute("rel", "noopener noreferrer");
  await expect(card.getByRole("link", { name: "View Link" })).toHaveAttribute("target", "_blank");
  await expect(card.getByText("1 × Emerald · Oval · 1.2 ct · Vivid green · VS1 · Center")).toBeVisible();
  await expectLoaded(card.getByRole("img", { name: "Reference 1" }));
  await shot(page, "designs-list-1280.png");

  // Upload history lists both files with their design.
  await page.getByRole("link", { name: "Upload History" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Upload History" })).toBeVisible();
  await expect(page.getByTestId("upload-row")).toHaveCount(2);
  const row = page.getByTestId("upload-row").filter({ hasText: "side.jpg" });
  await expect(row.getByRole("link", { name: "Garden of Eden ring" })).toBeVisible();
  await shot(page, "upload-history-1280.png");

  // Edit: change the name, remove one image.
  await page.goto(detailUrl);
  await page.getByRole("link", { name: "Edit" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit Design" })).toBeVisible();
  await expect(page.getByLabel("Design Name")).toHaveValue("Garden of Eden ring");
  await page.getByLabel("Design Name").fill("Eden ring, second sketch");
  // An edited design can open any step at once.
  const editSteps = page.getByRole("navigation", { name: "Design steps" });
  await editSteps.getByRole("button", { name: /Stones/ }).click();
  await expect(page.getByLabel("Stone type")).toHaveValue("Emerald");
  await editSteps.getByRole("button", { name: /Reference images/ }).click();
  await page.getByRole("button", { name: "Remove Saved reference 1" }).click();
  await expect(page.getByText("1 of 10 images")).toBeVisible();
  await shot(page, "design-edit-1280.png");
  await continueToDesignReview(page);
  await expect(page.getByRole("region", { name: "The piece", exact: true })).toContainText("Eden ring, second sketch");
  await page.getByRole("button", { name: "Update Design" }).click();
  await expect(toast(page, "Design updated successfully!")).toBeVisible();
  await expect(page).toHaveURL(detailUrl);
  await expect(page.getByRole("heading", { level: 1, name: "Eden ring, second sketch" })).toBeVisible();
  await expect(page.getByRole("button", { name: /Show image/ })).toHaveCount(0);
  await expectLoaded(page.getByRole("button", { name: "View full-size image" }).getByRole("img"));

  // Delete.
  await page.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Design deleted")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/designs$/);
  await expect(page.getByText("No designs found")).toBeVisible();
  await expect(page.getByRole("link", { name: "Create Your First Design" })).toBeVisible();
});

test("a pending link from the landing page is recovered into Share a Link", async ({ page, request }) => {
  await signInAsNewCustomer(page, request);
  const link = "https://example.com/products/pearl-drop-earrings";
  await page.evaluate((l) => sessionStorage.setItem("pendingDesign", JSON.stringify({ type: "link", data: l })), link);
  await page.goto("/dashboard");
  await expect(toast(page, "Design data recovered")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/new-design$/);
  await expect(page.getByRole("tab", { name: "Share a Link" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByLabel("Product link")).toHaveValue(link);
  expect(await page.evaluate(() => sessionStorage.getItem("pendingDesign"))).toBeNull();
});

test("the forms at phone width (390px)", async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsNewCustomer(page, request);
  const fits = async () => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.goto("/dashboard/new-design");
  await expect(page.getByRole("button", { name: "Extract Details" })).toBeVisible();
  await shot(page, "designs-link-390.png");

  await page.goto("/dashboard/designs");
  await expect(page.getByText("No designs found")).toBeVisible();
  await fits();
  await shot(page, "designs-empty-390.png");

  // A design with data in every section, step by step, then its screens at phone width.
  await page.goto("/dashboard/new-design?tab=custom");
  await expect(page.getByRole("heading", { level: 1, name: "New Design" })).toBeVisible();
  await expect(page.getByText("Step 1 of 6", { exact: true })).toBeVisible();
  await page.getByLabel("Design Name").fill("Pearl drop earrings with a very long name to wrap");
  await page.getByRole("radio", { name: "Earrings", exact: true }).click();
  await page.getByLabel("Inspiration link").fill("https://example.com/products/pearl-drops");
  await page.getByLabel("Description").fill("Freshwater pearls under a small diamond cluster.");
  await fits();
  await shot(page, "design-step-1-390.png");
  await expectNoSeriousAxe(page, "custom design step 1 at 390");
  await nextDesignStep(page);
  await page.getByLabel("Metal type").selectOption("platinum");
  await page.getByLabel("Purity").selectOption("950");
  await fits();
  await shot(page, "design-step-2-390.png");
  await expectNoSeriousAxe(page, "custom design step 2 at 390");
  await nextDesignStep(page);
  await page.getByRole("button", { name: "Add stone" }).click();
  await page.getByLabel("Stone type").fill("Pearl");
  await page.getByLabel("Quantity").fill("2");
  await fits();
  await shot(page, "design-step-3-390.png");
  await expectNoSeriousAxe(page, "custom design step 3 at 390");
  await nextDesignStep(page);
  await page.getByLabel("Length (mm)", { exact: true }).fill("32");
  await page.getByLabel("Budget range").fill("1200");
  await page.getByLabel("Currency").selectOption("USD");
  await page.getByLabel("Special requests").fill("Screw backs, please.");
  await fits();
  await shot(page, "design-step-4-390.png");
  await expectNoSeriousAxe(page, "custom design step 4 at 390");
  await nextDesignStep(page);
  await page.locator("#reference-images").setInputFiles([
    { name: "pearl.png", mimeType: "image/png", buffer: await image("png", { r: 240, g: 234, b: 222 }) },
    { name: "cluster.jpg", mimeType: "image/jpeg", buffer: await image("jpeg", { r: 120, g: 110, b: 100 }) },
  ]);
  await expect(page.getByText("2 of 10 images")).toBeVisible();
  await fits();
  await shot(page, "design-step-5-390.png");
  await expectNoSeriousAxe(page, "custom design step 5 at 390");
  await nextDesignStep(page);
  await expect(page.getByRole("region", { name: "Size & details" })).toContainText("$1,200.00");
  await expect(page.getByRole("button", { name: "Submit Design" })).toBeEnabled();
  await fits();
  await shot(page, "design-step-6-390.png");
  await expectNoSeriousAxe(page, "custom design step 6 at 390");
  await page.getByRole("button", { name: "Submit Design" }).click();
  await expect(page).toHaveURL(/\/dashboard\/designs\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("region", { name: "Stone Details" })).toContainText("2 × Pearl");
  await expect(page.getByRole("region", { name: "Specifications" })).toContainText("$1,200");
  await expectLoaded(page.getByRole("button", { name: "View full-size image" }).getByRole("img"));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, "design-detail-390.png");

  await page.goto("/dashboard/designs");
  await expectLoaded(page.getByTestId("design-card").getByRole("img", { name: "Reference 1" }));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, "designs-list-390.png");

  await page.goto("/dashboard/upload-history");
  await expect(page.getByTestId("upload-row")).toHaveCount(2);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, "upload-history-390.png");
});
